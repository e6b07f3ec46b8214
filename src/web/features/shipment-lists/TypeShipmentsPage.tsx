import { SimpleGrid, Stack, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconPackages, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SHIPMENT_TYPE_LABELS, type ShipmentType } from '@domain/common/enums';
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
  air: { top: 'Top 5 Airports' },
  sea: { top: 'Top 5 Ports', distribution: 'Container Types' },
  land: { top: 'Top 5 Routes', distribution: 'Vehicle Type Distribution' },
  partial: { distribution: 'Transport Mode Distribution' },
};

/** /air-shipments, /sea-shipments, /land-shipments, /partial-shipments: cards, charts and the list of one type. */
export function TypeShipmentsPage({ type }: { type: ShipmentType }) {
  const label = SHIPMENT_TYPE_LABELS[type];
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
      <PageHeader title={`${label} Shipments`} subtitle={`Every ${label.toLowerCase()} shipment, its figures and trends`} />
      <ErrorBanner error={analytics.error} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <KpiCard label="Total" value={a?.total ?? '–'} icon={<ThemeIcon variant="light" size="lg"><IconPackages size={20} /></ThemeIcon>} />
        <KpiCard label="Active" value={a?.active ?? '–'} change={a?.active_change} icon={<ThemeIcon variant="light" color="teal" size="lg"><IconTruckDelivery size={20} /></ThemeIcon>} />
        <KpiCard label="Completed" value={a?.completed ?? '–'} hint={COMPLETED_HINT} icon={<ThemeIcon variant="light" color="grape" size="lg"><IconCircleCheck size={20} /></ThemeIcon>} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: charts.top && charts.distribution ? 3 : 2 }}>
        <MonthlyBars title="Shipments per Month" data={a?.monthly ?? []} series={[{ name: 'count', label: 'Shipments', color: 'blue.6' }]} />
        {charts.top && <Doughnut title={charts.top} items={a?.top ?? []} />}
        {charts.distribution && <Doughnut title={charts.distribution} items={a?.distribution ?? []} />}
      </SimpleGrid>
      <div>
        <ShipmentFilters scope={{ type }} modeFilter={type === 'partial'} />
        <ErrorBanner error={list.error} />
        <ShipmentTable
          rows={list.data?.rows ?? []}
          loading={list.isPending}
          columns={columns}
          sortable={['date', 'reference', 'company', 'status', 'handler', 'mode']}
          empty={<EmptyState title={`No ${type} shipments found`} />}
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
