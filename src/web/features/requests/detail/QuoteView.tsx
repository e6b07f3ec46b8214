import type { ReactNode } from 'react';
import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { SHIPMENT_TYPE_LABELS, TRANSPORT_MODE_LABELS } from '@domain/common/enums';
import type { CustomerQuote, QuoteLine, StaffQuote } from '@domain/requests/quote-schema';
import { formatAmount, groupedDecimal, type QuoteTotal } from '@domain/requests/quote-lines';
import { CATEGORY_LABELS, UNIT_LABELS } from '@domain/billing/lines';
import { formatDateTime, formatDay } from '@web/lib/format';
import { Field, FieldGrid, Section, TextBlock } from '@web/ui/DetailParts';
import { isStaffQuote } from '../api';

/** The quote's mode: the type quoted, a partial shipment with its transport mode. */
export function quotedModeLabel(q: Pick<CustomerQuote, 'mode' | 'transport_mode'>): string | null {
  if (!q.mode) return null;
  return q.mode === 'partial' && q.transport_mode ? `${SHIPMENT_TYPE_LABELS.partial} (${TRANSPORT_MODE_LABELS[q.transport_mode]})` : SHIPMENT_TYPE_LABELS[q.mode];
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Staff: total, cost and margin per currency (never shown to a customer, whose quote has neither). */
export function TotalsTable({ totals }: { totals: readonly QuoteTotal[] }) {
  return (
    <Table.ScrollContainer minWidth={260}>
      <Table withTableBorder verticalSpacing="xs" horizontalSpacing={6} fz="sm" aria-label="Totals per currency" data-testid="quote-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Currency</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Cost</Table.Th>
            <Table.Th ta="right">Margin</Table.Th>
            <Table.Th ta="right">%</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((t) => (
            <Table.Tr key={t.currency}>
              <Table.Td fw={600}>{t.currency}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{groupedDecimal(t.total)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{groupedDecimal(t.cost)}</Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} c={t.margin.startsWith('-') ? 'red' : undefined}>
                {groupedDecimal(t.margin)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c="dimmed">{t.margin_percent}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'VAT S 20%', 'VAT Z': a line's VAT as the invoice will carry it. */
const vatLabel = (l: QuoteLine) => (l.vat_category ? `VAT ${l.vat_category}${l.vat_category === 'S' && l.vat_rate ? ` ${l.vat_rate}%` : ''}` : null);

/** One line: its code and category, description, quantity x unit price per unit and VAT; the amount on the right. */
function LineRow({ line: l }: { line: QuoteLine }) {
  const detail = [`${groupedDecimal(l.quantity)} × ${groupedDecimal(l.unit_price)} ${l.currency} ${UNIT_LABELS[l.unit]}`, vatLabel(l)].filter(Boolean).join(' · ');
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md" data-testid="quote-line">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fz="sm" fw={500}>
          {l.code ? `${l.code} · ` : ''}
          {CATEGORY_LABELS[l.category]}
          {l.description ? ` · ${l.description}` : ''}
        </Text>
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      </Stack>
      <Text fz="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(l.amount, l.currency)}
      </Text>
    </Group>
  );
}

/**
 * A quote as it reads: its charges (code, category, quantity x unit price, VAT, amount), the totals per currency,
 * validity, transit time, terms and the note to the customer. Staff's view of it adds the costs (buy lines) and the
 * cost and margin per currency; a customer's quote carries neither.
 */
export function QuoteView({ quote, title = 'Quote', actions }: { quote: CustomerQuote | StaffQuote; title?: string; actions?: ReactNode }) {
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
              Costs (staff only)
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
          <Stack gap={4} aria-label="Totals per currency" role="group" data-testid="quote-totals">
            {quote.totals.map((t) => (
              <Group key={t.currency} justify="space-between" wrap="nowrap">
                <Text fw={700}>Total {t.currency}</Text>
                <Text fw={700} ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid={`quote-total-${t.currency}`}>
                  {formatAmount(t.total, t.currency)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <FieldGrid cols={3}>
          <Field label="Valid Until">{formatDay(quote.valid_until)}</Field>
          <Field label="Transit Time">{quote.transit_days === null ? null : days(quote.transit_days)}</Field>
          {mode && <Field label="Mode Offered">{mode}</Field>}
          {quote.sent_at && <Field label="Sent">{formatDateTime(quote.sent_at)}</Field>}
        </FieldGrid>
        {quote.terms && (
          <Field label="Terms">
            <TextBlock text={quote.terms} empty="" />
          </Field>
        )}
        {quote.customer_note && (
          <Field label={staff ? 'Note to the Customer' : 'Note'}>
            <TextBlock text={quote.customer_note} empty="" />
          </Field>
        )}
      </Stack>
    </Section>
  );
}
