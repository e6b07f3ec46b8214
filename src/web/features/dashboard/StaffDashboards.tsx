import { useState } from 'react';
import { Anchor, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconInbox, IconMessageReply, IconPackages, IconTruckDelivery, IconUserQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Dashboard } from '@domain/analytics/schema';
import { dec } from '@domain/money/decimal';
import { formatMoney, formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { COMPLETED_HINT, KpiCard } from '@web/ui/KpiCard';
import { Doughnut, MonthlyBars } from '@web/ui/Charts';
import { RecentShipments, icon } from './DashboardParts';

// The admin's and the handlers' dashboards, with their charts: a chunk of their own, so a customer's dashboard (on a
// phone, issue 17) never loads the chart library.

// The list's search type is known only once its lazy schema loads: the link's search is given as the list reads it.
const UNASSIGNED_SEARCH = { handler: 'unassigned' } as never;

/**
 * Shipments without a handler; the card opens All Shipments filtered to them (issue 21). The link is named by the text
 * it shows, in reading order (WCAG 2.5.3 label in name, issue 37): no aria-label of its own to drift from it.
 */
function UnassignedCard({ count }: { count: number }) {
  const hint = count > 0 ? t('No handler yet: show and assign') : t('Every shipment has a handler');
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/all-shipments" search={UNASSIGNED_SEARCH} />} underline="never" c="inherit">
      <KpiCard label={t('Unassigned')} value={count} icon={icon(IconUserQuestion, count > 0 ? 'orange' : 'gray')} hint={hint} inLink />
    </Anchor>
  );
}

const WAITING_SEARCH = { status: 'submitted', handler: 'none' } as never;

/**
 * Requests (issue 45): new ones waiting for a handler (the card opens the queue filtered to them) and the customers'
 * answers to quotes in the last week (accepted, declined, revision asked for).
 */
function RequestCards({ requests }: { requests: { waiting: number; answered: number } }) {
  return (
    <>
      <Anchor renderRoot={(props) => <Link {...props} to="/requests" search={WAITING_SEARCH} />} underline="never" c="inherit">
        <KpiCard
          label={t('Requests waiting')}
          value={requests.waiting}
          icon={icon(IconInbox, requests.waiting > 0 ? 'orange' : 'gray')}
          hint={requests.waiting > 0 ? t('New, no handler yet: take them') : t('Every new request has a handler')}
          inLink
        />
      </Anchor>
      <Anchor renderRoot={(props) => <Link {...props} to="/requests" />} underline="never" c="inherit">
        <KpiCard label={t('Quotes answered')} value={requests.answered} icon={icon(IconMessageReply, 'blue')} hint={t('By customers in the last 7 days')} inLink />
      </Anchor>
    </>
  );
}

export function AdminDashboard({ d }: { d: Extract<Dashboard, { kind: 'admin' }> }) {
  // Revenue per category is summed per currency (never across them): the person picks which one the chart shows.
  const [currency, setCurrency] = useState<string | null>(null);
  const main = d.revenue_distribution.find((r) => r.currency === currency) ?? d.revenue_distribution[0];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <KpiCard label={t('Total Shipments')} value={d.total} icon={icon(IconPackages)} />
        <KpiCard label={t('Active')} value={d.active} icon={icon(IconTruckDelivery, 'teal')} />
        <KpiCard label={t('Completed')} value={d.completed} icon={icon(IconCircleCheck, 'grape')} hint={t(COMPLETED_HINT)} />
        <UnassignedCard count={d.unassigned} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <RequestCards requests={d.requests} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" aria-label={t('Finance per Currency')}>
        <Text fw={600} mb="sm">
          {t('Revenue, Cost and Profit per Currency')}
        </Text>
        <Table.ScrollContainer minWidth={520} type="native">
        <Table verticalSpacing="xs" data-testid="finance-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Currency')}</Table.Th>
              <Table.Th ta="right">{t('Revenue')}</Table.Th>
              <Table.Th ta="right">{t('Cost')}</Table.Th>
              <Table.Th ta="right">{t('Profit')}</Table.Th>
              <Table.Th ta="right">{t('Margin')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.finance.map((f) => (
              <Table.Tr key={f.currency}>
                <Table.Td fw={600}>{f.currency}</Table.Td>
                <Table.Td ta="right">{formatMoney(f.revenue, f.currency)}</Table.Td>
                <Table.Td ta="right">
                  {formatMoney(f.cost, f.currency)}
                  {f.cost !== f.cost_accrued && (
                    // Issue 39: supplier bills matched to costs make them actual; the accrued figure stays beside.
                    <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {t('accrued {amount}', { amount: formatMoney(f.cost_accrued, f.currency) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" c={f.profit.startsWith('-') ? 'red' : 'teal'}>
                  {formatMoney(f.profit, f.currency)}
                </Table.Td>
                <Table.Td ta="right">{t('{margin}%', { margin: f.margin_percent })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </Table.ScrollContainer>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <MonthlyBars
          title={t('Monthly Trend')}
          data={d.monthly}
          series={[
            { name: 'air', label: t('Air'), color: 'blue.6' },
            { name: 'sea', label: t('Sea'), color: 'teal.6' },
            { name: 'land', label: t('Land'), color: 'orange.6' },
            { name: 'partial', label: t('Partial'), color: 'grape.6' },
          ]}
        />
        <Doughnut title={t('Shipment Type Distribution')} items={d.type_distribution.map((i) => ({ ...i, name: t(i.name) }))} />
        <Doughnut
          title={main ? t('Revenue Distribution ({currency})', { currency: main.currency }) : t('Revenue Distribution')}
          items={(main?.categories ?? []).map((c) => ({ name: t(c.name), count: dec(c.amount).toNumber() }))}
          // The slices' sizes only: the amounts themselves are the exact decimal strings of the finance table.
          format={(n) => formatNumber(n, 2)}
          actions={
            d.revenue_distribution.length > 1 && (
              <SegmentedControl
                size="xs"
                aria-label={t('Revenue currency')}
                data={d.revenue_distribution.map((r) => r.currency)}
                value={main?.currency ?? ''}
                onChange={setCurrency}
              />
            )
          }
        />
      </SimpleGrid>
      <RecentShipments rows={d.recent} staff />
    </Stack>
  );
}

export function HandlerDashboard({ d }: { d: Extract<Dashboard, { kind: 'handler' }> }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <KpiCard label={t('My Shipments')} value={d.total} icon={icon(IconPackages)} />
        <KpiCard label={t('Active')} value={d.active} icon={icon(IconTruckDelivery, 'teal')} />
        <KpiCard label={t('Completed')} value={d.completed} icon={icon(IconCircleCheck, 'grape')} hint={t(COMPLETED_HINT)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <RequestCards requests={d.requests} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <RecentShipments rows={d.recent} staff />
        <Doughnut title={t('My Shipments by Status')} items={d.status_distribution.map((i) => ({ ...i, name: t(i.name) }))} />
      </SimpleGrid>
    </Stack>
  );
}
