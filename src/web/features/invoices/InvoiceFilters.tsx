import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { Company } from '@domain/companies/schema';
import { AsyncSelect, type AsyncOption } from '@web/ui/AsyncSelect';
import { SearchInput } from '@web/ui/SearchInput';
import { pickerSources } from '@web/features/shipments';
import { t } from '@web/lib/i18n';
import { KIND_LABELS, stateOptions } from './labels';
import { CLEARED_FILTERS, isFiltered, useInvoiceSearch, type InvoiceSearch } from './search';

const byId = (row: Company): AsyncOption => ({ value: row.id, label: row.name });

/** Search, company (staff), kind, state and the issue-date range. */
export function InvoiceFilters({ staff, companyName }: { staff: boolean; companyName?: string }) {
  const [search, setSearch] = useInvoiceSearch();
  const kindOptions = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label: t(label) }));
  const states = stateOptions();
  return (
    <Stack gap="sm" mb="md">
      <SearchInput value={search.q ?? ''} onChange={(q) => setSearch({ q })} label={t('Search invoices')} placeholder={t('Search by number or reference')} minWidth={0} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: staff ? 5 : 4 }} spacing="sm">
        {staff && (
          <AsyncSelect<Company>
            aria-label={t('Company')}
            placeholder={t('All companies')}
            queryKey={['picker', 'companies']}
            fetchRows={pickerSources.companies}
            toOption={byId}
            value={search.company_id ?? null}
            selected={search.company_id && companyName ? { value: search.company_id, label: companyName } : null}
            onChange={(_row, option) => setSearch({ company_id: option?.value })}
          />
        )}
        <Select
          aria-label={t('Kind')}
          placeholder={t('Invoices and credit notes')}
          data={kindOptions}
          value={search.kind ?? null}
          onChange={(v) => setSearch({ kind: (v as InvoiceSearch['kind']) ?? undefined })}
          clearable
        />
        <Select
          aria-label={t('State')}
          placeholder={t('All states')}
          data={staff ? states : states.filter((o) => o.value !== 'draft')}
          value={search.state ?? null}
          onChange={(v) => setSearch({ state: (v as InvoiceSearch['state']) ?? undefined })}
          clearable
        />
        <TextInput type="date" aria-label={t('Issued from')} placeholder={t('Issued from')} value={search.from ?? ''} onChange={(e) => setSearch({ from: e.currentTarget.value || undefined })} />
        <TextInput type="date" aria-label={t('Issued to')} placeholder={t('Issued to')} value={search.to ?? ''} onChange={(e) => setSearch({ to: e.currentTarget.value || undefined })} />
      </SimpleGrid>
      {isFiltered(search) && (
        <Group>
          <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => setSearch(CLEARED_FILTERS)}>
            {t('Clear filters')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
