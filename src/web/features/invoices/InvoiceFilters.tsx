import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilterOff } from '@tabler/icons-react';
import { FilterSheet } from '@web/ui/FilterSheet';
import { SearchInput } from '@web/ui/SearchInput';
import { PHONE_QUERY } from '@web/ui/theme';
import { CompanyFilter } from '@web/features/shipments';
import { t } from '@web/lib/i18n';
import { KIND_LABELS, stateOptions } from './labels';
import { activeFilterCount, CLEARED_FILTERS, isFiltered, useInvoiceSearch, type InvoiceSearch } from './search';

/**
 * Search, company (staff), kind, state and the issue-date range. On a customer's phone the search stays and the rest
 * folds into a sheet (FilterSheet), as on their shipment list; staff keep the row.
 */
export function InvoiceFilters({ staff, companyName }: { staff: boolean; companyName?: string }) {
  const [search, setSearch] = useInvoiceSearch();
  const folded = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) && !staff;
  const kindOptions = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label: t(label) }));
  const states = stateOptions();
  // In the sheet each field has its label on screen; in the row its placeholder says what it is.
  const labelled = (label: string) => ({ 'aria-label': label, label: folded ? label : undefined });
  const searchBox = <SearchInput value={search.q ?? ''} onChange={(q) => setSearch({ q })} label={t('Search invoices')} placeholder={t('Search by number or reference')} minWidth={0} />;
  const choices = (
    <>
      {staff && <CompanyFilter value={search.company_id} name={companyName} placeholder={t('All companies')} onChange={(company_id) => setSearch({ company_id })} />}
      <Select
        {...labelled(t('Kind'))}
        placeholder={t('Invoices and credit notes')}
        data={kindOptions}
        value={search.kind ?? null}
        onChange={(v) => setSearch({ kind: (v as InvoiceSearch['kind']) ?? undefined })}
        clearable
      />
      <Select
        {...labelled(t('State'))}
        placeholder={t('All states')}
        data={staff ? states : states.filter((o) => o.value !== 'draft')}
        value={search.state ?? null}
        onChange={(v) => setSearch({ state: (v as InvoiceSearch['state']) ?? undefined })}
        clearable
      />
      <TextInput type="date" {...labelled(t('Issued from'))} placeholder={t('Issued from')} value={search.from ?? ''} onChange={(e) => setSearch({ from: e.currentTarget.value || undefined })} />
      <TextInput type="date" {...labelled(t('Issued to'))} placeholder={t('Issued to')} value={search.to ?? ''} onChange={(e) => setSearch({ to: e.currentTarget.value || undefined })} />
    </>
  );
  const clear = { label: t('Clear filters'), onClear: () => setSearch(CLEARED_FILTERS) };
  if (folded) {
    return (
      <FilterSheet search={searchBox} active={activeFilterCount(search)} show={t('Show invoices')} clear={isFiltered(search) ? clear : undefined}>
        {choices}
      </FilterSheet>
    );
  }
  return (
    <Stack gap="sm" mb="md">
      {searchBox}
      <SimpleGrid cols={{ base: 1, xs: 2, md: staff ? 5 : 4 }} spacing="sm">
        {choices}
      </SimpleGrid>
      {isFiltered(search) && (
        <Group>
          <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={clear.onClear}>
            {clear.label}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
