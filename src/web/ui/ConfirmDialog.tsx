import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { t } from '@web/lib/i18n';

/** A confirmation modal (delete, remove): title, message, Cancel and a red confirm button (another colour for a yes that destroys nothing). */
export function ConfirmDialog({
  opened, title, message, confirmLabel = t('Delete'), busyLabel = t('Deleting...'), busy = false, confirmDisabled = false, confirmColor = 'red', cancelLabel = t('Cancel'), error, onConfirm, onClose,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  /** The action cannot be taken (the message says why): the confirm button is disabled. */
  confirmDisabled?: boolean;
  /** A theme colour name; red by default. */
  confirmColor?: string;
  cancelLabel?: string;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{title}</Text>} centered>
      <Stack>
        <Text>{message}</Text>
        {error && (
          <Text c="red" fz="sm" role="alert">
            {t(error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} disabled={busy || confirmDisabled}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
