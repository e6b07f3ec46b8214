import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notifications as toast } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MODE_LABELS, notificationSettingsInputSchema,
  type NotificationEvent, type NotificationMode, type NotificationSettings,
} from '@domain/notifications/schema';
import { ApiError } from '@web/lib/api';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { t } from '@web/lib/i18n';
import { getNotificationSettings, saveNotificationSettings } from './api';

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = () => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
};

/**
 * Per event: instant mail, daily digest or off; the digest's hour and time zone (issue 17). The same form on My
 * Profile (`path` /notifications) and in the admin's contact dialog; checked by the server's schema before it is sent.
 */
export function NotificationChoices({ path, onSaved }: { path: string; onSaved?: () => void }): ReactElement {
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['notifications', path], queryFn: ({ signal }) => getNotificationSettings(path, signal) });
  const [modes, setModes] = useState<Partial<Record<NotificationEvent, NotificationMode>>>({});
  const [hour, setHour] = useState('8');
  const [zone, setZone] = useState('UTC');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const zoneOptions = useMemo(() => zones(), []);

  useEffect(() => {
    const s: NotificationSettings | undefined = current.data;
    if (!s) return;
    setModes(Object.fromEntries(s.choices.map((c) => [c.event, c.mode])));
    setHour(String(s.digest_hour));
    // Never saved: propose the browser's zone for one's own choices (an admin setting a contact's keeps UTC).
    setZone(s.saved || path !== '/notifications' ? s.time_zone : browserZone());
  }, [current.data, path]);

  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveNotificationSettings>[1]) => saveNotificationSettings(path, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(['notifications', path], saved);
      toast.show({ color: 'green', message: t('Notification choices saved') });
      onSaved?.();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    },
  });
  const submit = () => {
    const parsed = notificationSettingsInputSchema.safeParse({ choices: modes, digest_hour: Number(hour), time_zone: zone });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  if (current.isError) return <ErrorBanner error={current.error} />;
  if (!current.data) return <Text c="dimmed">{t('Loading…')}</Text>;
  return (
    <Stack gap="md">
      {save.isError && !(save.error instanceof ApiError && save.error.fields) && <ErrorBanner error={save.error} />}
      {current.data.choices.map((c) => (
        <Group key={c.event} justify="space-between" gap="xs" wrap="wrap" data-testid={`notification-${c.event}`}>
          <div style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text fw={600} id={`notification-${c.event}-label`}>
              {t(c.label)}
            </Text>
            <Text fz="sm" c="dimmed">
              {t(c.hint)}
            </Text>
            {errors[`choices.${c.event}`] && (
              <Text fz="sm" c="red">
                {t(errors[`choices.${c.event}`]!)}
              </Text>
            )}
          </div>
          <SegmentedControl
            aria-labelledby={`notification-${c.event}-label`}
            value={modes[c.event] ?? c.mode}
            onChange={(value) => setModes((prev) => ({ ...prev, [c.event]: value }))}
            data={c.modes.map((m) => ({ value: m, label: t(MODE_LABELS[m]) }))}
          />
        </Group>
      ))}
      <Group align="flex-start" gap="md">
        <Select label={t('Daily digest at')} data={HOURS} value={hour} onChange={(v) => v && setHour(v)} allowDeselect={false} error={errors.digest_hour && t(errors.digest_hour)} w={{ base: '100%', sm: 160 }} />
        <Select
          label={t('Time zone')}
          data={zoneOptions}
          value={zone}
          onChange={(v) => v && setZone(v)}
          searchable
          allowDeselect={false}
          error={errors.time_zone && t(errors.time_zone)}
          w={{ base: '100%', sm: 280 }}
        />
      </Group>
      <Text fz="sm" c="dimmed">
        {t('The digest comes once a day at that hour, and only when something happened.')}
      </Text>
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          {t('Save notification choices')}
        </Button>
      </Group>
    </Stack>
  );
}
