import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { SearchInput } from '@web/ui/SearchInput';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { CompanyFilter } from '@web/features/shipments';
import { MODE_OPTIONS, STATUS_OPTIONS, translated } from './request-labels';
import { CLEARED_FILTERS, isFiltered, useRequestSearch, type RequestSearch } from './search';

const HANDLER_OPTIONS = [
  { value: 'all', label: msg('All') },
  { value: 'me', label: msg('Mine') },
  { value: 'none', label: msg('Unassigned') },
];

/**
 * The list's search box and filters: status for everyone; staff also filter by mode, customer company (the company
 * picker of the shipment form) and handler (all, their own, unassigned). `companyName` labels a company chosen
 * earlier (from the URL) before the picker has loaded it.
 */
export function RequestFilters({ staff, companyName }: { staff: boolean; companyName?: string }) {
  const [search, setSearch] = useRequestSearch();
  const handler = search.handler ?? 'all';
  const status = (
    <Select
      aria-label={t('Status')}
      placeholder={t('All Statuses')}
      data={translated(STATUS_OPTIONS)}
      value={search.status ?? null}
      onChange={(v) => setSearch({ status: (v as RequestSearch['status']) ?? undefined })}
      clearable
    />
  );
  const clear = isFiltered(search) && (
    <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => setSearch(CLEARED_FILTERS)}>
      {t('Clear Filters')}
    </Button>
  );
  const searchBox = (
    <SearchInput
      value={search.q ?? ''}
      onChange={(q) => setSearch({ q })}
      label={t('Search requests')}
      placeholder={staff ? t('Search by number, company, city, cargo') : t('Search by number, city, cargo')}
      minWidth={0}
    />
  );
  if (!staff) {
    return (
      <Group gap="sm" wrap="wrap" align="center" mb="md">
        <div style={{ flex: '3 1 240px', display: 'flex', minWidth: 0 }}>{searchBox}</div>
        <div style={{ flex: '1 1 180px', minWidth: 0 }}>{status}</div>
        {clear}
      </Group>
    );
  }
  return (
    <Stack gap="sm" mb="md">
      <Group gap="sm" wrap="wrap" align="center">
        <div style={{ flex: '1 1 240px', display: 'flex', minWidth: 0 }}>{searchBox}</div>
        <SegmentedControl
          aria-label={t('Handler')}
          data={translated(HANDLER_OPTIONS)}
          value={handler}
          onChange={(v) => setSearch({ handler: v === 'all' ? undefined : (v as RequestSearch['handler']) })}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {status}
        <Select
          aria-label={t('Mode')}
          placeholder={t('All Modes')}
          data={translated(MODE_OPTIONS)}
          value={search.mode ?? null}
          onChange={(v) => setSearch({ mode: (v as RequestSearch['mode']) ?? undefined })}
          clearable
        />
        <CompanyFilter value={search.company_id} name={companyName} placeholder={t('All Companies')} onChange={(company_id) => setSearch({ company_id })} />
      </SimpleGrid>
      {clear && <Group>{clear}</Group>}
    </Stack>
  );
}
