import { Button, Checkbox, Group, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFilterOff } from '@tabler/icons-react';
import { STATUS_FILTER_LABELS, STATUS_FILTER_OPTIONS, SHIPMENT_TYPES, SHIPMENT_TYPE_LABELS, TRANSPORT_MODES, TRANSPORT_MODE_LABELS } from '@domain/common/enums';
import { t } from '@web/lib/i18n';
import { FilterSheet } from '@web/ui/FilterSheet';
import { SearchInput } from '@web/ui/SearchInput';
import { PHONE_QUERY } from '@web/ui/theme';
import { useUser } from '@web/features/auth';
import { csvHref, type ListScope } from './api';
import { CLEARED_FILTERS, activeFilterCount, isFiltered, useShipmentSearch } from './search';
import { isStaff } from '@domain/access/permissions';

/**
 * Search, status (and type or transport mode) filters, staff's "Failed data checks" (issue 14), 'Clear Filters' when
 * one is set, and the CSV export of what the filters select. On a customer's phone (issue 17) the search stays in the
 * page and the rest folds into a drawer behind a Filters button that counts what is set.
 */
export function ShipmentFilters({ scope, typeFilter = false, modeFilter = false }: { scope: ListScope; typeFilter?: boolean; modeFilter?: boolean }) {
  const [search, setSearch] = useShipmentSearch();
  const staff = isStaff(useUser().role);
  const filtered = isFiltered(search);
  // A customer's phone folds the filters, as their list becomes cards; staff keep the row (their table scrolls).
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) && !staff;
  const set = activeFilterCount(search);

  const searchBox = (
    <SearchInput value={search.q ?? ''} onChange={(q) => setSearch({ q })} placeholder={t('Search by reference, container, BL, MAWB, vessel, company, city')} label={t('Search shipments')} minWidth={phone ? 0 : 220} />
  );
  const choices = (
    <>
      <Select
        aria-label={t('Status')}
        label={phone ? t('Status') : undefined}
        placeholder={t('All Statuses')}
        data={STATUS_FILTER_OPTIONS.map((s) => ({ value: s, label: t(STATUS_FILTER_LABELS[s]) }))}
        value={search.status ?? null}
        onChange={(v) => setSearch({ status: (v as typeof search.status) ?? undefined })}
        clearable
        w={phone ? '100%' : 170}
      />
      {typeFilter && (
        <Select
          aria-label={t('Type')}
          label={phone ? t('Type') : undefined}
          placeholder={t('All Types')}
          data={SHIPMENT_TYPES.map((type) => ({ value: type, label: t(SHIPMENT_TYPE_LABELS[type]) }))}
          value={search.type ?? null}
          onChange={(v) => setSearch({ type: (v as typeof search.type) ?? undefined })}
          clearable
          w={phone ? '100%' : 150}
        />
      )}
      {modeFilter && (
        <Select
          aria-label={t('Transport Mode')}
          label={phone ? t('Transport Mode') : undefined}
          placeholder={t('All Modes')}
          data={TRANSPORT_MODES.map((m) => ({ value: m, label: t(TRANSPORT_MODE_LABELS[m]) }))}
          value={search.transport_mode ?? null}
          onChange={(v) => setSearch({ transport_mode: (v as typeof search.transport_mode) ?? undefined })}
          clearable
          w={phone ? '100%' : 160}
        />
      )}
      {staff && (
        <Checkbox
          label={t('Failed data checks')}
          checked={search.checks === 'failed'}
          onChange={(e) => setSearch({ checks: e.currentTarget.checked ? 'failed' : undefined })}
          style={{ alignSelf: 'center' }}
        />
      )}
      {staff && !scope.mine && (
        <Checkbox
          label={t('Unassigned')}
          checked={search.handler === 'unassigned'}
          onChange={(e) => setSearch({ handler: e.currentTarget.checked ? 'unassigned' : undefined })}
          style={{ alignSelf: 'center' }}
        />
      )}
    </>
  );
  const clear = filtered && (
    <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => setSearch(CLEARED_FILTERS)}>
      {t('Clear Filters')}
    </Button>
  );
  const csv = (
    <Button component="a" href={csvHref(search, scope)} variant="default" leftSection={<IconDownload size={16} />} download>
      {t('Export CSV')}
    </Button>
  );

  if (!phone) {
    return (
      <Group gap="sm" mb="md" wrap="wrap" align="flex-end">
        {searchBox}
        {choices}
        {clear}
        {csv}
      </Group>
    );
  }
  return (
    <FilterSheet search={searchBox} active={set} show={t('Show Shipments')} clear={filtered ? { label: t('Clear Filters'), onClear: () => setSearch(CLEARED_FILTERS) } : undefined} extra={csv}>
      {choices}
    </FilterSheet>
  );
}
