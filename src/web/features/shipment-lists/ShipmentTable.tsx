import type { ReactNode } from 'react';
import { ActionIcon, Badge, Checkbox, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconEdit, IconEye, IconUserCheck } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ShipmentListRow } from '@domain/shipments/list-schema';
import { nextSort, type ShipmentSort } from '@domain/shipments/sorts';
import { routeLabel } from '@domain/shipments/labels';
import { useUser } from '@web/features/auth';
import { msg } from '@domain/common/i18n';
import { formatDate } from '@web/lib/format';
import { reader, t } from '@web/lib/i18n';
import { ModeBadge, StatusBadge, TypeBadge } from '@web/ui/ShipmentBadges';
import { EmptyState } from '@web/ui/EmptyState';
import { PHONE_QUERY } from '@web/ui/theme';
import { SortableTh } from '@web/ui/SortableTh';
import { sortOf, useShipmentSearch } from './search';
import { can, isStaff } from '@domain/access/permissions';

export type Column = 'date' | 'reference' | 'company' | 'type' | 'mode' | 'status' | 'route' | 'schedule' | 'handler' | 'actions' | 'view';

const HEADERS: Record<Column, { label: string; sort?: ShipmentSort }> = {
  date: { label: msg('Date'), sort: 'created_at' },
  reference: { label: msg('Reference'), sort: 'reference_number' },
  company: { label: msg('Company'), sort: 'company' },
  type: { label: msg('Type'), sort: 'type' },
  mode: { label: msg('Transport Mode'), sort: 'transport_mode' },
  status: { label: msg('Status'), sort: 'status' },
  route: { label: msg('Route') },
  schedule: { label: msg('Schedule') },
  handler: { label: msg('Handler'), sort: 'handler' },
  actions: { label: msg('Actions') },
  /** /my-shipments names its last column 'View' (spec section 2); the same buttons. */
  view: { label: msg('View') },
};

function SortHeader({ column, sortable }: { column: Column; sortable: boolean }) {
  const [search, setSearch] = useShipmentSearch();
  const current = sortOf(search);
  const { sort } = HEADERS[column];
  const label = t(HEADERS[column].label);
  if (!sortable || !sort) return <Table.Th>{label}</Table.Th>;
  return <SortableTh label={label} active={current.sort === sort} dir={current.dir} onClick={() => setSearch({ ...nextSort(current, sort) })} />;
}

/** Columns whose text may wrap; the others (dates, references, badges) stay on one line. */
const WRAPS = new Set<Column>(['reference', 'company', 'route', 'handler', 'schedule']);
/** A reference of the portal's own form (CD-S2612-1096) stays on one line; a longer one (imported, typed) may break. */
const referenceWrap = (reference: string) => (reference.length > 16 ? { overflowWrap: 'anywhere' as const } : { whiteSpace: 'nowrap' as const });

export function scheduleLabel(row: ShipmentListRow): string {
  return `${formatDate(row.estimated_departure)} → ${formatDate(row.estimated_arrival)}`;
}

/** Rows picked for a bulk action (admins' handler assignment), kept by the page across its pages. */
export type Selection = { selected: ReadonlyMap<string, ShipmentListRow>; onChange: (next: Map<string, ShipmentListRow>) => void };


const PriorityBadge = () => (
  <Badge color="red" size="xs" variant="filled" style={{ minWidth: 'max-content' }}>
    {t('Priority')}
  </Badge>
);

const WHOLE = { whiteSpace: 'nowrap' } as const;

/** A customer's shipments on a phone: one card each (reference, status, type, route, dates), the whole card a link. */
export function ShipmentCards({ rows, empty, loading }: { rows: ShipmentListRow[]; empty: ReactNode; loading?: boolean }) {
  return (
    <Stack gap="sm" style={{ opacity: loading ? 0.6 : 1 }} data-testid="shipment-cards">
      {rows.map((row) => (
        <Paper
          key={row.id}
          renderRoot={(props) => <Link to="/all-shipments/$id" params={{ id: row.id }} {...props} />}
          withBorder
          radius="md"
          p="md"
          style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
          data-testid="shipment-row"
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {row.reference_number}
                </Text>
                {row.priority && <PriorityBadge />}
              </Group>
              <Group gap={6}>
                <StatusBadge status={row.status} />
                <TypeBadge type={row.type} />
              </Group>
            </Stack>
            <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
          </Group>
          <Text fz="sm" mt="sm">
            {routeLabel(row, reader())}
          </Text>
          {/* On a narrow card the line breaks between the schedule and the creation date, never inside a date. */}
          <Text fz="xs" c="dimmed" data-testid="card-dates">
            <span style={WHOLE}>{scheduleLabel(row)}</span> · <span style={WHOLE}>{t('created {date}', { date: formatDate(row.created_at) })}</span>
          </Text>
        </Paper>
      ))}
      {rows.length === 0 && !loading && (
        <Paper withBorder radius="md">
          {empty}
        </Paper>
      )}
    </Stack>
  );
}

