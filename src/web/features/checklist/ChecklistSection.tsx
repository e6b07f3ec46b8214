import { useState, type ReactElement } from 'react';
import { Badge, Box, Button, Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ChecklistItem } from '@domain/checklist/schema';
import { PROVIDER_LABELS, STATE_LABELS, type ChecklistState } from '@domain/checklist/rules';
import { msg } from '@domain/common/i18n';
import { checklistItemName } from '@domain/checklist/item-names';
import { t } from '@web/lib/i18n';
import { formatDateTime, formatDay } from '@web/lib/format';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PHONE_QUERY } from '@web/ui/theme';
import { PreviewOverlay, ViewDownload, useDownload, type DocumentRef } from '@web/features/documents';
import { Section } from '@web/ui/DetailParts';
import { checklistQuery, useChecklistActions } from './api';
import { ChecklistItemActions, ItemActionError, type ChecklistViewer } from './ChecklistItemActions';
import { useItemActions } from './ItemUpload';
import { dueRuleText } from './due-rule';

export const CHECKLIST_TITLE = msg('Document checklist');
export const NO_CHECKLIST = msg('This shipment has no document checklist');

/** Light badges: the theme darkens their text until it reads at WCAG AA on the tint. */
export const STATE_COLORS: Record<ChecklistState, string> = { missing: 'gray', received: 'blue', approved: 'green', overdue: 'red' };

export function StateBadge({ state }: { state: ChecklistState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" radius="sm" tt="none" style={{ minWidth: 'max-content' }} data-testid="checklist-state">
      {t(STATE_LABELS[state])}
    </Badge>
  );
}

/** "3 of 6 received · 2 overdue": received counts approved ones too. */
export function checklistSummary(items: ChecklistItem[]): string {
  const received = items.filter((i) => i.state === 'received' || i.state === 'approved').length;
  const overdue = items.filter((i) => i.state === 'overdue').length;
  return overdue > 0
    ? t('{received} of {total} received · {overdue} overdue', { received, total: items.length, overdue })
    : t('{received} of {total} received', { received, total: items.length });
}

type DocActions = { onView: (doc: DocumentRef) => void; onDownload: (doc: DocumentRef) => void; busyName: string | null };
type RowProps = { item: ChecklistItem; shipmentId: string; viewer: ChecklistViewer; docs: DocActions };

const providerLabel = (item: ChecklistItem, viewer: ChecklistViewer) => (viewer.customer && item.provider === 'customer' ? t('You') : t(PROVIDER_LABELS[item.provider]));

/**
 * A shipment's document checklist (issue 16) on the staff and the customer detail pages: each paper the shipment needs,
 * who provides it, when it is due, its state and its file. A customer uploads the ones they provide; the handler or an
 * administrator uploads, attaches one of the shipment's documents, approves or rejects. A table on a wide screen,
 * cards on a phone. A customer whose shipment has no checklist sees no section.
 */
