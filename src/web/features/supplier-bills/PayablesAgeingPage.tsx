import { useState, type ReactElement } from 'react';
import { Card, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SUPPLIER_KIND_LABELS } from '@domain/billing/charge-rules';
import { msg } from '@domain/common/i18n';
import { AGEING_BUCKETS, type AgeingBucket } from '@domain/money/ageing';
import { formatDay, formatMoney, formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { payablesQuery } from './api';
import { utcToday } from './labels';

const LABELS: Record<AgeingBucket, string> = { current: msg('Current'), '1-30': msg('1-30 days'), '31-60': msg('31-60 days'), '61-90': msg('61-90 days'), '91+': msg('91+ days') };
const late = (b: AgeingBucket, v: string) => b !== 'current' && /[1-9]/.test(v);
/** Red for an amount past due, else `otherwise`. */
const dueColor = (pastDue: boolean, otherwise?: string) => (pastDue ? 'red.9' : otherwise);
/** 1,487.47: grouped by thousands as the reader's language groups them, without the currency (the column says it). */
const grouped = (amount: string) => formatNumber(amount, amount.split('.')[1]?.length ?? 0);

/** /billing/payables (administrators, issue 39): what the forwarder owes each supplier by days past due, as of a day. */
export function PayablesAgeingPage(): ReactElement {
  const [asOf, setAsOf] = useState(utcToday());
  const [currency, setCurrency] = useState('');
  const [page, setPage] = useState(1);
  const report = useQuery(payablesQuery({ as_of: asOf, currency: /^[A-Z]{3}$/.test(currency) ? currency : undefined, page }));
  const data = report.data;

  return (
    <Stack gap="md">
      <PageHeader title={t('Payables ageing')} subtitle={t('Open supplier bill amounts by days past due, as of {date}', { date: formatDay(asOf) })} />
      <Paper withBorder radius="md" p="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput type="date" label={t('As of')} value={asOf} onChange={(e) => { setAsOf(e.currentTarget.value || utcToday()); setPage(1); }} />
          <TextInput label={t('Currency')} placeholder={t('All')} maxLength={3} value={currency} onChange={(e) => { setCurrency(e.currentTarget.value.toUpperCase()); setPage(1); }} />
        </SimpleGrid>
      </Paper>
      <ErrorBanner error={report.error} />
      {data && data.rows.length === 0 && (
        <Paper withBorder radius="md">
          <EmptyState title={t('Nothing open')} text={t('No supplier bill has an open amount on this day.')} icon={<IconCircleCheck size={26} />} />
        </Paper>
      )}
      {data && data.totals.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: Math.min(data.totals.length, 3) }} data-testid="payables-totals">
          {data.totals.map((sum) => (
            <Card key={sum.currency} withBorder radius="md">
              <Group justify="space-between">
                <Text fw={600}>{sum.currency}</Text>
                <Text fw={700}>{formatMoney(sum.total, sum.currency)}</Text>
              </Group>
              <SimpleGrid cols={{ base: 2, xs: 3 }} spacing={4} mt="xs">
                {AGEING_BUCKETS.map((b) => (
                  <Text key={b} fz="xs" c={dueColor(late(b, sum.buckets[b]), 'dimmed')}>
                    {t(LABELS[b])}: {grouped(sum.buckets[b])}
                  </Text>
                ))}
              </SimpleGrid>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {data && data.rows.length > 0 && (
        <>
          <Paper withBorder radius="md" visibleFrom="sm">
            <ScrollArea type="auto">
              <Table striped fz="sm" miw={820} data-testid="payables-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Supplier')}</Table.Th>
                    <Table.Th>{t('Currency')}</Table.Th>
                    {AGEING_BUCKETS.map((b) => (
                      <Table.Th key={b} ta="right">
                        {t(LABELS[b])}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">{t('Total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Table.Tr key={`${r.supplier_kind}-${r.supplier_id}-${r.currency}`} data-testid="payables-row">
                      <Table.Td>
                        <Text fz="sm" fw={500}>
                          {r.supplier_name}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {t(SUPPLIER_KIND_LABELS[r.supplier_kind])}
                        </Text>
                      </Table.Td>
                      <Table.Td>{r.currency}</Table.Td>
                      {AGEING_BUCKETS.map((b) => (
                        <Table.Td key={b} ta="right" ff="monospace" c={dueColor(late(b, r.buckets[b]))}>
                          {grouped(r.buckets[b])}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right" ff="monospace" fw={600}>
                        {grouped(r.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Paper>
          <Stack gap="xs" hiddenFrom="sm">
            {data.rows.map((r) => (
              <Card key={`${r.supplier_kind}-${r.supplier_id}-${r.currency}`} withBorder radius="md" padding="sm" data-testid="payables-card">
                <Group justify="space-between" wrap="nowrap">
                  <Text fz="sm" fw={500}>
                    {r.supplier_name}
                  </Text>
                  <Text fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(r.total, r.currency)}
                  </Text>
                </Group>
                <SimpleGrid cols={2} spacing={2} mt={6}>
                  {AGEING_BUCKETS.filter((b) => /[1-9]/.test(r.buckets[b])).map((b) => (
                    <Text key={b} fz="xs" c={dueColor(b !== 'current', 'dimmed')}>
                      {t(LABELS[b])}: {grouped(r.buckets[b])}
                    </Text>
                  ))}
                </SimpleGrid>
              </Card>
            ))}
          </Stack>
          {data.suppliers > data.pageSize && <Pager page={data.page} pageSize={data.pageSize} total={data.suppliers} onPage={setPage} />}
        </>
      )}
    </Stack>
  );
}
