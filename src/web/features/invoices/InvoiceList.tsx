import type { ReactNode } from 'react';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { SortableTh } from '@web/ui/SortableTh';
import { PHONE_QUERY } from '@web/ui/theme';
import type { InvoiceSummary } from './api';
import { InvoiceStateBadge, KIND_LABELS, openColor } from './labels';
import { formatMoney } from './money';
import { useInvoiceSearch, type InvoiceSearch } from './search';

type Sort = NonNullable<InvoiceSearch['sort']>;

function SortHeader({ label, sort }: { label: string; sort: Sort }) {
  const [search, setSearch] = useInvoiceSearch();
  const current = search.sort ?? 'issue_date';
  const dir = search.dir ?? 'desc';
  const active = current === sort;
  const shownDir = active ? dir : 'asc';
  return <SortableTh label={label} active={active} dir={shownDir} onClick={() => setSearch({ sort, dir: active ? (dir === 'asc' ? 'desc' : 'asc') : 'asc' })} />;
}

/** "INV-2026-000001", or "Draft" with a credit note's mark. */
export const invoiceTitle = (row: Pick<InvoiceSummary, 'number' | 'kind'>) => row.number ?? (row.kind === 'credit_note' ? t('Draft credit note') : t('Draft invoice'));

function Cards({ rows, staff }: { rows: InvoiceSummary[]; staff: boolean }) {
  return (
    <Stack gap="sm" data-testid="invoice-cards">
      {rows.map((row) => (
        <Paper
          key={row.id}
          renderRoot={(props) => <Link to="/invoices/$id" params={{ id: row.id }} {...props} />}
          withBorder
          radius="md"
          p="md"
          style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
          data-testid="invoice-row"
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {invoiceTitle(row)}
              </Text>
              <Group gap={6}>
                <InvoiceStateBadge state={row.state} />
                {row.kind === 'credit_note' && (
                  <Text fz="xs" c="dimmed">
                    {t('Credit note')}
                  </Text>
                )}
              </Group>
            </Stack>
            <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
          </Group>
          <Group justify="space-between" mt="sm" gap="xs" wrap="nowrap">
            <Text fz="sm" c="dimmed">
              {t('Total')}
            </Text>
            <Text fz="sm" fw={600}>
              {formatMoney(row.totals.payable, row.currency)}
            </Text>
          </Group>
          {row.kind === 'invoice' && row.status === 'issued' && (
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" c="dimmed">
                {t('Open')}
              </Text>
              <Text fz="sm" fw={600} c={openColor(row.state)}>
                {formatMoney(row.open, row.currency)}
              </Text>
            </Group>
          )}
          <Text fz="xs" c="dimmed" mt={4}>
            {row.issue_date ? t('Issued {date}', { date: formatDay(row.issue_date) }) : t('Not issued')}
            {row.due_date && row.kind === 'invoice' ? ` · ${t('due {date}', { date: formatDay(row.due_date) })}` : ''}
          </Text>
          {staff && (
            <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.company_name}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** Invoices and credit notes: a table, or cards on a phone; a row opens the document. */
export function InvoiceList({ rows, staff, loading, empty }: { rows: InvoiceSummary[]; staff: boolean; loading: boolean; empty: ReactNode }) {
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (rows.length === 0 && !loading) return <Paper withBorder radius="md">{empty}</Paper>;
  if (phone) return <Cards rows={rows} staff={staff} />;
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto', opacity: loading ? 0.6 : 1 }} tabIndex={0} aria-label={t('Invoices')}>
      <Table highlightOnHover verticalSpacing="sm" miw={staff ? 960 : 760}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={t('Number')} sort="number" />
            <Table.Th>{t('Kind')}</Table.Th>
            {staff && <Table.Th>{t('Company')}</Table.Th>}
            <SortHeader label={t('Issued')} sort="issue_date" />
            <SortHeader label={t('Due')} sort="due_date" />
            <SortHeader label={t('Total')} sort="payable" />
            <Table.Th style={{ textAlign: 'right' }}>{t('Open')}</Table.Th>
            <Table.Th>{t('State')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} onClick={() => void navigate({ to: '/invoices/$id', params: { id: row.id } })} style={{ cursor: 'pointer' }} data-testid="invoice-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text renderRoot={(props) => <Link to="/invoices/$id" params={{ id: row.id }} {...props} />} fw={600} fz="sm" c="inherit" onClick={(e) => e.stopPropagation()}>
                  {invoiceTitle(row)}
                </Text>
              </Table.Td>
              <Table.Td>{t(KIND_LABELS[row.kind])}</Table.Td>
              {staff && <Table.Td>{row.company_name}</Table.Td>}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.issue_date)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.kind === 'invoice' ? formatDay(row.due_date) : ''}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>{formatMoney(row.totals.payable, row.currency)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>{row.kind === 'invoice' && row.status === 'issued' ? formatMoney(row.open, row.currency) : ''}</Table.Td>
              <Table.Td>
                <InvoiceStateBadge state={row.state} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
