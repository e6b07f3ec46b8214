import { SimpleGrid, Stack, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconPackages, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ShipmentType } from '@domain/common/enums';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { EmptyState } from '@web/ui/EmptyState';
import { COMPLETED_HINT, KpiCard } from '@web/ui/KpiCard';
import { Doughnut, MonthlyBars } from '@web/ui/Charts';
import { typeAnalyticsQuery, useShipmentList } from './api';
import { useShipmentSearch } from './search';
import { ShipmentFilters } from './ShipmentFilters';
import { ShipmentTable, type Column } from './ShipmentTable';

const CHARTS: Record<ShipmentType, { top?: string; distribution?: string }> = {
  air: { top: msg('Top 5 Airports') },
  sea: { top: msg('Top 5 Ports'), distribution: msg('Container Types') },
  land: { top: msg('Top 5 Routes'), distribution: msg('Vehicle Type Distribution') },
  partial: { distribution: msg('Transport Mode Distribution') },
};

/** The page's title and subtitle: `${label} Shipments`, `Every ${lower-case label} shipment, its figures and trends`. */
const TITLES: Record<ShipmentType, string> = {
  air: msg('Air Shipments'),
  sea: msg('Sea Shipments'),
  land: msg('Land Shipments'),
  partial: msg('Partial Shipments'),
};
const SUBTITLES: Record<ShipmentType, string> = {
  air: msg('Every air shipment, its figures and trends'),
  sea: msg('Every sea shipment, its figures and trends'),
  land: msg('Every land shipment, its figures and trends'),
  partial: msg('Every partial shipment, its figures and trends'),
};
const EMPTY_TITLES: Record<ShipmentType, string> = {
  air: msg('No air shipments found'),
  sea: msg('No sea shipments found'),
  land: msg('No land shipments found'),
  partial: msg('No partial shipments found'),
};

/** /air-shipments, /sea-shipments, /land-shipments, /partial-shipments: cards, charts and the list of one type. */
export function TypeShipmentsPage({ type }: { type: ShipmentType }) {
  const [search, setSearch] = useShipmentSearch();
  const analytics = useQuery(typeAnalyticsQuery(type));
  const list = useShipmentList(search, { type });
  const a = analytics.data;
  const charts = CHARTS[type];
  const columns: Column[] =
    type === 'partial'
      ? ['date', 'reference', 'company', 'mode', 'status', 'route', 'schedule', 'actions']
      : ['date', 'reference', 'company', 'status', 'route', 'schedule', 'handler', 'actions'];
  return (
    <Stack gap="lg">
      <PageHeader title={t(TITLES[type])} subtitle={t(SUBTITLES[type])} />
      <ErrorBanner error={analytics.error} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <KpiCard label={t('Total')} value={a?.total ?? '–'} icon={<ThemeIcon variant="light" size="lg"><IconPackages size={20} /></ThemeIcon>} />
        <KpiCard label={t('Active')} value={a?.active ?? '–'} change={a?.active_change} icon={<ThemeIcon variant="light" color="teal" size="lg"><IconTruckDelivery size={20} /></ThemeIcon>} />
        <KpiCard label={t('Completed')} value={a?.completed ?? '–'} hint={t(COMPLETED_HINT)} icon={<ThemeIcon variant="light" color="grape" size="lg"><IconCircleCheck size={20} /></ThemeIcon>} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: charts.top && charts.distribution ? 3 : 2 }}>
        <MonthlyBars title={t('Shipments per Month')} data={a?.monthly ?? []} series={[{ name: 'count', label: t('Shipments'), color: 'blue.6' }]} />
        {charts.top && <Doughnut title={t(charts.top)} items={a?.top ?? []} />}
        {charts.distribution && <Doughnut title={t(charts.distribution)} items={(a?.distribution ?? []).map((i) => ({ ...i, name: t(i.name) }))} />}
      </SimpleGrid>
      <div>
        <ShipmentFilters scope={{ type }} modeFilter={type === 'partial'} />
        <ErrorBanner error={list.error} />
        <ShipmentTable
          rows={list.data?.rows ?? []}
          loading={list.isPending}
          columns={columns}
          sortable={['date', 'reference', 'company', 'status', 'handler', 'mode']}
          empty={<EmptyState title={t(EMPTY_TITLES[type])} />}
        />
        <Pager page={list.data?.page ?? 1} pageSize={10} total={list.data?.total ?? 0} onPage={(page) => setSearch({ page })} />
      </div>
    </Stack>
  );
}

export const AirShipmentsPage = () => <TypeShipmentsPage type="air" />;
export const SeaShipmentsPage = () => <TypeShipmentsPage type="sea" />;
export const LandShipmentsPage = () => <TypeShipmentsPage type="land" />;
export const PartialShipmentsPage = () => <TypeShipmentsPage type="partial" />;
