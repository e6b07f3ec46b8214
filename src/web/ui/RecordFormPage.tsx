import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { Anchor, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ApiError } from '@web/lib/api';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from './ErrorBanner';
import { PageHeader } from './PageHeader';

/**
 * The add or edit page of one record (an airport, a sea port): a back link to the list (`renderBackLink` renders the
 * typed router Link), the header, on an edit page the record's load error and a loader (`load`), then the form in a
 * card once there is one (`children`).
 */
export function RecordFormPage({ renderBackLink, backLabel, title, subtitle, load, children }: {
  renderBackLink: (props: ComponentProps<'a'>) => ReactNode;
  backLabel: string;
  title: string;
  subtitle?: string;
  load?: { error: unknown; isPending: boolean };
  children?: ReactNode;
}): ReactElement {
  return (
    <Stack gap="md">
      <Anchor fz="sm" renderRoot={(props) => renderBackLink(props as ComponentProps<'a'>)}>
        <Group gap={4}>
          <IconArrowLeft size={16} />
          {backLabel}
        </Group>
      </Anchor>
      <PageHeader title={title} subtitle={subtitle} />
      {load && <ErrorBanner error={load.error} />}
      {load?.isPending && (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      )}
      {children && (
        <Paper withBorder radius="md" p="lg" maw={720}>
          {children}
        </Paper>
      )}
    </Stack>
  );
}

/** A record form's Cancel and submit buttons, right-aligned; the submit button says `busyLabel` while it saves. */
export function FormActions({ submitLabel, busyLabel, busy, onCancel }: { submitLabel: string; busyLabel: string; busy: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t('Cancel')}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Group>
  );
}

/** A field's message from the API; the banner already says 'Please fill in all required fields', so the field says 'Required'. */
export function recordFieldError(error: unknown, field: string, requiredMessage: string): string | undefined {
  const message = error instanceof ApiError ? error.fields?.[field] : undefined;
  // The server says it in the reader's language.
  return message !== undefined && (message === requiredMessage || message === t(requiredMessage)) ? t('Required') : message;
}
