import type { ReactElement } from 'react';
import { Anchor, Button, Card, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AGEING_BUCKETS } from '@domain/money/ageing';
import type { Ageing } from '@domain/billing/payments-schema';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { ageingQuery } from './api';
import { AGEING_LABELS, bucketColor, PRINT_STYLE } from './layout';
import { groupDigits, isZero, utcToday } from './money';
import type { AgeingSearch } from './search';

type Row = Ageing['rows'][number];

/** /billing/ageing (administrators, issue 38): what every company owes by days past due as of a day, per currency. */
export function AgeingPage(): ReactElement {
  const search: AgeingSearch = useSearch({ from: '/app/billing/ageing' });
  const navigate = useNavigate();
  const asOf = search.as_of ?? utcToday();
  const report = useQuery(ageingQuery({ as_of: asOf, currency: search.currency, page: search.page }));
  const set = (patch: Partial<AgeingSearch>) => {
    const next: Record<string, unknown> = { ...search, ...patch };
    for (const [k, v] of Object.entries(next)) if (v === undefined || v === '') delete next[k];
    void navigate({ to: '/billing/ageing', search: next as AgeingSearch, replace: true });
  };
  const data = report.data;

  return (
    <Stack gap="md">
      <style>{PRINT_STYLE}</style>
      <PageHeader
        title={t('Ageing report')}
        subtitle={t('Open invoice amounts by days past due, as of {date}', { date: formatDay(asOf) })}
        actions={
          <Button variant="default" className="cd-no-print" leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!data}>
            {t('Print')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="sm" className="cd-no-print">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput type="date" label={t('As of')} value={asOf} onChange={(e) => set({ as_of: e.currentTarget.value || undefined, page: undefined })} />
          <TextInput label={t('Currency')} placeholder={t('All')} maxLength={3} value={search.currency ?? ''} onChange={(e) => set({ currency: /^[A-Za-z]{3}$/.test(e.currentTarget.value) ? e.currentTarget.value.toUpperCase() : undefined, page: undefined })} />
        </SimpleGrid>
      </Paper>
      <ErrorBanner error={report.error} />
      {data && data.rows.length === 0 && (
        <Paper withBorder radius="md">
          <EmptyState title={t('Nothing open')} text={t('No issued invoice has an open amount on this day.')} icon={<IconCircleCheck size={26} />} />
        </Paper>
      )}
      {data && data.totals.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: Math.min(data.totals.length, 3) }} data-testid="ageing-totals">
          {data.totals.map((total) => (
            <Card key={total.currency} withBorder radius="md" className="cd-print-block" data-testid={`ageing-total-${total.currency}`}>
              <Group justify="space-between">
                <Text fw={600}>{total.currency}</Text>
                <Text fw={700}>{groupDigits(total.total)}</Text>
              </Group>
              <SimpleGrid cols={{ base: 2, xs: 3 }} spacing={4} mt="xs">
                {AGEING_BUCKETS.map((b) => (
                  <Text key={b} fz="xs" c={bucketColor(b, total.buckets[b], 'dimmed')}>
                    {t(AGEING_LABELS[b])}: {groupDigits(total.buckets[b])}
                  </Text>
                ))}
              </SimpleGrid>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {data && data.rows.length > 0 && (
        <>
          <Paper withBorder radius="md" visibleFrom="sm" className="cd-print-block">
            <ScrollArea type="auto">
              <Table striped highlightOnHover fz="sm" miw={820} data-testid="ageing-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Company')}</Table.Th>
                    <Table.Th>{t('Currency')}</Table.Th>
                    {AGEING_BUCKETS.map((b) => (
                      <Table.Th key={b} ta="right">
                        {t(AGEING_LABELS[b])}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">{t('Total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Table.Tr key={`${r.company_id}-${r.currency}`} data-testid="ageing-row">
                      <Table.Td>
                        <CompanyLink row={r} asOf={asOf} />
                      </Table.Td>
                      <Table.Td>{r.currency}</Table.Td>
                      {AGEING_BUCKETS.map((b) => (
                        <Table.Td key={b} ta="right" c={bucketColor(b, r.buckets[b])}>
                          {groupDigits(r.buckets[b])}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right" fw={600}>
                        {groupDigits(r.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Paper>
          <Stack gap="xs" hiddenFrom="sm">
            {data.rows.map((r) => (
              <Card key={`${r.company_id}-${r.currency}`} withBorder radius="md" padding="sm" data-testid="ageing-card">
                <Group justify="space-between" wrap="nowrap">
                  <CompanyLink row={r} asOf={asOf} />
                  <Text fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {groupDigits(r.total)} {r.currency}
                  </Text>
                </Group>
                <SimpleGrid cols={2} spacing={2} mt={6}>
                  {AGEING_BUCKETS.filter((b) => !isZero(r.buckets[b])).map((b) => (
                    <Text key={b} fz="xs" c={bucketColor(b, r.buckets[b], 'dimmed')}>
                      {t(AGEING_LABELS[b])}: {groupDigits(r.buckets[b])}
                    </Text>
                  ))}
                </SimpleGrid>
              </Card>
            ))}
          </Stack>
          {data.companies > data.pageSize && (
            <div className="cd-no-print">
              <Pager page={data.page} pageSize={data.pageSize} total={data.companies} onPage={(page) => set({ page: page > 1 ? page : undefined })} />
            </div>
          )}
        </>
      )}
    </Stack>
  );
}

function CompanyLink({ row, asOf }: { row: Row; asOf: string }): ReactElement {
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/billing/statement" search={{ company_id: row.company_id, to: asOf, currency: row.currency }} />} fz="sm" fw={500}>
      {row.company_name}
    </Anchor>
  );
}
