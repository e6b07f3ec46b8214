import { useRef, useState, type ReactElement } from 'react';
import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { UPLOAD_ACCEPT, uploadProblem } from '@domain/documents/rules';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { useChecklistActions } from './api';

// A checklist item's upload and the state of its actions, apart from the staff's actions (ChecklistItemActions.tsx):
// the customer's dashboard uploads an owed paper from here and loads no menu, dialog or text area for it (issue 42).

/** An action's failure as the message to show (the server's, or a general one). */
export const messageOf = (error: unknown): string | null =>
  error ? (error instanceof Error ? error.message : typeof error === 'string' ? error : msg('Something went wrong.')) : null;

/**
 * One checklist item's actions and their state (each row its own mutations, so each row shows its own progress and
 * error): upload (or replace), attach one of the shipment's documents, approve, reject with a reason.
 */
export function useItemActions(shipmentId: string) {
  const actions = useChecklistActions(shipmentId);
  const [problem, setProblem] = useState<string | null>(null);
  const reset = () => {
    setProblem(null);
    actions.upload.reset();
    actions.attach.reset();
    actions.review.reset();
  };
  const approving = actions.review.variables?.input.decision === 'approve';
  const error = problem ?? messageOf(actions.upload.error ?? actions.attach.error ?? (approving ? actions.review.error : null));
  return { ...actions, problem, setProblem, reset, error };
}
export type ItemActions = ReturnType<typeof useItemActions>;

/**
 * Upload (or replace) the document of one checklist item: the file is checked here as the server checks it (type and
 * size), then sent; the row's actions show progress and the server's answer. `tall` gives it a 44 px tap target, as
 * on the customer's pages, which are used on a phone (issue 45).
 */
export function UploadItemButton({
  itemId, name, replace, actions, tall = false, announce = false,
}: { itemId: string; name: string; replace: boolean; actions: ItemActions; tall?: boolean; announce?: boolean }): ReactElement {
  const resetRef = useRef<() => void>(null);
  const pick = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    actions.reset();
    const problem = uploadProblem(file.name, file.size);
    if (problem) {
      actions.setProblem(problem);
      return;
    }
    // `announce`: where the row leaves the list once its paper is sent (the owed papers), a notice says it went.
    actions.upload.mutateAsync({ itemId, file }).then(
      () => announce && notifications.show({ color: 'green', title: t('Sent for review'), message: t('{name}: your handler reviews it next.', { name }) }),
      () => undefined, // the row shows the server's message
    );
  };
  return (
    <FileButton onChange={pick} accept={UPLOAD_ACCEPT} resetRef={resetRef} disabled={actions.upload.isPending} inputProps={{ 'aria-label': replace ? t('Replace {name} file', { name }) : t('Upload {name} file', { name }) }}>
      {(props) => (
        <Button
          {...props}
          size={tall ? 'sm' : 'compact-sm'}
          mih={tall ? 44 : undefined}
          variant={replace ? 'default' : 'filled'}
          leftSection={<IconUpload size={tall ? 16 : 14} />}
          loading={actions.upload.isPending}
          aria-label={replace ? t('Replace {name}', { name }) : t('Upload {name}', { name })}
        >
          {replace ? t('Replace') : t('Upload')}
        </Button>
      )}
    </FileButton>
  );
}
