import { useState, type ReactElement } from 'react';
import { Alert, Button, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconChevronDown, IconPaperclip, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ChecklistItem } from '@domain/checklist/schema';
import { CHECKLIST_LIMITS } from '@domain/checklist/rules';
import { checklistItemName } from '@domain/checklist/item-names';
import { t } from '@web/lib/i18n';
import { shipmentDocumentsQuery } from '@web/features/documents';
import { messageOf, UploadItemButton, type ItemActions } from './ItemUpload';

/** Who looks at the checklist: a customer (their own items to upload), or staff who may manage it, or staff who only read. */
export type ChecklistViewer = { customer: boolean; canManage: boolean };

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