export function ChecklistSection({ shipmentId, customer }: { shipmentId: string; customer: boolean }): ReactElement | null {
  const query = useQuery(checklistQuery(shipmentId));
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [viewing, setViewing] = useState<DocumentRef | null>(null);
  const { download, busyName } = useDownload();
  const items = query.data?.items ?? [];
  const canManage = query.data?.can_manage ?? false;
  const viewer: ChecklistViewer = { customer, canManage };
  const docs: DocActions = { onView: setViewing, onDownload: (doc) => void download(doc), busyName };

  // A customer sees the section only once there is something on it.
  if (customer && !query.error && items.length === 0) return null;

  return (
    <Section
      title={t(CHECKLIST_TITLE)}
      icon={<IconChecklist size={18} />}
      actions={
        items.length > 0 && (
          <Text fz="sm" c="dimmed" data-testid="checklist-summary">
            {checklistSummary(items)}
          </Text>
        )
      }
    >
      <ErrorBanner error={query.error} />
      {query.isPending ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : items.length === 0 ? (
        !query.error && <EmptyChecklist shipmentId={shipmentId} canManage={canManage} />
      ) : phone ? (
        <Stack gap="sm" data-testid="checklist-cards">
          {items.map((item) => (
            <ItemCard key={item.id} item={item} shipmentId={shipmentId} viewer={viewer} docs={docs} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="sm" data-testid="checklist-table" aria-label={t(CHECKLIST_TITLE)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Document')}</Table.Th>
                <Table.Th>{t('Who provides')}</Table.Th>
                <Table.Th>{t('Due')}</Table.Th>
                <Table.Th>{t('State')}</Table.Th>
                <Table.Th>{t('File and actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <ItemRow key={item.id} item={item} shipmentId={shipmentId} viewer={viewer} docs={docs} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PreviewOverlay file={viewing} onClose={() => setViewing(null)} />
    </Section>
  );
}

function EmptyChecklist({ shipmentId, canManage }: { shipmentId: string; canManage: boolean }) {
  const { apply } = useChecklistActions(shipmentId);
  return (
    <Box ta="center">
      <EmptyState
        title={t(NO_CHECKLIST)}
        text={canManage ? t('Apply the template of its type and direction to list the documents it needs.') : t('The handler or an administrator can give it one.')}
        icon={<IconChecklist size={26} />}
      />
      <ErrorBanner error={apply.error} />
      {canManage && (
        <Button size="sm" onClick={() => apply.mutate()} loading={apply.isPending}>
          {t('Apply the checklist template')}
        </Button>
      )}
    </Box>
  );
}

/** The item's name, "Optional", the file it is satisfied with, and the last rejection. */
function ItemName({ item }: { item: ChecklistItem }) {
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="wrap">
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="checklist-item-name">
          {checklistItemName(item.name, t)}
        </Text>
        {!item.required && (
          <Badge color="gray" variant="outline" size="sm" radius="sm" tt="none">
            {t('Optional')}
          </Badge>
        )}
      </Group>
      {item.document && (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {item.document.original_name}
          {item.state === 'approved'
            ? ` · ${t('approved by {name}, {date}', { name: item.approved_by_name ?? t('Unknown'), date: formatDateTime(item.approved_at) })}`
            : ` · ${t('received from {name}, {date}', { name: item.received_by_name ?? t('Unknown'), date: formatDateTime(item.received_at) })}`}
        </Text>
      )}
      {item.rejected && (
        <Text fz="xs" c="red.9" style={{ overflowWrap: 'anywhere' }} data-testid="checklist-rejected">
          {t('Rejected: {reason}', { reason: item.rejected.reason })}
          {item.rejected.original_name ? ` (${item.rejected.original_name}, ${formatDateTime(item.rejected.at)})` : ` (${formatDateTime(item.rejected.at)})`}
        </Text>
      )}
    </Stack>
  );
}

function Due({ item }: { item: ChecklistItem }) {
  const color = item.due_on ? (item.state === 'overdue' ? 'red.9' : undefined) : 'dimmed';
  return (
    <Stack gap={2}>
      <Text fz="sm" c={color} fw={item.state === 'overdue' ? 600 : undefined}>
        {item.due_on ? formatDay(item.due_on) : t('No date yet')}
      </Text>
      <Text fz="xs" c="dimmed">
        {dueRuleText(item.anchor, item.offset_days)}
      </Text>
    </Stack>
  );
}

/** The file's View and Download, then the item's actions. */
function FileAndActions({ item, shipmentId, viewer, docs, actions }: RowProps & { actions: ReturnType<typeof useItemActions> }) {
  const buttons = <ChecklistItemActions item={item} shipmentId={shipmentId} viewer={viewer} actions={actions} />;
  return item.document ? (
    <ViewDownload doc={item.document} {...docs}>
      {buttons}
    </ViewDownload>
  ) : (
    buttons
  );
}

function ItemRow(props: RowProps) {
  const { item, shipmentId, viewer } = props;
  const actions = useItemActions(shipmentId);
  return (
    <>
      <Table.Tr data-testid="checklist-item" aria-label={checklistItemName(item.name, t)}>
        <Table.Td maw={320}>
          <ItemName item={item} />
        </Table.Td>
        <Table.Td fz="sm">{providerLabel(item, viewer)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Due item={item} />
        </Table.Td>
        <Table.Td>
          <StateBadge state={item.state} />
        </Table.Td>
        <Table.Td>
          <FileAndActions {...props} actions={actions} />
        </Table.Td>
      </Table.Tr>
      {actions.error && (
        <Table.Tr>
          <Table.Td colSpan={5} pt={0}>
            <ItemActionError item={item} actions={actions} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function ItemCard(props: RowProps) {
  const { item, shipmentId, viewer } = props;
  const actions = useItemActions(shipmentId);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="checklist-item" aria-label={checklistItemName(item.name, t)}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <ItemName item={item} />
          <StateBadge state={item.state} />
        </Group>
        <Group gap="lg" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('Who provides')}
            </Text>
            <Text fz="sm">{providerLabel(item, viewer)}</Text>
          </Stack>
          <Stack gap={2}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('Due')}
            </Text>
            <Due item={item} />
          </Stack>
        </Group>
        <ItemActionError item={item} actions={actions} />
        <FileAndActions {...props} actions={actions} />
      </Stack>
    </Paper>
  );
}
