import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { CHARGE_FIELDS, COST_FIELDS } from '@domain/common/enums';
import { CHARGE_LABELS, COST_LABELS, type ShipmentDetail } from '@domain/shipments/index';
import { formatMoney } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { Section } from '@web/ui/DetailParts';
import { fieldMoney } from '../field-money';
import { dec } from '@domain/money/decimal';
import { COST_BASIS_LABELS } from '@domain/billing/supplier-bills';

type Line = { label: string; amount: number; currency: string };

/** The entered (non-null, non-zero) charges or costs with their own currency. */
function lines(s: ShipmentDetail, fields: readonly string[], labels: Record<string, string>): Line[] {
  const row = s as unknown as Record<string, unknown>;
  return fields.flatMap((f) => {
    const amount = row[f];
    if (typeof amount !== 'number' || amount === 0) return [];
    const currency = row[`${f}_currency`];
    return [{ label: labels[f]!, amount, currency: typeof currency === 'string' && currency ? currency : s.currency }];
  });
}

function LineList({ title, items, empty }: { title: string; items: Line[]; empty: string }) {
  return (
    <Stack gap={6} aria-label={title}>
      <Text fw={700} fz="sm">
        {title}
      </Text>
      {items.length === 0 && (
        <Text fz="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {items.map((l) => (
        <Group key={l.label} justify="space-between" wrap="nowrap" gap="md">
          <Text fz="sm" c="dimmed">
            {t(l.label)}
          </Text>
          <Text fz="sm" fw={500} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {fieldMoney(l.amount, l.currency)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The colour of a signed decimal string: teal above 0, red below, none at 0. */
const signed = (x: string) => (x.startsWith('-') ? 'red' : dec(x).gt(0) ? 'teal' : undefined);

/** Staff only: charges and costs, then per currency the totals, profit and margin (decision 0143, no conversion). */
export function FinancialSummary({ shipment }: { shipment: ShipmentDetail }) {
  const charges = lines(shipment, CHARGE_FIELDS, CHARGE_LABELS);
  const costs = lines(shipment, COST_FIELDS, COST_LABELS);
  // Unset amounts are stored as 0: a currency with nothing but zeros says nothing. The totals are over all the
  // shipment's charge lines (the fields' lines and those added on the Charges panel).
  const totals = shipment.totals.filter((t) => !dec(t.total_revenue).eq(0) || !dec(t.total_cost).eq(0));
  return (
    <Section title={t('Financial Summary')} icon={<IconCoins size={18} />}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" mb="lg">
        <LineList title={t('Charges')} items={charges} empty={t('No charges entered')} />
        <LineList title={t('Costs')} items={costs} empty={t('No costs entered')} />
      </SimpleGrid>
      {totals.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('No charges or costs recorded yet')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder verticalSpacing="xs" aria-label={t('Totals per currency')} data-testid="financial-totals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Currency')}</Table.Th>
                <Table.Th ta="right">{t('Total Charges')}</Table.Th>
                <Table.Th ta="right">{t('Total Costs')}</Table.Th>
                <Table.Th ta="right">{t('Profit')}</Table.Th>
                <Table.Th ta="right">{t('Margin')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {totals.map((sum) => (
                <Table.Tr key={sum.currency}>
                  <Table.Td fw={600}>{sum.currency}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMoney(sum.total_revenue, sum.currency)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" data-testid="financial-cost">
                    {formatMoney(sum.total_cost, sum.currency)}
                    {sum.cost_basis !== 'accrued' && (
                      // Issue 39: supplier bills matched to the costs make them actual; the accrued figure stays beside.
                      <Text fz="xs" c="dimmed" ff="text" style={{ whiteSpace: 'nowrap' }}>
                        {t('{basis} · accrued {amount}', { basis: t(COST_BASIS_LABELS[sum.cost_basis]), amount: formatMoney(sum.cost_accrued, sum.currency) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" c={signed(sum.profit)} fw={600}>
                    {formatMoney(sum.profit, sum.currency)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" c={signed(sum.margin_percent)}>
                    {sum.margin_percent}%
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
