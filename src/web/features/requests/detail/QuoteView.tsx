import type { ReactNode } from 'react';
import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { SHIPMENT_TYPE_LABELS, TRANSPORT_MODE_LABELS } from '@domain/common/enums';
import type { CustomerQuote, QuoteLine, StaffQuote } from '@domain/requests/quote-schema';
import type { QuoteTotal } from '@domain/requests/quote-lines';
import { CATEGORY_LABELS, UNIT_LABELS } from '@domain/billing/lines';
import { formatDateTime, formatDay, formatMoney, formatNumber } from '@web/lib/format';
import { t } from '@web/lib/i18n';
import { Field, FieldGrid, Section, TextBlock } from '@web/ui/DetailParts';
import { isStaffQuote } from '../api';

/** The quote's mode: the type quoted, a partial shipment with its transport mode. */
export function quotedModeLabel(q: Pick<CustomerQuote, 'mode' | 'transport_mode'>): string | null {
  if (!q.mode) return null;
  return q.mode === 'partial' && q.transport_mode ? `${t(SHIPMENT_TYPE_LABELS.partial)} (${t(TRANSPORT_MODE_LABELS[q.transport_mode])})` : t(SHIPMENT_TYPE_LABELS[q.mode]);
}

/** A loss reads red. */
const marginColor = (margin: string) => (margin.startsWith('-') ? 'red' : undefined);

const days = (n: number) => t('{count, plural, one {# day} other {# days}}', { count: n });

/** '1,250.00': a decimal string grouped as the reader's language groups it, with its own decimal places. */
const decimal = (s: string) => formatNumber(s, s.split('.')[1]?.length ?? 0);

/** Staff: total, cost and margin per currency (never shown to a customer, whose quote has neither). */
export function TotalsTable({ totals }: { totals: readonly QuoteTotal[] }) {
  return (
    <Table.ScrollContainer minWidth={260}>
      <Table withTableBorder verticalSpacing="xs" horizontalSpacing={6} fz="sm" aria-label={t('Totals per currency')} data-testid="quote-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Currency')}</Table.Th>
            <Table.Th ta="right">{t('Total')}</Table.Th>
            <Table.Th ta="right">{t('Cost')}</Table.Th>
            <Table.Th ta="right">{t('Margin')}</Table.Th>
            <Table.Th ta="right">%</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((row) => (
            <Table.Tr key={row.currency}>
              <Table.Td fw={600}>{row.currency}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{decimal(row.total)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{decimal(row.cost)}</Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} c={marginColor(row.margin)}>
                {decimal(row.margin)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c="dimmed">{row.margin_percent}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'VAT S 20%', 'VAT Z': a line's VAT as the invoice will carry it. */
const vatLabel = (l: QuoteLine) => {
  if (!l.vat_category) return null;
  return l.vat_category === 'S' && l.vat_rate
    ? t('VAT {category} {rate}%', { category: l.vat_category, rate: formatNumber(l.vat_rate) })
    : t('VAT {category}', { category: l.vat_category });
};

/** One line: its code and category, description, quantity x unit price per unit and VAT; the amount on the right. */
function LineRow({ line: l }: { line: QuoteLine }) {
  const detail = [`${decimal(l.quantity)} × ${decimal(l.unit_price)} ${l.currency} ${t(UNIT_LABELS[l.unit])}`, vatLabel(l)].filter(Boolean).join(' · ');
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md" data-testid="quote-line">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fz="sm" fw={500}>
          {l.code ? `${l.code} · ` : ''}
          {t(CATEGORY_LABELS[l.category])}
          {l.description ? ` · ${l.description}` : ''}
        </Text>
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      </Stack>
      <Text fz="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(l.amount, l.currency)}
      </Text>
    </Group>
  );
}

/**
 * A quote as it reads: its charges (code, category, quantity x unit price, VAT, amount), the totals per currency,
 * validity, transit time, terms and the note to the customer. Staff's view of it adds the costs (buy lines) and the
 * cost and margin per currency; a customer's quote carries neither.
 */
export function QuoteView({ quote, title = t('Quote'), actions }: { quote: CustomerQuote | StaffQuote; title?: string; actions?: ReactNode }) {
  const staff = isStaffQuote(quote);
  const mode = quotedModeLabel(quote);
  const costs = staff ? quote.lines.filter((l) => l.side === 'buy') : [];
  return (
    <Section title={title} icon={<IconReceipt size={18} />} actions={actions}>
      <Stack gap="md">
        <Stack gap={6} data-testid="quote-lines">
          {quote.lines
            .filter((l) => l.side === 'sell')
            .map((l, i) => (
              <LineRow key={i} line={l} />
            ))}
        </Stack>
        {costs.length > 0 && (
          <Stack gap={6} data-testid="quote-costs">
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
              {t('Costs (staff only)')}
            </Text>
            {costs.map((l, i) => (
              <LineRow key={i} line={l} />
            ))}
          </Stack>
        )}
        <Divider />
        {staff ? (
          <TotalsTable totals={quote.totals} />
        ) : (
          <Stack gap={4} aria-label={t('Totals per currency')} role="group" data-testid="quote-totals">
            {quote.totals.map((total) => (
              <Group key={total.currency} justify="space-between" wrap="nowrap">
                <Text fw={700}>{t('Total {currency}', { currency: total.currency })}</Text>
                <Text fw={700} ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid={`quote-total-${total.currency}`}>
                  {formatMoney(total.total, total.currency)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <FieldGrid cols={3}>
          <Field label={t('Valid Until')}>{formatDay(quote.valid_until)}</Field>
          <Field label={t('Transit Time')}>{quote.transit_days === null ? null : days(quote.transit_days)}</Field>
          {mode && <Field label={t('Mode Offered')}>{mode}</Field>}
          {quote.sent_at && <Field label={t('Sent')}>{formatDateTime(quote.sent_at)}</Field>}
        </FieldGrid>
        {quote.terms && (
          <Field label={t('Terms')}>
            <TextBlock text={quote.terms} empty="" />
          </Field>
        )}
        {quote.customer_note && (
          <Field label={staff ? t('Note to the Customer') : t('Note')}>
            <TextBlock text={quote.customer_note} empty="" />
          </Field>
        )}
      </Stack>
    </Section>
  );
}