/**
 * The shipment table of every list screen; `columns` picks the spec's column set, `sortable` its sortable headers.
 * With `selection`, a leading checkbox column picks rows; with `onAssign`, the actions offer "Assign handler".
 */
export function ShipmentTable({
  rows, columns, sortable, empty, loading, selection, onAssign,
}: {
  rows: ShipmentListRow[];
  columns: Column[];
  sortable: Column[];
  empty: ReactNode;
  loading?: boolean;
  selection?: Selection;
  onAssign?: (row: ShipmentListRow) => void;
}) {
  const user = useUser();
  const navigate = useNavigate();
  const staff = isStaff(user.role);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const open = (row: ShipmentListRow) =>
    void navigate(staff ? { to: '/shipment/$id', params: { id: row.id } } : { to: '/all-shipments/$id', params: { id: row.id } });

  const cell = (column: Column, row: ShipmentListRow) => {
    switch (column) {
      case 'date':
        return formatDate(row.created_at);
      case 'reference':
        return (
          <Group gap={6} wrap="nowrap">
            <Text fw={600} fz="sm" style={referenceWrap(row.reference_number)}>
              {row.reference_number}
            </Text>
            {row.priority && <PriorityBadge />}
          </Group>
        );
      case 'company':
        return row.company_name;
      case 'type':
        return <TypeBadge type={row.type} />;
      case 'mode':
        return <ModeBadge mode={row.transport_mode} />;
      case 'status':
        return <StatusBadge status={row.status} />;
      case 'route':
        return routeLabel(row, reader());
      case 'schedule':
        // Each day whole; the two on two lines where the column is narrow (long month names, Turkish at 1280 px).
        return (
          <Text fz="xs">
            <span style={WHOLE}>{formatDate(row.estimated_departure)} →</span>{' '}
            <span style={WHOLE}>{formatDate(row.estimated_arrival)}</span>
          </Text>
        );
      case 'handler':
        return row.handler_name ?? (
          <Text fz="sm" c="dimmed">
            {t('Unassigned')}
          </Text>
        );
      case 'actions':
      case 'view':
        return (
          <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
            <Tooltip label={t('View Details')}>
              <ActionIcon variant="subtle" aria-label={t('View {reference}', { reference: row.reference_number })} onClick={() => open(row)}>
                <IconEye size={18} />
              </ActionIcon>
            </Tooltip>
            {onAssign && (
              <Tooltip label={t('Assign Handler')}>
                <ActionIcon variant="subtle" aria-label={t('Assign handler of {reference}', { reference: row.reference_number })} onClick={() => onAssign(row)}>
                  <IconUserCheck size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {can(user.role, 'shipments:edit') && (
              <Tooltip label={t('Edit Shipment')}>
                <ActionIcon variant="subtle" aria-label={t('Edit {reference}', { reference: row.reference_number })} onClick={() => void navigate({ to: '/shipment/$id/edit', params: { id: row.id } })}>
                  <IconEdit size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
    }
  };

  if (phone && !staff) return <ShipmentCards rows={rows} empty={empty} loading={loading} />;
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto', opacity: loading ? 0.6 : 1 }}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing={8} miw={960}>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('Select all shipments on this page')}
                  checked={rows.length > 0 && rows.every((row) => selection.selected.has(row.id))}
                  indeterminate={rows.some((row) => selection.selected.has(row.id)) && !rows.every((row) => selection.selected.has(row.id))}
                  onChange={(e) => {
                    const next = new Map(selection.selected);
                    for (const row of rows) if (e.currentTarget.checked) next.set(row.id, row); else next.delete(row.id);
                    selection.onChange(next);
                  }}
                />
              </Table.Th>
            )}
            {columns.map((c) => (
              <SortHeader key={c} column={c} sortable={sortable.includes(c)} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: 'pointer' }} data-testid="shipment-row">
              {selection && (
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <Checkbox
                    aria-label={t('Select {reference}', { reference: row.reference_number })}
                    checked={selection.selected.has(row.id)}
                    onChange={(e) => {
                      const next = new Map(selection.selected);
                      if (e.currentTarget.checked) next.set(row.id, row); else next.delete(row.id);
                      selection.onChange(next);
                    }}
                  />
                </Table.Td>
              )}
              {columns.map((c) => (
                <Table.Td key={c} style={WRAPS.has(c) ? undefined : { whiteSpace: 'nowrap' }}>
                  {cell(c, row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {rows.length === 0 && !loading && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>{empty}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

export { EmptyState };
