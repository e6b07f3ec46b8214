import type { FormEvent, ReactNode } from 'react';
import { Anchor, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';

/**
 * The frame of every partner add and edit form: a Back link, the title, the red banner with the API's message,
 * the fields, and Cancel plus the submit button. While the record loads it shows a loader; when it cannot be
 * loaded, the banner and the Back link only.
 */
export function PartnerFormShell({
  backTo, backLabel, title, subtitle, error, loading = false, loadError, busy, submitLabel, onSubmit, onCancel, children,
}: {
  backTo: '/carriers' | '/service-providers' | '/consolidation-agents';
  backLabel: string;
  title: string;
  subtitle?: string;
  error: unknown;
  loading?: boolean;
  loadError?: unknown;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" maw={880}>
      <Anchor component={Link} to={backTo} fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}>
        <IconArrowLeft size={16} aria-hidden />
        {backLabel}
      </Anchor>
      <PageHeader title={title} subtitle={subtitle} />
      {loadError ? (
        <ErrorBanner error={loadError} />
      ) : loading ? (
        <Center py={60}>
          <Loader />
        </Center>
      ) : (
        <Paper withBorder radius="md" p="xl">
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="xl">
              <ErrorBanner error={error} />
              {children}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onCancel} disabled={busy}>
                  {t('Cancel')}
                </Button>
                <Button type="submit" disabled={busy}>
                  {busy ? t('Saving...') : submitLabel}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
