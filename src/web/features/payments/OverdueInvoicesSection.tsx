import { useState, type ReactElement } from 'react';
import { Anchor, Badge, Card, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { OverdueInvoice } from '@domain/billing/payments-schema';
import { formatDay, formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { Pager } from '@web/ui/Pager';
import { OVERDUE_PAGE_SIZE, overdueInvoicesQuery } from './api';
import { groupDigits } from './money';

const late = (n: number) => t('{count, plural, one {# day} other {# days}} late', { count: n });
const reminder = (r: OverdueInvoice) => (r.last_reminder_day === null ? t('None yet') : t('Day {day}', { day: r.last_reminder_day }));

function StatementLink({ r }: { r: OverdueInvoice }): ReactElement {
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/billing/statement" search={{ company_id: r.company_id, currency: r.currency }} />} fz="sm">
      {r.company_name}
    </Anchor>
  );
}

/**
 * The Exceptions page's overdue invoices (issue 38, administrators): issued invoices past their due day with an open
 * amount, the longest overdue first, and the last reminder the company's contacts were sent.
 */
export function OverdueInvoicesSection(): ReactElement {
  const [page, setPage] = useState(1);
  const list = useQuery(overdueInvoicesQuery(page));
  const data = list.data;
  const countColor = (data?.total ?? 0) > 0 ? 'orange' : 'gray';
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="overdue-invoices">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          {t('Overdue invoices')}
        </Title>
        <Badge variant="light" color={countColor}>
          {data ? formatNumber(data.total) : '…'}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        {t("An issued invoice past its due date with an amount still open. The company's contacts are reminded on the 1st, 7th and 30th day overdue.")}
      </Text>
      <ErrorBanner error={list.error} />
      {data && data.rows.length === 0 && <EmptyState title={t('No overdue invoices')} text={t('Every issued invoice is paid or not yet due.')} icon={<IconCircleCheck size={26} />} />}
      {data && data.rows.length > 0 && (
        <>
          <ScrollArea type="auto" visibleFrom="sm">
            <Table striped fz="sm" miw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Invoice')}</Table.Th>
                  <Table.Th>{t('Customer')}</Table.Th>
                  <Table.Th>{t('Due')}</Table.Th>
                  <Table.Th>{t('Late')}</Table.Th>
                  <Table.Th ta="right">{t('Open')}</Table.Th>
                  <Table.Th>{t('Last reminder')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((r) => (
                  <Table.Tr key={r.id} data-testid="overdue-invoice">
                    <Table.Td>{r.number}</Table.Td>
                    <Table.Td>
                      <StatementLink r={r} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(r.due_date)}</Table.Td>
                    <Table.Td>
                      <Text span fz="sm" fw={600} c="red.9">
                        {late(r.days_overdue)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {groupDigits(r.open)} {r.currency}
                    </Table.Td>
                    <Table.Td>{reminder(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Stack gap="xs" hiddenFrom="sm">
            {data.rows.map((r) => (
              <Card key={r.id} withBorder radius="md" padding="sm" data-testid="overdue-invoice-card">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} fz="sm">
                    {r.number}
                  </Text>
                  <Text fz="sm" fw={600} c="red.9">
                    {late(r.days_overdue)}
                  </Text>
                </Group>
                <StatementLink r={r} />
                <Text fz="xs" c="dimmed">
                  {t('Open {amount} · due {date} · reminder: {reminder}', { amount: `${groupDigits(r.open)} ${r.currency}`, date: formatDay(r.due_date), reminder: reminder(r) })}
                </Text>
              </Card>
            ))}
          </Stack>
          {data.total > OVERDUE_PAGE_SIZE && <Pager page={page} pageSize={OVERDUE_PAGE_SIZE} total={data.total} onPage={setPage} />}
        </>
      )}
    </Paper>
  );
}
