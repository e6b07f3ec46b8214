import { useState, type ReactElement } from 'react';
import { Badge, Grid, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconArrowsExchange, IconCurrencyEuro, IconPencil, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { can } from '@domain/access/permissions';
import { useUser } from '@web/features/auth';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { Section } from '@web/ui/DetailParts';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { RATES_PAGE_SIZE, ratesQuery, type RateFilters } from './api';
import { Converter } from './Converter';
import { CURRENCY_OPTIONS, EcbUpload, ManualRateForm } from './RateForms';

const SOURCE_COLORS = { ECB: 'blue', MANUAL: 'grape' } as const;

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
      <PageHeader title={t('Exchange rates')} subtitle={t('1 EUR in each currency, by day and source; conversions use the last rate on or before the day')} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Section title={t('Stored rates')} icon={<IconCurrencyEuro size={18} />}>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 2, xl: 4 }} spacing="sm" mb="md">
              <Select label={t('Currency')} placeholder={t('All')} searchable clearable data={CURRENCY_OPTIONS.filter((c) => c !== 'EUR')} value={filters.currency ?? null} onChange={(v) => set({ currency: v ?? undefined })} />
              <Select label={t('Source')} placeholder={t('All')} clearable data={[{ value: 'ECB', label: 'ECB' }, { value: 'MANUAL', label: t('Manual') }]} value={filters.source ?? null} onChange={(v) => set({ source: (v as RateFilters['source']) ?? undefined })} />
              <TextInput type="date" label={t('From day')} value={filters.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || undefined })} />
              <TextInput type="date" label={t('To day')} value={filters.to ?? ''} onChange={(e) => set({ to: e.currentTarget.value || undefined })} />
            </SimpleGrid>
            <ErrorBanner error={list.error} />
            {list.data && rows.length === 0 ? (
              <EmptyState icon={<IconCurrencyEuro size={28} />} title={t('No rates')} text={admin ? t('Upload the ECB file or enter a rate.') : t('An administrator uploads the ECB file or enters rates.')} />
            ) : (
              <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('Rates table')}>
                <Table verticalSpacing={6} fz="sm" data-testid="rates-table" style={{ opacity: list.isPending ? 0.6 : 1 }}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('Day')}</Table.Th>
                      <Table.Th>{t('Currency')}</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>1 EUR =</Table.Th>
                      <Table.Th>{t('Source')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((r) => (
                      <Table.Tr key={`${r.source}${r.rate_date}${r.currency}`} data-testid="rate-row">
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(r.rate_date)}</Table.Td>
                        <Table.Td fw={600}>{r.currency}</Table.Td>
                        <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{r.rate}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={SOURCE_COLORS[r.source]}>
                            {r.source === 'ECB' ? 'ECB' : t('Manual')}
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
            <Section title={t('Converter')} icon={<IconArrowsExchange size={18} />}>
              <Converter />
            </Section>
            {admin ? (
              <>
                <Section title={t('Upload the ECB file')} icon={<IconUpload size={18} />}>
                  <EcbUpload />
                </Section>
                <Section title={t('Enter a rate')} icon={<IconPencil size={18} />}>
                  <ManualRateForm />
                </Section>
              </>
            ) : (
              <Paper withBorder radius="md" p="md">
                <Text fz="sm" c="dimmed">
                  {t('Administrators upload the ECB file and enter manual rates.')}
                </Text>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
