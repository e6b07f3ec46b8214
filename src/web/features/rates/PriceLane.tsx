import { useState, type ReactElement } from 'react';
import { Badge, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { RateMode } from '@domain/rates/pricing';
import type { ContainerType } from '@domain/common/enums';
import { EQUIPMENT, type RateLookupInput } from '@domain/rates/schema';
import { isDecimalString } from '@domain/money/decimal';
import { CURRENCY_CODES } from '@domain/money/currencies';
import { formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { ErrorBanner } from '@web/ui/ErrorBanner';
import { lookupRates } from './api';
import { MODE_LABELS, REASON_LABELS, SIDE_COLORS } from './labels';

const today = () => new Date().toISOString().slice(0, 10);
const CURRENCY_OPTIONS = [...CURRENCY_CODES].sort();
const reasonText = (reason: string) => {
  const label = REASON_LABELS[reason];
  return label ? t(label) : reason;
};

/**
 * "Price a lane" (issue 40): the lane's cards priced for a cargo on a day by the server's lookup, cheapest first, each
 * with its lines; the cards that did not match, with why.
 */
export function PriceLane(): ReactElement {
  const [mode, setMode] = useState<RateMode>('air');
  const [origin, setOrigin] = useState('IST');
  const [destination, setDestination] = useState('FRA');
  const [date, setDate] = useState(today());
  const [quantity, setQuantity] = useState('480');
  const [equipment, setEquipment] = useState<ContainerType>('40HC');
  const [count, setCount] = useState<number | string>(1);
  const [currency, setCurrency] = useState<string | null>(null);
  const byWeight = mode === 'air' || mode === 'land';
  const input = (): RateLookupInput => ({
    mode, origin: origin.trim().toUpperCase(), destination: destination.trim().toUpperCase(), date,
    ...(byWeight ? { chargeable_weight: quantity.trim() } : mode === 'sea_lcl' ? { revenue_tons: quantity.trim() } : { containers: [{ type: equipment, count: Number(count) || 1 }] }),
    ...(currency ? { currency } : {}),
  });
  const run = useMutation({ mutationFn: () => lookupRates(input()) });
  const badQuantity = mode !== 'sea_fcl' && quantity.trim() !== '' && !isDecimalString(quantity.trim());
  const r = run.data;
  const modeOptions = (Object.keys(MODE_LABELS) as RateMode[]).map((value) => ({ value, label: t(MODE_LABELS[value]) }));
  const placeCode = mode === 'air' ? t('IATA code') : 'UN/LOCODE';
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Select label={t('Mode')} data={modeOptions} value={mode} onChange={(v) => v && setMode(v)} allowDeselect={false} />
        <TextInput type="date" label={t('On')} value={date} onChange={(e) => setDate(e.currentTarget.value)} />
        <TextInput label={t('From')} description={placeCode} value={origin} onChange={(e) => setOrigin(e.currentTarget.value)} maxLength={5} />
        <TextInput label={t('To')} description={placeCode} value={destination} onChange={(e) => setDestination(e.currentTarget.value)} maxLength={5} />
        {mode === 'sea_fcl' ? (
          <>
            <Select label={t('Equipment')} data={[...EQUIPMENT]} value={equipment} onChange={(v) => v && setEquipment(v)} allowDeselect={false} />
            <NumberInput label={t('Containers')} min={1} max={999} value={count} onChange={setCount} />
          </>
        ) : (
          <TextInput
            label={byWeight ? t('Chargeable weight (kg)') : t('Revenue tons (W/M)')}
            inputMode="decimal"
            value={quantity}
            onChange={(e) => setQuantity(e.currentTarget.value)}
            error={badQuantity ? t('A number such as 480 or 2.4') : undefined}
          />
        )}
        <Select label={t('Show in')} placeholder={t("Each card's currency")} searchable clearable data={CURRENCY_OPTIONS} value={currency} onChange={setCurrency} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button leftSection={<IconCalculator size={16} />} disabled={badQuantity || !origin.trim() || !destination.trim() || run.isPending} loading={run.isPending} onClick={() => run.mutate()}>
          {t('Price')}
        </Button>
      </Group>
      <ErrorBanner error={run.error} />
      {r && (
        <Stack gap="sm">
          {r.rates.length === 0 && (
            <Text fz="sm" c="dimmed">
              {t('No card prices this lane on that day.')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="priced-rates">
          {r.rates.map((rate) => (
            <Paper key={rate.card_id} withBorder radius="md" p="sm" data-testid="priced-rate">
              <Group justify="space-between" wrap="nowrap" align="flex-start" mb={4}>
                <Group gap={6} wrap="wrap">
                  <Badge variant="light" color={SIDE_COLORS[rate.side]}>
                    {rate.side === 'buy' ? t('Buy') : t('Sell')}
                  </Badge>
                  <Text fz="sm" fw={600}>
                    {rate.carrier_name ?? rate.company_name ?? t('Public tariff')}
                    {rate.equipment ? ` · ${rate.equipment}` : ''}
                  </Text>
                </Group>
                <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="priced-total">
                  {formatMoney(rate.total, rate.currency)}
                </Text>
              </Group>
              <Table fz="sm" verticalSpacing={2} withRowBorders={false}>
                <Table.Tbody>
                  {rate.lines.map((l) => (
                    <Table.Tr key={l.code}>
                      <Table.Td>{l.code}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(l.amount, rate.currency)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {rate.card_currency !== rate.currency && (
                <Text fz="xs" c="dimmed" mt={4}>
                  {t('{amount} on the card, at the rate of {date}', { amount: formatMoney(rate.card_total, rate.card_currency), date: rate.rate_date ?? '' })}
                </Text>
              )}
            </Paper>
          ))}
          </SimpleGrid>
          {r.unmatched.length > 0 && (
            <Text fz="sm" c="dimmed" data-testid="unmatched-rates">
              {t('Not priced: {reasons}.', { reasons: r.unmatched.map((u) => reasonText(u.reason)).join('; ') })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
