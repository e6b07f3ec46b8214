import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { Company } from '@domain/companies/schema';
import { AsyncSelect, type AsyncOption } from '@web/ui/AsyncSelect';
import { SearchInput } from '@web/ui/SearchInput';
import { pickerSources } from '@web/features/shipments';
import { MODE_OPTIONS, STATUS_OPTIONS } from './request-labels';
import { CLEARED_FILTERS, isFiltered, useRequestSearch, type RequestSearch } from './search';

const byId = (row: Company): AsyncOption => ({ value: row.id, label: row.name });
const HANDLER_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'me', label: 'Mine' },
  { value: 'none', label: 'Unassigned' },
];

/**
 * The list's search box and filters: status for everyone; staff also filter by mode, customer company (the company
 * picker of the shipment form) and handler (all, their own, unassigned). `companyName` labels a company chosen
 * earlier (from the URL) before the picker has loaded it.
 */
export function RequestFilters({ staff, companyName }: { staff: boolean; companyName?: string }) {
  const [search, setSearch] = useRequestSearch();
  const status = (
    <Select
      aria-label="Status"
      placeholder="All Statuses"
      data={STATUS_OPTIONS}
      value={search.status ?? null}
      onChange={(v) => setSearch({ status: (v as RequestSearch['status']) ?? undefined })}
      clearable
    />
  );
  const clear = isFiltered(search) && (
    <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => setSearch(CLEARED_FILTERS)}>
      Clear Filters
    </Button>
  );
  const searchBox = (
    <SearchInput
      value={search.q ?? ''}
      onChange={(q) => setSearch({ q })}
      label="Search requests"
      placeholder={staff ? 'Search by number, company, city, cargo' : 'Search by number, city, cargo'}
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
          aria-label="Handler"
          data={HANDLER_OPTIONS}
          value={search.handler ?? 'all'}
          onChange={(v) => setSearch({ handler: v === 'all' ? undefined : (v as RequestSearch['handler']) })}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {status}
        <Select
          aria-label="Mode"
          placeholder="All Modes"
          data={MODE_OPTIONS}
          value={search.mode ?? null}
          onChange={(v) => setSearch({ mode: (v as RequestSearch['mode']) ?? undefined })}
          clearable
        />
        <AsyncSelect<Company>
          aria-label="Company"
          placeholder="All Companies"
          queryKey={['picker', 'companies']}
          fetchRows={pickerSources.companies}
          toOption={byId}
          value={search.company_id ?? null}
          selected={search.company_id && companyName ? { value: search.company_id, label: companyName } : null}
          onChange={(_row, option) => setSearch({ company_id: option?.value })}
        />
      </SimpleGrid>
      {clear && <Group>{clear}</Group>}
    </Stack>
  );
}
