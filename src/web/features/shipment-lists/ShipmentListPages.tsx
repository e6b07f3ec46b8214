import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useUser } from '../auth/auth-context';
import { PageHeader } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { EmptyState } from '../../ui/EmptyState';
import { useShipmentList } from './api';
import { useShipmentSearch } from './search';
import { ShipmentFilters } from './ShipmentFilters';
import { ShipmentTable } from './ShipmentTable';

/** /all-shipments: every shipment for admins, the handler's own for handlers, the company's for customers. */
export function AllShipmentsPage() {
  const user = useUser();
  const [search, setSearch] = useShipmentSearch();
  const scope = { mine: user.role === 'export' || user.role === 'import' };
  const list = useShipmentList(search, scope);
  const title = user.role === 'admin' ? 'All Shipments' : 'My Shipments';
  return (
    <Stack gap={0}>
      <PageHeader
        title={title}
        subtitle={user.role === 'customer' ? `Shipments of ${user.company_name ?? 'your company'}` : undefined}
        actions={
          user.role !== 'customer' && (
            <Button component={Link} to="/shipments/new" leftSection={<IconPlus size={16} />}>
              New Shipment
            </Button>
          )
        }
      />
      <ShipmentFilters scope={scope} typeFilter />
      <ErrorBanner error={list.error} />
      <ShipmentTable
        rows={list.data?.rows ?? []}
        loading={list.isPending}
        columns={['date', 'reference', 'company', 'type', 'status', 'route', 'schedule', 'actions']}
        sortable={['date', 'type', 'status']}
        empty={<EmptyState title="No shipments found" text="Try another search or clear the filters." />}
      />
      <Pager page={list.data?.page ?? 1} pageSize={10} total={list.data?.total ?? 0} onPage={(page) => setSearch({ page })} />
    </Stack>
  );
}

/** /my-shipments: the shipments whose handler is the signed-in user. */
export function MyShipmentsPage() {
  const [search, setSearch] = useShipmentSearch();
  const scope = { mine: true };
  const list = useShipmentList(search, scope);
  return (
    <Stack gap={0}>
      <PageHeader
        title="My Shipments"
        actions={
          <Button component={Link} to="/shipments/new" leftSection={<IconPlus size={16} />}>
            New Shipment
          </Button>
        }
      />
      <ShipmentFilters scope={scope} typeFilter />
      <ErrorBanner error={list.error} />
      <ShipmentTable
        rows={list.data?.rows ?? []}
        loading={list.isPending}
        columns={['date', 'reference', 'company', 'type', 'status', 'route', 'schedule', 'actions']}
        sortable={['date', 'type', 'status']}
        empty={<EmptyState title="No shipments found" text="You don't have any assigned shipments yet." />}
      />
      <Pager page={list.data?.page ?? 1} pageSize={10} total={list.data?.total ?? 0} onPage={(page) => setSearch({ page })} />
    </Stack>
  );
}
