import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { Company } from '@domain/companies/schema';
import { AsyncSelect, type AsyncOption } from '@web/ui/AsyncSelect';
import { SearchInput } from '@web/ui/SearchInput';
import { pickerSources } from '@web/features/shipments';
import { KIND_LABELS, STATE_OPTIONS } from './labels';
import { CLEARED_FILTERS, isFiltered, useInvoiceSearch, type InvoiceSearch } from './search';

const byId = (row: Company): AsyncOption => ({ value: row.id, label: row.name });
const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));

/** Search, company (staff), kind, state and the issue-date range. */
export function InvoiceFilters({ staff, companyName }: { staff: boolean; companyName?: string }) {
  const [search, setSearch] = useInvoiceSearch();
  return (
    <Stack gap="sm" mb="md">
      <SearchInput value={search.q ?? ''} onChange={(q) => setSearch({ q })} label="Search invoices" placeholder="Search by number or reference" minWidth={0} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: staff ? 5 : 4 }} spacing="sm">
        {staff && (
          <AsyncSelect<Company>
            aria-label="Company"
            placeholder="All companies"
            queryKey={['picker', 'companies']}
            fetchRows={pickerSources.companies}
            toOption={byId}
            value={search.company_id ?? null}
            selected={search.company_id && companyName ? { value: search.company_id, label: companyName } : null}
            onChange={(_row, option) => setSearch({ company_id: option?.value })}
          />
        )}
        <Select
          aria-label="Kind"
          placeholder="Invoices and credit notes"
          data={KIND_OPTIONS}
          value={search.kind ?? null}
          onChange={(v) => setSearch({ kind: (v as InvoiceSearch['kind']) ?? undefined })}
          clearable
        />
        <Select
          aria-label="State"
          placeholder="All states"
          data={staff ? STATE_OPTIONS : STATE_OPTIONS.filter((o) => o.value !== 'draft')}
          value={search.state ?? null}
          onChange={(v) => setSearch({ state: (v as InvoiceSearch['state']) ?? undefined })}
          clearable
        />
        <TextInput type="date" aria-label="Issued from" placeholder="Issued from" value={search.from ?? ''} onChange={(e) => setSearch({ from: e.currentTarget.value || undefined })} />
        <TextInput type="date" aria-label="Issued to" placeholder="Issued to" value={search.to ?? ''} onChange={(e) => setSearch({ to: e.currentTarget.value || undefined })} />
      </SimpleGrid>
      {isFiltered(search) && (
        <Group>
          <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => setSearch(CLEARED_FILTERS)}>
            Clear filters
          </Button>
        </Group>
      )}
    </Stack>
  );
}
