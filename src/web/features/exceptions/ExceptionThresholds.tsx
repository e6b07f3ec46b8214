import { useEffect, useState, type ReactElement } from 'react';
import { Button, Group, NumberInput, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EXCEPTION_LIMITS, exceptionSettingsSchema, type ExceptionSettings } from '@domain/exceptions/schema';
import { ApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { exceptionSettingsQuery, saveExceptionSettings } from './api';

type Field = keyof ExceptionSettings;

/** Admins: the two thresholds of the rules, checked by the same schema as the server's (domain/exceptions). */
export function ExceptionThresholds(): ReactElement {
  const queryClient = useQueryClient();
  const current = useQuery(exceptionSettingsQuery());
  const [values, setValues] = useState<Record<Field, number | string>>({ arrival_moved_days: '', no_change_days: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => {
    if (current.data) setValues({ arrival_moved_days: current.data.arrival_moved_days, no_change_days: current.data.no_change_days });
  }, [current.data]);

  const save = useMutation({
    mutationFn: saveExceptionSettings,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: t('Thresholds saved') });
      await queryClient.invalidateQueries({ queryKey: ['exceptions'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    },
  });
  const submit = () => {
    const parsed = exceptionSettingsSchema.safeParse({
      arrival_moved_days: values.arrival_moved_days === '' ? undefined : Number(values.arrival_moved_days),
      no_change_days: values.no_change_days === '' ? undefined : Number(values.no_change_days),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const input = (field: Field, label: string, description: string) => {
    const fieldError = errors[field];
    return (
      <NumberInput
        label={label}
        description={description}
        value={values[field]}
        onChange={(v) => setValues((prev) => ({ ...prev, [field]: v }))}
        min={EXCEPTION_LIMITS[field].min}
        max={EXCEPTION_LIMITS[field].max}
        allowDecimal={false}
        clampBehavior="none"
        error={fieldError && t(fieldError)}
        w={{ base: '100%', sm: 260 }}
      />
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="exception-thresholds">
      <Title order={2} fz="lg" id="exception-thresholds">
        {t('Thresholds')}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t('When a moved arrival or a quiet shipment becomes an exception, for every handler.')}
        {current.data?.updated_by_name &&
          current.data.updated_at &&
          ' ' + t('Last changed by {who} on {date}.', { who: current.data.updated_by_name, date: formatDateTime(current.data.updated_at) })}
      </Text>
      {save.isError && !(save.error instanceof ApiError && save.error.fields) && <ErrorBanner error={save.error} />}
      <Group align="flex-start" gap="md">
        {input('arrival_moved_days', t('Arrival moved by more than (days)'), t('How far an estimated arrival may move before it is listed'))}
        {input('no_change_days', t('No change for (days)'), t('How long an open shipment may go without any change'))}
      </Group>
      <Button mt="md" onClick={submit} loading={save.isPending} disabled={current.isPending}>
        {t('Save thresholds')}
      </Button>
    </Paper>
  );
}
