import { useState, type ReactElement } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconCalculator, IconCopy, IconFileSpreadsheet, IconMapPin, IconTable, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '@domain/access/permissions';
import type { RateMode } from '@domain/rates/pricing';
import type { RateCard } from '@domain/rates/schema';
import type { Carrier } from '@domain/partners/schema';
import { isDecimalString } from '@domain/money/decimal';
import { useUser } from '@web/features/auth';
import { pickerSources } from '@web/features/shipments';
import { AsyncSelect } from '@web/ui/AsyncSelect';
import { formatDay, formatMoney, formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { Section } from '@web/ui/DetailParts';
import { EmptyState } from '@web/ui/EmptyState';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { PageHeader } from '@web/ui/PageHeader';
import { Pager } from '@web/ui/Pager';
import { useConfirmDelete } from '@web/ui/useConfirmDelete';
import { CARDS_PAGE_SIZE, deleteRateCard, rateCardsQuery, type CardFilters } from './api';
import { BASIS_LABELS, MODE_LABELS, SIDE_COLORS, SURCHARGE_LABELS } from './labels';
import { PriceLane } from './PriceLane';
import { CopyCardDialog } from './CopyCardDialog';
import { ZonesSection } from './ZonesSection';

const DAY = 86_400_000;
const daysLeft = (validTo: string) => Math.round((Date.parse(`${validTo}T00:00:00Z`) - Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)) / DAY);
const lane = (c: RateCard) => `${c.origin} → ${c.destination}`;
const who = (c: RateCard) => c.carrier_name ?? c.company_name ?? (c.side === 'sell' ? t('Public tariff') : t('Any supplier'));
const modeOf = (c: RateCard) => `${t(MODE_LABELS[c.mode])}${c.equipment ? ` ${c.equipment}` : ''}`;

/**
 * A rate as it was entered (4.10, 0.855, 1,850.00), with its currency: rates may have more places than money. Grouped
 * and pointed as the reader's language writes numbers.
 */
const rate = (amount: string, currency: string) =>
  `${isDecimalString(amount) ? formatNumber(amount, amount.split('.')[1]?.length ?? 0) : amount} ${currency}`;
/** A percentage as entered ('12.5%'; Turkish '%12,5'). */
const percent = (amount: string) => t('{percent}%', { percent: isDecimalString(amount) ? amount.replace('.', formatNumber(0.5, 1).replace(/\d/g, '')) : amount });

/** "Min 75.00 EUR · 6 breaks, 4.10 EUR to 1.60 EUR per kg". */
function freightText(c: RateCard): string {
  const f = c.freight;
  const rates =
    f.breaks.length === 1
      ? rate(f.breaks[0]!.rate, c.currency)
      : t('{count, plural, one {# break} other {# breaks}}, {first} to {last}', {
          count: f.breaks.length,
          first: rate(f.breaks[0]!.rate, c.currency),
          last: rate(f.breaks.at(-1)!.rate, c.currency),
        });
  return `${f.minimum ? `${t('Min {amount}', { amount: formatMoney(f.minimum, c.currency) })} · ` : ''}${rates} ${t(BASIS_LABELS[f.basis])}`;
}
const surchargeText = (c: RateCard) =>
  c.surcharges.length
    ? c.surcharges.map((s) => `${s.code} ${s.basis === 'percent_of_freight' ? percent(s.amount) : `${rate(s.amount, c.currency)} ${t(SURCHARGE_LABELS[s.basis])}`}`).join(', ')
    : t('None');

function Validity({ card }: { card: RateCard }): ReactElement {
  const left = daysLeft(card.valid_to);
  return (
    <Group gap={6} wrap="wrap">
      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDay(card.valid_from)} – {formatDay(card.valid_to)}
      </Text>
      {left < 0 ? (
        <Badge size="sm" variant="light" color="gray">
          {t('Expired')}
        </Badge>
      ) : left <= 14 ? (
        <Badge size="sm" variant="light" color="yellow" style={{ flexShrink: 0, overflow: 'visible' }}>
          {left === 0 ? t('Ends today') : t('Ends in {days} days', { days: left })}
        </Badge>
      ) : null}
    </Group>
  );
}

