import { useState, type ReactElement } from 'react';
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from './ConfirmDialog';

/** The delete mutation of a list: called with the row's id. */
type DeleteMutation = { isPending: boolean; error: Error | null; reset: () => void; mutate: (id: string, options: { onSuccess: () => void }) => void };

/**
 * A row's delete with a confirmation: `ask(row)` opens the dialog (`title`, `message(row)`); on success a green
 * notification (`deleted(row)`) and the dialog closes. The target outlives the dialog's closing animation, so its text
 * does not blank out while it fades.
 */
export function useConfirmDelete<T extends { id: string }>(
  remove: DeleteMutation,
  texts: { title: string; message: (row: T) => string; deleted: (row: T) => { title: string; message: string } },
): { ask: (row: T) => void; dialog: ReactElement } {
  const [target, setTarget] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  const ask = (row: T) => {
    remove.reset();
    setTarget(row);
    setOpened(true);
  };
  const dialog = (
    <ConfirmDialog
      opened={opened}
      title={texts.title}
      message={target ? texts.message(target) : ''}
      busy={remove.isPending}
      error={remove.error?.message}
      onClose={() => setOpened(false)}
      onConfirm={() =>
        target &&
        remove.mutate(target.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', ...texts.deleted(target) });
            setOpened(false);
          },
        })
      }
    />
  );
  return { ask, dialog };
}
