import { useRef, useState, type ReactElement } from 'react';
import { Alert, Button, FileButton, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconChevronDown, IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ChecklistItem } from '@domain/checklist/schema';
import { CHECKLIST_LIMITS } from '@domain/checklist/rules';
import { UPLOAD_ACCEPT, uploadProblem } from '@domain/documents/rules';
import { msg } from '@domain/common/i18n';
import { checklistItemName } from '@domain/checklist/item-names';
import { t } from '@web/lib/i18n';
import { shipmentDocumentsQuery } from '@web/features/documents';
import { useChecklistActions } from './api';

/** Who looks at the checklist: a customer (their own items to upload), or staff who may manage it, or staff who only read. */
export type ChecklistViewer = { customer: boolean; canManage: boolean };

const messageOf = (error: unknown): string | null =>
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

/** The inline alert under an item when its upload, attachment or approval failed: the server's message. */
export function ItemActionError({ item, actions }: { item: ChecklistItem; actions: ItemActions }): ReactElement | null {
  if (!actions.error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" p="xs" withCloseButton onClose={actions.reset} closeButtonLabel={t('Dismiss')} data-testid="checklist-item-error">
      <Text fz="sm">
        {checklistItemName(item.name, t)}: {t(actions.error)}
      </Text>
    </Alert>
  );
}

/** Which actions an item offers this viewer. */
export function itemActionsOf(item: ChecklistItem, viewer: ChecklistViewer) {
  const open = item.state === 'missing' || item.state === 'overdue';
  const customerUploads = viewer.customer && item.provider === 'customer';
  return {
    upload: (open && (customerUploads || viewer.canManage)) || (item.state === 'received' && customerUploads),
    attach: open && viewer.canManage && !viewer.customer,
    review: item.state === 'received' && viewer.canManage && !viewer.customer,
  };
}

export function hasItemActions(item: ChecklistItem, viewer: ChecklistViewer): boolean {
  const a = itemActionsOf(item, viewer);
  return a.upload || a.attach || a.review;
}

export function ChecklistItemActions({
  item, shipmentId, viewer, actions,
}: { item: ChecklistItem; shipmentId: string; viewer: ChecklistViewer; actions: ItemActions }): ReactElement | null {
  const allowed = itemActionsOf(item, viewer);
  const [rejecting, setRejecting] = useState(false);
  // The dialog stays mounted while the item changes under it (a rejected item is no longer received).
  const dialog = viewer.canManage && !viewer.customer && <RejectDialog item={item} opened={rejecting} actions={actions} onClose={() => setRejecting(false)} />;
  if (!allowed.upload && !allowed.attach && !allowed.review) return dialog || null;
  const replace = item.state === 'received';

  return (
    <Group gap={6} wrap="wrap">
      {allowed.upload && <UploadItemButton itemId={item.id} name={checklistItemName(item.name, t)} replace={replace} actions={actions} tall={viewer.customer} />}
      {allowed.attach && <AttachMenu item={item} shipmentId={shipmentId} actions={actions} />}
      {allowed.review && (
        <>
          <Button
            size="compact-sm"
            color="green"
            leftSection={<IconCheck size={14} />}
            loading={actions.review.isPending && actions.review.variables?.input.decision === 'approve'}
            onClick={() => {
              actions.reset();
              actions.review.mutate({ itemId: item.id, input: { decision: 'approve' } });
            }}
            aria-label={t('Approve {name}', { name: checklistItemName(item.name, t) })}
          >
            {t('Approve')}
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="red"
            leftSection={<IconX size={14} />}
            onClick={() => {
              actions.reset();
              setRejecting(true);
            }}
            aria-label={t('Reject {name}', { name: checklistItemName(item.name, t) })}
          >
            {t('Reject')}
          </Button>
        </>
      )}
      {dialog}
    </Group>
  );
}

/** Staff satisfy an item with a document already on the shipment; drafts (generated papers not final yet) cannot. */
function AttachMenu({ item, shipmentId, actions }: { item: ChecklistItem; shipmentId: string; actions: ItemActions }) {
  const documents = useQuery(shipmentDocumentsQuery(shipmentId));
  const choices = (documents.data ?? []).filter((d) => !d.draft);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={280}>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconPaperclip size={14} />}
          rightSection={<IconChevronDown size={14} />}
          loading={actions.attach.isPending}
          aria-label={t('Attach a shipment document to {name}', { name: checklistItemName(item.name, t) })}
        >
          {t('Attach')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('Documents of this shipment')}</Menu.Label>
        {documents.isPending ? (
          <Menu.Item disabled>{t('Loading...')}</Menu.Item>
        ) : choices.length === 0 ? (
          <Menu.Item disabled>{t('No final documents on this shipment yet')}</Menu.Item>
        ) : (
          choices.map((doc) => (
            <Menu.Item
              key={doc.name}
              style={{ overflowWrap: 'anywhere' }}
              onClick={() => {
                actions.reset();
                actions.attach.mutate({ itemId: item.id, documentName: doc.name });
              }}
            >
              {doc.original_name}
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The reason is required (the server says so when it is empty) and at most 500 characters; the customer sees it. */
function RejectDialog({ item, opened, actions, onClose }: { item: ChecklistItem; opened: boolean; actions: ItemActions; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const rejecting = actions.review.variables?.input.decision === 'reject';
  const problem = rejecting ? messageOf(actions.review.error) : null;
  const error = problem === null ? null : t(problem);
  const close = () => {
    actions.review.reset();
    setReason('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('Reject {name}?', { name: checklistItemName(item.name, t) })} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actions.review.mutate({ itemId: item.id, input: { decision: 'reject', reason } }, { onSuccess: close });
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text fz="sm">
            {item.document
              ? t('{file} stays on the shipment, but no longer counts for this item. The customer sees the reason.', { file: item.document.original_name })
              : t('The file stays on the shipment, but no longer counts for this item. The customer sees the reason.')}
          </Text>
          <Textarea
            label={t('Reason')}
            withAsterisk
            aria-required
            autosize
            minRows={3}
            maxLength={CHECKLIST_LIMITS.reason}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            description={t('{count} of {max} characters', { count: reason.length, max: CHECKLIST_LIMITS.reason })}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('Cancel')}
            </Button>
            <Button type="submit" color="red" loading={actions.review.isPending && rejecting}>
              {t('Reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

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
