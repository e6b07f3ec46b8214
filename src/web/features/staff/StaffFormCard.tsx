import type { FormEvent, ReactNode } from 'react';
import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';

/** The frame of the add and edit forms: back link, title, red banner, fields, Cancel and the submit button. */
export function StaffFormCard({ title, subtitle, error, submitLabel, busyLabel, busy, onSubmit, children }: {
  title: string;
  subtitle: string;
  error: unknown;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Stack gap="md" maw={640}>
      <Anchor component={Link} to="/staff" fz="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          {t('Back to Staff')}
        </Group>
      </Anchor>
      <PageHeader title={title} subtitle={subtitle} />
      <Paper withBorder radius="md" p="xl" component="form" noValidate onSubmit={submit}>
        <ErrorBanner error={typeof error === 'string' ? t(error) : error} />
        <Stack gap="md">{children}</Stack>
        <Group justify="flex-end" mt="xl">
          <Button variant="default" component={Link} to="/staff" disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
