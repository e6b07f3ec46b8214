import { useDeferredValue, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconPlus, IconUserCheck } from '@tabler/icons-react';
import type { ShipmentListRow } from '@domain/shipments/list-schema';
import { AssignHandlerDialog } from '@web/features/shipments';
import { Link } from '@tanstack/react-router';
import { useUser } from '@web/features/auth';
import { t } from '@web/lib/i18n';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { EmptyState } from '@web/ui/EmptyState';
import { useShipmentList } from './api';
import { CLEARED_FILTERS, isFiltered, useShipmentSearch } from './search';
import { ShipmentFilters } from './ShipmentFilters';
import { ShipmentTable } from './ShipmentTable';
import { can, isCustomer } from '@domain/access/permissions';
import { RemoveBootPage } from '@web/ui/BootShell';

/** /all-shipments: every shipment for admins, the handler's own for handlers, the company's for customers. */
export function AllShipmentsPage() {
  const user = useUser();
  const [search, setSearch] = useShipmentSearch();
  const scope = { mine: can(user.role, 'shipments:browse_mine') };
  const query = useShipmentList(search, scope);
  // The rows render as a transition once they are here: in slices, not one long task (issue 17, decision 0247). Until
  // that render is done the list is still loading (not empty: "No shipments found" showed for a moment).
  const data = useDeferredValue(query.data);
  const list = { ...query, data, isPending: data === undefined && !query.isError };
  const admin = can(user.role, 'shipments:assign');
  // Admins pick rows (across pages) and assign them a handler at once, or one row from its actions.
  const [selected, setSelected] = useState<Map<string, ShipmentListRow>>(new Map());
  const [assigning, setAssigning] = useState<ShipmentListRow[]>([]);
  const title = can(user.role, 'shipments:browse_all') ? t('All Shipments') : t('My Shipments');
  return (
    <Stack gap={0}>
      {/* A customer's list title drawn by the HTML goes in the commit that draws this one (decision 0306). */}
      <RemoveBootPage />
      <PageHeader
        title={title}
        subtitle={isCustomer(user.role) ? (user.company_name !== null && user.company_name !== undefined ? t('Shipments of {company}', { company: user.company_name }) : t('Shipments of your company')) : undefined}
        actions={
          can(user.role, 'shipments:create') && (
            <Button component={Link} to="/shipments/new" leftSection={<IconPlus size={16} />}>
              {t('New Shipment')}
            </Button>
          )
        }
      />
      <ShipmentFilters scope={scope} typeFilter />
      <ErrorBanner error={list.error} />
      {admin && selected.size > 0 && (
        <Paper withBorder radius="md" p="sm" mb="sm" bg="blue.0" data-testid="bulk-bar">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fz="sm" fw={600}>
              {t('{count, plural, one {# shipment selected} other {# shipments selected}}', { count: selected.size })}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setSelected(new Map())}>
                {t('Clear Selection')}
              </Button>
              <Button size="xs" leftSection={<IconUserCheck size={14} />} onClick={() => setAssigning([...selected.values()])}>
                {t('Assign Handler')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <ShipmentTable
        rows={list.data?.rows ?? []}
        loading={list.isPending}
        columns={['date', 'reference', 'company', 'type', 'status', 'route', 'schedule', 'actions']}
        sortable={['date', 'type', 'status']}
        empty={<EmptyState title={t('No shipments found')} text={t('Try another search or clear the filters.')} />}
        {...(admin ? { selection: { selected, onChange: setSelected }, onAssign: (row: ShipmentListRow) => setAssigning([row]) } : {})}
      />
      {assigning.length > 0 && (
        <AssignHandlerDialog
          targets={assigning}
          onClose={() => setAssigning([])}
          onDone={() => assigning.length > 1 && setSelected(new Map())}
        />
      )}
      {/* Once the rows are here: shown before them, the rows pushed it down (a layout shift on a phone, decision 0247). */}
      {list.data && <Pager page={list.data.page} pageSize={10} total={list.data.total} onPage={(page) => setSearch({ page })} />}
    </Stack>
  );
}

/** /my-shipments: the shipments whose handler is the signed-in user. */
export function MyShipmentsPage() {
  const [search, setSearch] = useShipmentSearch();
  // The spec's empty text is for a handler with no shipments; a search or filter that finds nothing says so instead.
  const empty = isFiltered(search) ? (
    <EmptyState
      title={t('No shipments match your filters')}
      text={t('Try another search or clear the filters.')}
      action={
        <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={() => setSearch(CLEARED_FILTERS)}>
          {t('Clear Filters')}
        </Button>
      }
    />
  ) : (
    <EmptyState title={t('No shipments found')} text={t("You don't have any assigned shipments yet.")} />
  );
  const scope = { mine: true };
  const list = useShipmentList(search, scope);
  return (
    <Stack gap={0}>
      <PageHeader
        title={t('My Shipments')}
        actions={
          <Button component={Link} to="/shipments/new" leftSection={<IconPlus size={16} />}>
            {t('New Shipment')}
          </Button>
        }
      />
      <ShipmentFilters scope={scope} typeFilter />
      <ErrorBanner error={list.error} />
      <ShipmentTable
        rows={list.data?.rows ?? []}
        loading={list.isPending}
        columns={['date', 'reference', 'company', 'type', 'status', 'route', 'schedule', 'view']}
        sortable={['date', 'type', 'status']}
        empty={empty}
      />
      {/* Once the rows are here: shown before them, the rows pushed it down (a layout shift on a phone, decision 0247). */}
      {list.data && <Pager page={list.data.page} pageSize={10} total={list.data.total} onPage={(page) => setSearch({ page })} />}
    </Stack>
  );
}
