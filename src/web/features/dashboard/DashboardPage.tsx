import { lazy, Suspense, useDeferredValue } from 'react';
import { Center, Grid, Loader, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconCircleCheck, IconClock, IconPackages, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@domain/analytics/schema';
import { roleLabel } from '@domain/common/enums';
import { useUser } from '@web/features/auth';
import { t } from '@web/lib/i18n';
import { dashboardQuery } from './api';
import { PageHeader } from '@web/ui/PageHeader';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { KpiCard } from '@web/ui/KpiCard';
import { ExceptionsSummary } from '@web/features/exceptions';
import { OverdueDocumentsCard, RecentShipments, icon } from './DashboardParts';
import { CustomerActions } from './CustomerActions';

// Staff dashboards carry charts; they load on demand, so the customer's dashboard stays light (decision 0232).
const AdminDashboard = lazy(() => import('./StaffDashboards').then((m) => ({ default: m.AdminDashboard })));
const HandlerDashboard = lazy(() => import('./StaffDashboards').then((m) => ({ default: m.HandlerDashboard })));

function DashboardLoading() {
  return (
    <Paper withBorder radius="md" p="xl" role="status" aria-label={t('Loading')}>
      <Center>
        <Loader size="sm" />
      </Center>
    </Paper>
  );
}

function CustomerDashboard({ d }: { d: Extract<Dashboard, { kind: 'customer' }> }) {
  return (
    <Stack gap="lg">
      {/* What waits for the customer comes first: on a phone it would sit below four figure cards otherwise (issue 45). */}
      <CustomerActions actions={d.actions} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <KpiCard label={t('Active Shipments')} value={d.active} icon={icon(IconTruckDelivery, 'teal')} />
        <KpiCard label={t('Pending')} value={d.pending} icon={icon(IconClock, 'yellow')} />
        <KpiCard label={t('Delivered')} value={d.delivered} icon={icon(IconCircleCheck, 'grape')} />
        <KpiCard label={t('Total Shipments')} value={d.total} icon={icon(IconPackages)} />
      </SimpleGrid>
      <RecentShipments rows={d.recent} staff={false} />
    </Stack>
  );
}

export function DashboardPage() {
  const user = useUser();
  const dashboard = useQuery(dashboardQuery);
  // Rendered as a transition once the data are here: in slices, not one long task (issue 17, decision 0247).
  const d = useDeferredValue(dashboard.data);
  return (
    <Stack gap={0}>
      <PageHeader
        title={t('Dashboard')}
        subtitle={
          d?.kind === 'customer'
            ? t('Welcome, {name} ({role}) · {company}', { name: user.full_name, role: t(roleLabel(user.role)), company: d.company_name })
            : t('Welcome, {name} ({role})', { name: user.full_name, role: t(roleLabel(user.role)) })
        }
      />
      <ErrorBanner error={dashboard.error} />
      {!d && !dashboard.error && <DashboardLoading />}
      {/* Staff's "Needs attention" row: here, not in the lazy chunk, so its counts load with the dashboard's data. */}
      {(d?.kind === 'admin' || d?.kind === 'handler') && (
        <Grid mb="lg" gap="lg" align="stretch">
          <Grid.Col span={{ base: 12, md: 9 }}>
            <ExceptionsSummary />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <OverdueDocumentsCard total={d.checklist_overdue.total} />
          </Grid.Col>
        </Grid>
      )}
      <Suspense fallback={<DashboardLoading />}>
        {d?.kind === 'admin' && <AdminDashboard d={d} />}
        {d?.kind === 'handler' && <HandlerDashboard d={d} />}
      </Suspense>
      {d?.kind === 'customer' && <CustomerDashboard d={d} />}
    </Stack>
  );
}
