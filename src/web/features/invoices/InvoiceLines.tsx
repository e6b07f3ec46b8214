import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { UNIT_LABELS, type ChargeUnit } from '@domain/billing/lines';
import type { Invoice } from '@domain/billing/schema';
import { formatDay } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { PHONE_QUERY } from '@web/ui/theme';
import { vatLabel } from './labels';
import { formatMoney, trimZeros } from './money';

type Line = NonNullable<Invoice['lines']>[number];

const unitLabel = (unit: string) => (unit in UNIT_LABELS ? t(UNIT_LABELS[unit as ChargeUnit]) : unit);
const vatText = (l: Pick<Line, 'vat_category' | 'vat_rate'>) => `${l.vat_category} ${trimZeros(l.vat_rate)}%`;

/** "From 1,000.00 USD at 0.911992 (rate of 26 Apr 2023)" under a converted line. */
function SourceNote({ line }: { line: Line }) {
  if (!line.source_currency || !line.source_amount) return null;
  const values = { amount: formatMoney(line.source_amount, line.source_currency), rate: line.exchange_rate, date: line.exchange_rate_date ? formatDay(line.exchange_rate_date) : '' };
  return (
    <Text fz="xs" c="dimmed" data-testid="line-source">
      {line.exchange_rate && line.exchange_rate_date
        ? t('From {amount} at {rate} (rate of {date})', values)
        : line.exchange_rate
          ? t('From {amount} at {rate}', values)
          : line.exchange_rate_date
            ? t('From {amount} (rate of {date})', values)
            : t('From {amount}', values)}
    </Text>
  );
}

/** An invoice's lines: a table, or one card per line on a phone. */
export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const lines = invoice.lines ?? [];
  if (lines.length === 0) return <Text c="dimmed" fz="sm">{t('No lines.')}</Text>;
  if (phone) {
    return (
      <Stack gap="xs" data-testid="invoice-lines">
        {lines.map((l) => (
          <Paper key={l.position} withBorder radius="sm" p="sm" data-testid="invoice-line">
            <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {l.description}
            </Text>
            {l.shipment_reference && <Text fz="xs" c="dimmed">{t('Shipment {reference}', { reference: l.shipment_reference })}</Text>}
            <Group justify="space-between" gap="xs" wrap="nowrap" mt={4}>
              <Text fz="sm" c="dimmed">
                {trimZeros(l.quantity)} × {formatMoney(l.unit_price, invoice.currency)} · {t('VAT {rate}', { rate: vatText(l) })}
              </Text>
              <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(l.net, invoice.currency)}
              </Text>
            </Group>
            <SourceNote line={l} />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('Invoice lines')}>
      <Table verticalSpacing="xs" miw={760} data-testid="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('Description')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('Quantity')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('Unit price')}</Table.Th>
            <Table.Th>{t('VAT')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('Net ({currency})', { currency: invoice.currency })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.position} data-testid="invoice-line">
              <Table.Td>{l.position}</Table.Td>
              <Table.Td>
                <Text fz="sm">{l.description}</Text>
                {l.shipment_reference && <Text fz="xs" c="dimmed">{t('Shipment {reference}', { reference: l.shipment_reference })}</Text>}
                {l.exemption_reason && <Text fz="xs" c="dimmed">{t('Exemption: {reason}', { reason: l.exemption_reason })}</Text>}
                <SourceNote line={l} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {trimZeros(l.quantity)} {unitLabel(l.unit)}
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(l.unit_price, invoice.currency)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{vatText(l)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(l.net, invoice.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

type Subtotal = { category: string; rate: string; taxable: string; tax: string; exemption_reason?: string | null };

/** The tax summary per VAT category and rate (EN 16931 BG-23), as the server or the editor computed it. */
export function TaxSummary({ subtotals, currency }: { subtotals: readonly Subtotal[]; currency: string }) {
  if (subtotals.length === 0) return null;
  return (
    // Three columns (the rate beside its category) so that a phone's width holds them without scrolling.
    <Table verticalSpacing={4} fz="sm" data-testid="tax-summary">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('VAT category')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('Taxable')}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t('VAT')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {subtotals.map((s) => (
          <Table.Tr key={`${s.category}|${s.rate}`} data-testid="tax-subtotal">
            <Table.Td>
              {vatLabel(s.category)} · {trimZeros(s.rate)}%
              {s.exemption_reason && <Text fz="xs" c="dimmed">{s.exemption_reason}</Text>}
            </Table.Td>
            <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(s.taxable, currency)}</Table.Td>
            <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatMoney(s.tax, currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Label and amount on one line, the amount right-aligned. */
export function AmountRow({ label, amount, currency, strong, testId, color }: { label: string; amount: string; currency: string; strong?: boolean; testId?: string; color?: string }) {
  const labelColor = strong ? undefined : 'dimmed';
  const amountSize = strong ? 'md' : 'sm';
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text fz="sm" fw={strong ? 700 : undefined} c={labelColor}>
        {label}
      </Text>
      <Text fz={amountSize} fw={strong ? 700 : 500} c={color} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(amount, currency)}
      </Text>
    </Group>
  );
}
