import type { ReactElement } from 'react';
import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { PROVIDER_LABELS, type ChecklistProvider, type OverdueRow } from '@domain/checklist/schema';
import { msg } from '@domain/common/i18n';
import { formatDay } from '@web/lib/format';
import { checklistItemName } from '@domain/checklist/item-names';
import { t } from '@web/lib/i18n';
import { useUser } from '@web/features/auth';
import { EmptyState } from '@web/ui/EmptyState';
import { PageHeader } from '@web/ui/PageHeader';
import { ShipmentProblemList, handlerColumn } from '@web/ui/ShipmentProblemList';
import { overdueQuery } from './admin-api';
import { can } from '@domain/access/permissions';

const FILTERS = [
  { value: 'all', label: msg('All') },
  { value: 'customer', label: msg('From customers') },
  { value: 'forwarder', label: msg('From us') },
];

const EMPTY_TEXT: Record<ChecklistProvider | 'all', string> = {
  all: msg('Every required document is in, or not due yet.'),
  customer: msg('No customer is late with a document.'),
  forwarder: msg('None of the documents we provide is late.'),
};

const dayCount = (count: number) => t('{count, plural, one {# day} other {# days}}', { count });
const overdueCount = (count: number) => t('{count, plural, one {# day overdue} other {# days overdue}}', { count });

/** The list's state, kept in the URL by the page that shows it. */
export type OverdueListState = { provider?: ChecklistProvider; page?: number; dir?: 'asc' | 'desc' };

/**
 * Required checklist documents past their due day on open shipments (a handler's own, an admin's all), the longest
 * overdue first; who provides them narrows the list. On /checklist/overdue and on the Exceptions page's "Documents
 * overdue" tab.
 */
export function OverdueChecklistList({ state, onChange }: { state: OverdueListState; onChange: (next: OverdueListState) => void }): ReactElement {
  const admin = can(useUser().role, 'shipments:any_handler');
  const provider = state.provider;
  const filter = provider ?? 'all';
  const dir = state.dir ?? 'asc';
  const list = useQuery(overdueQuery(provider, state.page ?? 1, dir));
  const update = (next: OverdueListState) => onChange({ page: undefined, ...next });

  return (
    <ShipmentProblemList
      controls={
        <SegmentedControl
          aria-label={t('Who provides')}
          data={FILTERS.map((f) => ({ ...f, label: t(f.label) }))}
          value={filter}
          onChange={(value) => update({ provider: value === 'all' ? undefined : (value as ChecklistProvider) })}
        />
      }
      order={{
        data: [
          { value: 'asc', label: t('Longest overdue first') },
          { value: 'desc', label: t('Most recent first') },
        ],
        value: dir,
        onChange: (value) => update({ dir: value === 'desc' ? 'desc' : undefined }),
        w: 200,
      }}
      query={list}
      onPage={(next) => update({ page: next })}
      empty={<EmptyState title={t('No overdue documents')} text={t(EMPTY_TEXT[filter])} icon={<IconCircleCheck size={26} />} />}
      shipmentId={(row) => row.shipment_id}
      testId="overdue"
      referenceHeader={t('Shipment reference')}
      minWidth={820}
      columns={[
        { header: t('Company'), cell: (row) => row.company_name ?? '-' },
        { header: t('Document'), cell: (row) => checklistItemName(row.name, t) },
        { header: t('Who provides'), cell: (row) => t(PROVIDER_LABELS[row.provider]) },
        { header: t('Due date'), nowrap: true, cell: (row) => formatDay(row.due_on) },
        {
          header: t('Days overdue'),
          nowrap: true,
          cell: (row) => (
            <Text span fz="sm" fw={600} c="orange">
              {dayCount(row.days_overdue)}
            </Text>
          ),
        },
        ...(admin ? [handlerColumn<OverdueRow>()] : []),
      ]}
      card={(row) => (
        <>
          <Text fz="sm" fw={600} mt={4} style={{ overflowWrap: 'anywhere' }}>
            {checklistItemName(row.name, t)}
          </Text>
          <Text fz="sm" fw={600} c="orange">
            {overdueCount(row.days_overdue)}
          </Text>
          <Text fz="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
            {row.company_name ?? '-'}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('Due {date} · {provider} provides', { date: formatDay(row.due_on), provider: t(PROVIDER_LABELS[row.provider]) })}
            {admin && ` · ${row.handler_name ?? t('No handler')}`}
          </Text>
        </>
      )}
    />
  );
}

/** /checklist/overdue (staff, issue 16): the overdue documents; filter, order and page live in the URL. */
export function OverdueChecklistPage(): ReactElement {
  const admin = can(useUser().role, 'shipments:any_handler');
  const search = useSearch({ from: '/app/checklist/overdue' });
  const navigate = useNavigate({ from: '/checklist/overdue' });
  return (
    <Stack gap="md">
      <PageHeader
        title={t('Overdue documents')}
        subtitle={admin ? t('Required documents past their due date, on every open shipment') : t('Required documents past their due date, on your open shipments')}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <OverdueChecklistList state={search} onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })} />
      </Paper>
    </Stack>
  );
}
