import { useState, type ReactElement } from 'react';
import { Anchor, Button, Card, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconReceipt, IconReportMoney, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { can } from '@domain/access/permissions';
import { SUPPLIER_KIND_LABELS } from '@domain/billing/charge-rules';
import { SUPPLIER_BILL_STATES, SUPPLIER_BILL_STATE_LABELS, type SupplierBillState } from '@domain/billing/supplier-bills';
import type { SupplierBillRow } from '@domain/billing/supplier-bills-schema';
import { useUser } from '@web/features/auth';
import { formatDay, formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { BILLS_PAGE_SIZE, billListQuery } from './api';
import { BillStateBadge } from './labels';

function BillLink({ bill }: { bill: SupplierBillRow }) {
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/supplier-bills/$id" params={{ id: bill.id }} />} fw={600} fz="sm">
      {bill.number}
    </Anchor>
  );
}

/**
 * /supplier-bills (staff, issue 39): the bills carriers, agents and service providers sent, newest first, searched in
 * the number and the supplier, by state; each with its total, what is open and how many lines are matched to costs.
 */
export function SupplierBillsPage(): ReactElement {
  const user = useUser();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const [state, setState] = useState<SupplierBillState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useQuery(billListQuery({ q: debounced.trim(), state, page }));
  const data = list.data;
  const stateOptions = SUPPLIER_BILL_STATES.map((s) => ({ value: s, label: t(SUPPLIER_BILL_STATE_LABELS[s]) }));

  return (
    <Stack gap="md">
      <PageHeader
        title={t('Supplier bills')}
        subtitle={t("Bills from carriers, agents and service providers, matched to the shipments' costs")}
        actions={
          <>
            {can(user.role, 'payables:read') && (
              <Button component={Link} to="/billing/payables" variant="default" leftSection={<IconReportMoney size={16} />}>
                {t('Payables ageing')}
              </Button>
            )}
            {can(user.role, 'supplier_bills:write') && (
              <Button component={Link} to="/supplier-bills/new" leftSection={<IconPlus size={16} />} data-testid="new-supplier-bill">
                {t('New bill')}
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder radius="md" p="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('Search')}
            placeholder={t('Bill number or supplier')}
            leftSection={<IconSearch size={16} />}
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select label={t('State')} placeholder={t('All')} clearable data={stateOptions} value={state ?? null} onChange={(v) => { setState((v) ?? undefined); setPage(1); }} />
        </SimpleGrid>
      </Paper>
      <ErrorBanner error={list.error} />
      {data && data.rows.length === 0 && (
        <Paper withBorder radius="md">
          <EmptyState icon={<IconReceipt size={26} />} title={debounced || state ? t('No bills match') : t('No supplier bills yet')} text={t("Enter a carrier's or agent's bill to match it to the shipments' costs.")} />
        </Paper>
      )}
      {data && data.rows.length > 0 && (
        <>
          <Paper withBorder radius="md" visibleFrom="sm">
            <ScrollArea type="auto">
              <Table striped highlightOnHover fz="sm" miw={860} data-testid="supplier-bills-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Bill')}</Table.Th>
                    <Table.Th>{t('Supplier')}</Table.Th>
                    <Table.Th>{t('Bill date')}</Table.Th>
                    <Table.Th>{t('Due')}</Table.Th>
                    <Table.Th ta="right">{t('Total')}</Table.Th>
                    <Table.Th ta="right">{t('Open')}</Table.Th>
                    <Table.Th>{t('Matched')}</Table.Th>
                    <Table.Th>{t('State')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((b) => (
                    <Table.Tr key={b.id} data-testid="supplier-bill-row">
                      <Table.Td>
                        <BillLink bill={b} />
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{b.supplier_name ?? '—'}</Text>
                        <Text fz="xs" c="dimmed">
                          {t(SUPPLIER_KIND_LABELS[b.supplier_kind])}
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatDay(b.bill_date)}</Table.Td>
                      <Table.Td>{formatDay(b.due_date)}</Table.Td>
                      <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(b.total, b.currency)}
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(b.open, b.currency)}
                      </Table.Td>
                      <Table.Td>
                        {t('{matched} of {count}', { matched: b.matched_lines, count: b.line_count })}
                      </Table.Td>
                      <Table.Td>
                        <BillStateBadge state={b.state} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Paper>
          <Stack gap="xs" hiddenFrom="sm">
            {data.rows.map((b) => (
              <Card key={b.id} withBorder radius="md" padding="sm" data-testid="supplier-bill-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0}>
                    <BillLink bill={b} />
                    <Text fz="xs" c="dimmed">
                      {b.supplier_name ?? '—'} · {t('due {date}', { date: formatDay(b.due_date) })}
                    </Text>
                  </Stack>
                  <BillStateBadge state={b.state} />
                </Group>
                <Group justify="space-between" mt={6} wrap="nowrap">
                  <Text fz="xs" c="dimmed">
                    {t('{matched} of {count} lines matched', { matched: b.matched_lines, count: b.line_count })}
                  </Text>
                  <Text fz="sm" ff="monospace" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {t('{amount} open', { amount: formatMoney(b.open, b.currency) })}
                  </Text>
                </Group>
              </Card>
            ))}
          </Stack>
          {data.total > data.pageSize && <Pager page={data.page} pageSize={BILLS_PAGE_SIZE} total={data.total} onPage={setPage} />}
        </>
      )}
    </Stack>
  );
}
