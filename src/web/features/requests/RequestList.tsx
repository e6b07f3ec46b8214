import type { ReactNode } from 'react';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowRight, IconChevronRight } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { DIRECTION_LABELS } from './request-labels';
import type { RequestSummary } from '@domain/requests/schema';
import { formatDate, formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { SortableTh } from '@web/ui/SortableTh';
import { PHONE_QUERY } from '@web/ui/theme';
import { RequestModeBadge, RequestStatusBadge } from './RequestBadges';
import { sortOf, useRequestSearch, type RequestSearch } from './search';

type Sort = NonNullable<RequestSearch['sort']>;

/** 'Istanbul, TR → Hamburg, DE'. */
function Route({ row }: { row: RequestSummary }) {
  return (
    <Group gap={6} wrap="wrap" style={{ rowGap: 0 }}>
      <span>{row.origin}</span>
      <IconArrowRight size={14} aria-label={t('to')} />
      <span>{row.destination}</span>
    </Group>
  );
}

function SortHeader({ label, sort }: { label: string; sort: Sort }) {
  const [search, setSearch] = useRequestSearch();
  const current = sortOf(search);
  const active = current.sort === sort;
  const dir = active ? current.dir : 'asc';
  return <SortableTh label={label} active={active} dir={dir} onClick={() => setSearch({ sort, dir: active ? (current.dir === 'asc' ? 'desc' : 'asc') : 'asc' })} />;
}

/** One card per request on a phone: number, status, mode, route and ready date (and, for staff, company and handler); the card is the link. */
function RequestCards({ rows, staff }: { rows: RequestSummary[]; staff: boolean }) {
  return (
    <Stack gap="sm" data-testid="request-cards">
      {rows.map((row) => (
        <Paper
          key={row.id}
          renderRoot={(props) => <Link to="/requests/$id" params={{ id: row.id }} {...props} />}
          withBorder
          radius="md"
          p="md"
          style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
          data-testid="request-row"
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {row.number}
              </Text>
              <Group gap={6}>
                <RequestStatusBadge status={row.status} />
                <RequestModeBadge mode={row.mode} />
              </Group>
            </Stack>
            <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
          </Group>
          <Text component="div" fz="sm" mt="sm" style={{ overflowWrap: 'anywhere' }}>
            <Route row={row} />
          </Text>
          <Text fz="xs" c="dimmed">
            {t('Ready {ready} · requested {requested}', { ready: formatDay(row.cargo_ready_date), requested: formatDate(row.created_at) })}
          </Text>
          {staff && (
            <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.company_name} · {row.handler_name ?? t('Unassigned')}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The request list: a table (staff's has company, direction and handler), or cards on a phone. A row opens the
 * request. `empty` shows when there are no rows.
 */
export function RequestList({ rows, staff, loading, empty }: { rows: RequestSummary[]; staff: boolean; loading: boolean; empty: ReactNode }) {
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (rows.length === 0 && !loading) return <Paper withBorder radius="md">{empty}</Paper>;
  if (phone) return <RequestCards rows={rows} staff={staff} />;
  const open = (row: RequestSummary) => void navigate({ to: '/requests/$id', params: { id: row.id } });
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto', opacity: loading ? 0.6 : 1 }} tabIndex={0} aria-label={t('Requests')}>
      <Table highlightOnHover verticalSpacing="sm" miw={staff ? 900 : 720}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={t('Number')} sort="number" />
            <SortHeader label={t('Requested')} sort="created_at" />
            {staff && <Table.Th>{t('Company')}</Table.Th>}
            <Table.Th>{t('Mode')}</Table.Th>
            {staff && <Table.Th>{t('Direction')}</Table.Th>}
            <Table.Th>{t('Route')}</Table.Th>
            <SortHeader label={t('Ready')} sort="cargo_ready_date" />
            {staff && <Table.Th>{t('Handler')}</Table.Th>}
            <SortHeader label={t('Status')} sort="status" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: 'pointer' }} data-testid="request-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text
                  renderRoot={(props) => <Link to="/requests/$id" params={{ id: row.id }} {...props} />}
                  fw={600}
                  fz="sm"
                  c="inherit"
                  onClick={(e) => e.stopPropagation()}
                >
                  {row.number}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</Table.Td>
              {staff && <Table.Td>{row.company_name}</Table.Td>}
              <Table.Td>
                <RequestModeBadge mode={row.mode} />
              </Table.Td>
              {staff && <Table.Td>{t(DIRECTION_LABELS[row.direction])}</Table.Td>}
              <Table.Td>
                <Route row={row} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.cargo_ready_date)}</Table.Td>
              {staff && (
                <Table.Td>
                  {row.handler_name ?? (
                    <Text fz="sm" c="dimmed">
                      {t('Unassigned')}
                    </Text>
                  )}
                </Table.Td>
              )}
              <Table.Td>
                <RequestStatusBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
