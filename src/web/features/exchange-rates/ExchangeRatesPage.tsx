import { useState, type ReactElement } from 'react';
import { Badge, Grid, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconArrowsExchange, IconCurrencyEuro, IconPencil, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { can } from '@domain/access/permissions';
import { useUser } from '@web/features/auth';
import { formatDay } from '@web/lib/format';
import { Section } from '@web/ui/DetailParts';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { RATES_PAGE_SIZE, ratesQuery, type RateFilters } from './api';
import { Converter } from './Converter';
import { CURRENCY_OPTIONS, EcbUpload, ManualRateForm } from './RateForms';

/**
 * /exchange-rates (issue 38): the stored rates by day, currency and source (as published: 0.87980 keeps its zero),
 * with filters and a converter for staff; administrators also upload the ECB's file and enter manual rates.
 */
export function ExchangeRatesPage(): ReactElement {
  const user = useUser();
  const admin = can(user.role, 'exchange_rates:write');
  const [filters, setFilters] = useState<RateFilters>({ page: 1 });
  const set = (patch: Partial<RateFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const list = useQuery(ratesQuery(filters));
  const rows = list.data?.rows ?? [];

  return (
    <Stack gap="md">
      <PageHeader title="Exchange rates" subtitle="1 EUR in each currency, by day and source; conversions use the last rate on or before the day" />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Section title="Stored rates" icon={<IconCurrencyEuro size={18} />}>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 2, xl: 4 }} spacing="sm" mb="md">
              <Select label="Currency" placeholder="All" searchable clearable data={CURRENCY_OPTIONS.filter((c) => c !== 'EUR')} value={filters.currency ?? null} onChange={(v) => set({ currency: v ?? undefined })} />
              <Select label="Source" placeholder="All" clearable data={[{ value: 'ECB', label: 'ECB' }, { value: 'MANUAL', label: 'Manual' }]} value={filters.source ?? null} onChange={(v) => set({ source: (v as RateFilters['source']) ?? undefined })} />
              <TextInput type="date" label="From day" value={filters.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || undefined })} />
              <TextInput type="date" label="To day" value={filters.to ?? ''} onChange={(e) => set({ to: e.currentTarget.value || undefined })} />
            </SimpleGrid>
            <ErrorBanner error={list.error} />
            {list.data && rows.length === 0 ? (
              <EmptyState icon={<IconCurrencyEuro size={28} />} title="No rates" text={admin ? 'Upload the ECB file or enter a rate.' : 'An administrator uploads the ECB file or enters rates.'} />
            ) : (
              <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Rates table">
                <Table verticalSpacing={6} fz="sm" data-testid="rates-table" style={{ opacity: list.isPending ? 0.6 : 1 }}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Day</Table.Th>
                      <Table.Th>Currency</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>1 EUR =</Table.Th>
                      <Table.Th>Source</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((r) => (
                      <Table.Tr key={`${r.source}${r.rate_date}${r.currency}`} data-testid="rate-row">
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(r.rate_date)}</Table.Td>
                        <Table.Td fw={600}>{r.currency}</Table.Td>
                        <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{r.rate}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={r.source === 'ECB' ? 'blue' : 'grape'}>
                            {r.source === 'ECB' ? 'ECB' : 'Manual'}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            )}
            <Pager page={filters.page} pageSize={RATES_PAGE_SIZE} total={list.data?.total ?? 0} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <Section title="Converter" icon={<IconArrowsExchange size={18} />}>
              <Converter />
            </Section>
            {admin ? (
              <>
                <Section title="Upload the ECB file" icon={<IconUpload size={18} />}>
                  <EcbUpload />
                </Section>
                <Section title="Enter a rate" icon={<IconPencil size={18} />}>
                  <ManualRateForm />
                </Section>
              </>
            ) : (
              <Paper withBorder radius="md" p="md">
                <Text fz="sm" c="dimmed">
                  Administrators upload the ECB file and enter manual rates.
                </Text>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
