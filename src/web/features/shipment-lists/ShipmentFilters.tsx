import { Button, Checkbox, Group, Select } from '@mantine/core';
import { IconDownload, IconFilterOff } from '@tabler/icons-react';
import { STATUS_FILTER_LABELS, STATUS_FILTER_OPTIONS, SHIPMENT_TYPES, SHIPMENT_TYPE_LABELS, TRANSPORT_MODES, TRANSPORT_MODE_LABELS } from '../../../domain/enums';
import { SearchInput } from '../../ui/SearchInput';
import { useUser } from '../auth/auth-context';
import { csvHref, type ListScope } from './api';
import { CLEARED_FILTERS, isFiltered, useShipmentSearch } from './search';

/**
 * Search, status (and type or transport mode) filters, staff's "Failed data checks" (issue 14), 'Clear Filters' when
 * one is set, and the CSV export of what the filters select.
 */
export function ShipmentFilters({ scope, typeFilter = false, modeFilter = false }: { scope: ListScope; typeFilter?: boolean; modeFilter?: boolean }) {
  const [search, setSearch] = useShipmentSearch();
  const staff = useUser().role !== 'customer';
  const filtered = isFiltered(search);
  return (
    <Group gap="sm" mb="md" wrap="wrap" align="flex-end">
      <SearchInput value={search.q ?? ''} onChange={(q) => setSearch({ q })} placeholder="Search by reference, container, BL, MAWB, vessel, company, city" label="Search shipments" />
      <Select
        aria-label="Status"
        placeholder="All Statuses"
        data={STATUS_FILTER_OPTIONS.map((s) => ({ value: s, label: STATUS_FILTER_LABELS[s] }))}
        value={search.status ?? null}
        onChange={(v) => setSearch({ status: (v as typeof search.status) ?? undefined })}
        clearable
        w={170}
      />
      {typeFilter && (
        <Select
          aria-label="Type"
          placeholder="All Types"
          data={SHIPMENT_TYPES.map((t) => ({ value: t, label: SHIPMENT_TYPE_LABELS[t] }))}
          value={search.type ?? null}
          onChange={(v) => setSearch({ type: (v as typeof search.type) ?? undefined })}
          clearable
          w={150}
        />
      )}
      {modeFilter && (
        <Select
          aria-label="Transport Mode"
          placeholder="All Modes"
          data={TRANSPORT_MODES.map((m) => ({ value: m, label: TRANSPORT_MODE_LABELS[m] }))}
          value={search.transport_mode ?? null}
          onChange={(v) => setSearch({ transport_mode: (v as typeof search.transport_mode) ?? undefined })}
          clearable
          w={160}
        />
      )}
      {staff && (
        <Checkbox
          label="Failed data checks"
          checked={search.checks === 'failed'}
          onChange={(e) => setSearch({ checks: e.currentTarget.checked ? 'failed' : undefined })}
          style={{ alignSelf: 'center' }}
        />
      )}
      {staff && !scope.mine && (
        <Checkbox
          label="Unassigned"
          checked={search.handler === 'unassigned'}
          onChange={(e) => setSearch({ handler: e.currentTarget.checked ? 'unassigned' : undefined })}
          style={{ alignSelf: 'center' }}
        />
      )}
      {filtered && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => setSearch(CLEARED_FILTERS)}
        >
          Clear Filters
        </Button>
      )}
      <Button component="a" href={csvHref(search, scope)} variant="default" leftSection={<IconDownload size={16} />} download>
        Export CSV
      </Button>
    </Group>
  );
}