const SideBadge = ({ side }: { side: RateCard['side'] }) => (
  <Badge variant="light" color={SIDE_COLORS[side]} style={{ flexShrink: 0, minWidth: 'fit-content' }} styles={{ label: { overflow: 'visible' } }}>
    {side === 'buy' ? t('Buy') : t('Sell')}
  </Badge>
);

/**
 * /rates (issue 40): the buy and sell rate cards by lane, mode, carrier and validity, with "expiring in 14 days", and
 * a lane priced for a cargo on a day. Staff; cards come from rate sheets (the import page) or the API, and are copied
 * to new days or removed from here.
 */
export function RateCardsPage(): ReactElement {
  const user = useUser();
  const writer = can(user.role, 'rates:write');
  const [filters, setFilters] = useState<CardFilters>({ page: 1 });
  const set = (patch: Partial<CardFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const list = useQuery(rateCardsQuery(filters));
  const rows = list.data?.rows ?? [];
  const client = useQueryClient();
  const remove = useMutation({ mutationFn: deleteRateCard, onSuccess: () => client.invalidateQueries({ queryKey: ['rate-cards'] }) });
  const { ask, dialog } = useConfirmDelete<RateCard>(remove, {
    title: t('Remove rate card'),
    message: (c) =>
      t('Remove the {side, select, buy {buy} other {sell}} card {lane} ({mode}) of {who}? Quotes priced from it keep their lines.', {
        side: c.side,
        lane: lane(c),
        mode: modeOf(c),
        who: who(c),
      }),
    deleted: (c) => ({ title: t('Rate card removed'), message: `${lane(c)}, ${who(c)}` }),
  });
  const navigate = useNavigate();
  const [copying, setCopying] = useState<RateCard | null>(null);
  const [carrierName, setCarrierName] = useState<string | null>(null);
  const actions = (c: RateCard) =>
    writer && (
      <Group gap={2} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={t('Copy {lane} of {who} to new days', { lane: lane(c), who: who(c) })} onClick={() => setCopying(c)}>
          <IconCopy size={18} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label={t('Remove {lane} of {who}', { lane: lane(c), who: who(c) })} onClick={() => ask(c)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    );
  const modeOptions = (Object.keys(MODE_LABELS) as RateMode[]).map((value) => ({ value, label: t(MODE_LABELS[value]) }));
  const upper = (v: string) => v.trim().toUpperCase() || undefined;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('Rate cards')}
        subtitle={t('Buy and sell tariffs by lane, with weight breaks, minimums, surcharges and validity')}
        actions={
          writer && (
            <Button onClick={() => void navigate({ to: '/import', search: { kind: 'rate_cards' } })} variant="light" leftSection={<IconFileSpreadsheet size={16} />}>
              {t('Import a rate sheet')}
            </Button>
          )
        }
      />
      <Section title={t('Cards')} icon={<IconTable size={18} />}>
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" mb="sm">
              <Select label={t('Mode')} placeholder={t('All')} clearable data={modeOptions} value={filters.mode ?? null} onChange={(v) => set({ mode: v ?? undefined })} />
              <Select label={t('Side')} placeholder={t('Both')} clearable data={[{ value: 'buy', label: t('Buy') }, { value: 'sell', label: t('Sell') }]} value={filters.side ?? null} onChange={(v) => set({ side: v ?? undefined })} />
              <TextInput label={t('From')} placeholder="IST, TRIST" maxLength={21} value={filters.origin ?? ''} onChange={(e) => set({ origin: upper(e.currentTarget.value) })} />
              <TextInput label={t('To')} placeholder="FRA, DEHAM" maxLength={21} value={filters.destination ?? ''} onChange={(e) => set({ destination: upper(e.currentTarget.value) })} />
              <AsyncSelect<Carrier>
                label={t('Carrier')}
                placeholder={t('All')}
                queryKey={['picker', 'carriers', 'any']}
                fetchRows={pickerSources.anyCarrier}
                toOption={(c) => ({ value: c.id, label: c.name })}
                value={filters.carrier_id ?? null}
                selected={filters.carrier_id && carrierName ? { value: filters.carrier_id, label: carrierName } : null}
                onChange={(_row, option) => (setCarrierName(option?.label ?? null), set({ carrier_id: option?.value }))}
              />
            </SimpleGrid>
            <Switch
              mb="md"
              label={t('Expiring in 14 days')}
              checked={filters.expiring_within !== undefined}
              onChange={(e) => set({ expiring_within: e.currentTarget.checked ? 14 : undefined })}
            />
            <ErrorBanner error={list.error} />
            {list.data && rows.length === 0 ? (
              <EmptyState icon={<IconTable size={28} />} title={t('No rate cards')} text={t('No card matches these filters.')} />
            ) : (
              <>
                <Stack gap="sm" hiddenFrom="md" data-testid="rate-card-list">
                  {rows.map((c) => (
                    <Paper key={c.id} withBorder radius="md" p="sm" data-testid="rate-card">
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <Stack gap={2}>
                          <Group gap={6}>
                            <SideBadge side={c.side} />
                            <Text fw={700}>{lane(c)}</Text>
                          </Group>
                          <Text fz="sm">
                            {modeOf(c)} · {who(c)} · {c.currency}
                            {c.priority ? ` · ${t('priority {priority}', { priority: c.priority })}` : ''}
                          </Text>
                        </Stack>
                        {actions(c)}
                      </Group>
                      <Validity card={c} />
                      <Text fz="sm" c="dimmed">
                        {freightText(c)}
                      </Text>
                      <Text fz="sm" c="dimmed">
                        {t('Surcharges: {surcharges}', { surcharges: surchargeText(c) })}
                      </Text>
                    </Paper>
                  ))}
                </Stack>
                <Box visibleFrom="md" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('Rate cards table')}>
                  <Table verticalSpacing={6} fz="sm" data-testid="rate-cards-table" style={{ opacity: list.isPending ? 0.6 : 1 }}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('Lane')}</Table.Th>
                        <Table.Th w={72}>{t('Side')}</Table.Th>
                        <Table.Th>{t('Of')}</Table.Th>
                        <Table.Th>{t('Valid')}</Table.Th>
                        <Table.Th>{t('Freight and surcharges')}</Table.Th>
                        {writer && <Table.Th aria-label={t('Actions')} />}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((c) => (
                        <Table.Tr key={c.id} data-testid="rate-card-row">
                          <Table.Td>
                            <Text fz="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                              {lane(c)}
                            </Text>
                            <Text fz="xs" c="dimmed">
                              {modeOf(c)} · {c.currency}
                              {c.priority ? ` · ${t('priority {priority}', { priority: c.priority })}` : ''}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <SideBadge side={c.side} />
                          </Table.Td>
                          <Table.Td>{who(c)}</Table.Td>
                          <Table.Td>
                            <Validity card={c} />
                          </Table.Td>
                          <Table.Td>
                            <Text fz="sm">{freightText(c)}</Text>
                            <Text fz="xs" c="dimmed">
                              {surchargeText(c)}
                            </Text>
                          </Table.Td>
                          {writer && <Table.Td>{actions(c)}</Table.Td>}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Box>
              </>
            )}
            <Pager page={filters.page} pageSize={CARDS_PAGE_SIZE} total={list.data?.total ?? 0} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
      </Section>
      <Section title={t('Price a lane')} icon={<IconCalculator size={18} />}>
        <PriceLane />
      </Section>
      <Section title={t('Zones')} icon={<IconMapPin size={18} />}>
        <ZonesSection writer={writer} />
      </Section>
      {dialog}
      {copying && <CopyCardDialog card={copying} onClose={() => setCopying(null)} />}
    </Stack>
  );
}
