import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * A secret shown the one time it exists (a tracking link, an API key, a webhook's signing secret): what to do now, the
 * value in a read-only field that selects itself (copying needs a secure context an office address over http is not),
 * a copy button, and a line of `detail` below when there is one.
 */
export function ShownOnce({ notice, label, copyLabel, value, testId, monospace = false, detail }: {
  notice: ReactNode;
  label: string;
  copyLabel: string;
  value: string;
  testId: string;
  monospace?: boolean;
  detail?: ReactNode;
}) {
  return (
    <>
      <Alert color="green" icon={<IconCheck size={16} />}>
        {notice}
      </Alert>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={label}
          value={value}
          readOnly
          style={{ flex: 1 }}
          styles={monospace ? { input: { fontFamily: 'monospace' } } : undefined}
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testId}
        />
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('Copied') : copyLabel}>
              <ActionIcon variant="light" size="lg" onClick={copy} aria-label={copyLabel}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {detail && (
        <Text fz="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </>
  );
}

/** A key's or a link's state as its badge shows it (its label translated there: `t(SECRET_STATES[state].label)`). */
export const SECRET_STATES: Record<'active' | 'expired' | 'revoked', { label: string; color: string }> = {
  active: { label: msg('Active'), color: 'green' },
  expired: { label: msg('Expired'), color: 'gray' },
  revoked: { label: msg('Revoked'), color: 'red' },
};

/**
 * The dialog that makes a secret (an API key, a tracking link): the form (`children`) until it is made, then the
 * secret shown once (`shown`, a ShownOnce) and Done.
 */
export function ShownOnceDialog({ opened, onClose, title, shown, children }: { opened: boolean; onClose: () => void; title: ReactNode; shown: ReactNode; children: ReactNode }) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{title}</Text>} centered>
      {shown ? (
        <Stack gap="sm">
          {shown}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('Done')}</Button>
          </Group>
        </Stack>
      ) : (
        children
      )}
    </Modal>
  );
}

/** The Cancel and create buttons at the foot of a ShownOnceDialog's form. */
export function ShownOnceFormActions({ submitLabel, busy, onCancel, onSubmit }: { submitLabel: string; busy: boolean; onCancel: () => void; onSubmit: () => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t('Cancel')}
      </Button>
      <Button onClick={onSubmit} loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** Revoking a secret (`target` while asked): it stops working at once; the dialog stays while the revoke runs. */
export function RevokeDialog<T>({ target, title, message, revoke, onClose }: {
  target: T | null;
  title: string;
  message: string;
  revoke: { isPending: boolean; error: Error | null; mutate: (target: T) => void };
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      opened={target !== null}
      title={title}
      message={message}
      confirmLabel={t('Revoke')}
      busyLabel={t('Revoking...')}
      busy={revoke.isPending}
      error={revoke.error ? revoke.error.message : null}
      onConfirm={() => target && revoke.mutate(target)}
      onClose={() => !revoke.isPending && onClose()}
    />
  );
}
