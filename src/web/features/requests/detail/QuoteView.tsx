import type { ReactNode } from 'react';
import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { SHIPMENT_TYPE_LABELS, TRANSPORT_MODE_LABELS } from '@domain/common/enums';
import type { CurrencyTotal, CustomerQuote, StaffQuote } from '@domain/requests/quote-schema';
import { CHARGE_LABELS, formatMoney } from '@domain/shipments/index';
import { formatDateTime, formatDay } from '@web/lib/format';
import { Field, FieldGrid, Section, TextBlock } from '@web/ui/DetailParts';
import { isStaffQuote } from '../api';

/** The quote's mode: the type quoted, a partial shipment with its transport mode. */
export function quotedModeLabel(q: Pick<CustomerQuote, 'mode' | 'transport_mode'>): string | null {
  if (!q.mode) return null;
  return q.mode === 'partial' && q.transport_mode ? `${SHIPMENT_TYPE_LABELS.partial} (${TRANSPORT_MODE_LABELS[q.transport_mode]})` : SHIPMENT_TYPE_LABELS[q.mode];
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** '2,400.00': an amount in a row that names its currency. */
const amount = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Staff: total, carrier cost and margin per currency (never shown to a customer, whose quote has neither). */
export function TotalsTable({ totals }: { totals: readonly CurrencyTotal[] }) {
  return (
    <Table.ScrollContainer minWidth={260}>
      <Table withTableBorder verticalSpacing="xs" horizontalSpacing={6} fz="sm" aria-label="Totals per currency" data-testid="quote-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Currency</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Cost</Table.Th>
            <Table.Th ta="right">Margin</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((t) => (
            <Table.Tr key={t.currency}>
              <Table.Td fw={600}>{t.currency}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{amount(t.total)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{amount(t.cost)}</Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} c={t.margin < 0 ? 'red' : undefined}>
                {amount(t.margin)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A quote as it reads: one line per charge with its amount, the totals per currency, validity, transit time, terms
 * and the note to the customer. Staff's view of it (their quote carries costs) adds each line's carrier cost and the
 * margin per currency.
 */
export function QuoteView({ quote, title = 'Quote', actions }: { quote: CustomerQuote | StaffQuote; title?: string; actions?: ReactNode }) {
  const staff = isStaffQuote(quote);
  const mode = quotedModeLabel(quote);
  return (
    <Section title={title} icon={<IconReceipt size={18} />} actions={actions}>
      <Stack gap="md">
        <Stack gap={6} data-testid="quote-lines">
          {quote.lines.map((l, i) => (
            <Group key={i} justify="space-between" wrap="nowrap" align="flex-start" gap="md" data-testid="quote-line">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fz="sm" fw={500}>
                  {CHARGE_LABELS[l.category]}
                </Text>
                {l.description && (
                  <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {l.description}
                  </Text>
                )}
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text fz="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(l.amount, l.currency)}
                </Text>
                {staff && 'cost' in l && l.cost !== null && (
                  <Text fz="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    cost {formatMoney(l.cost, l.currency)}
                  </Text>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
        <Divider />
        {staff ? (
          <TotalsTable totals={quote.totals} />
        ) : (
          <Stack gap={4} aria-label="Totals per currency" role="group" data-testid="quote-totals">
            {quote.totals.map((t) => (
              <Group key={t.currency} justify="space-between" wrap="nowrap">
                <Text fw={700}>Total {t.currency}</Text>
                <Text fw={700} ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid={`quote-total-${t.currency}`}>
                  {formatMoney(t.total, t.currency)}
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
