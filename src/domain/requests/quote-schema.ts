/**
 * A request's quote (issue 15, decision record 0233): charge lines in the shipment's charge categories, each in its
 * currency, with the carrier cost staff expect (never shown to a customer); totals and margin per currency.
 */
import { z } from 'zod';
import {
  CHARGE_FIELDS, CURRENCIES, DEFAULT_CURRENCY, SHIPMENT_TYPES, TRANSPORT_MODES, type ChargeField, type CostField, type Currency,
} from '@domain/common/enums';
import { CHARGE_LABELS, currencyCode, isBlank, optionalChoice, optionalNumber, optionalText, round } from '@domain/shipments/fields-schema';
import { MAX_MONEY } from '@domain/shipments/schema';
import { optionalDate, utcDay, type RequestMode } from './schema';

export const MAX_QUOTE_LINES = CHARGE_FIELDS.length;
export const MAX_TRANSIT_DAYS = 365;

export const QUOTE_MESSAGES = {
  lines: 'Add at least one charge',
  duplicateCategory: (label: string) => `${label} is on the quote twice: one line per charge`,
  validUntil: 'Valid Until is required',
  validUntilPast: 'Valid Until cannot be in the past',
  mode: 'Choose the mode you quote',
  transportMode: 'Choose the transport mode of the partial shipment',
  notDraft: 'The quote was already sent',
  noDraft: 'Save a quote before sending it',
  notFound: 'This request has no quote yet',
} as const;

/** The shipment cost each charge category is set against when a quote's costs carry over. */
export const COST_OF_CHARGE: Record<ChargeField, CostField> = {
  service_charge: 'freight_cost',
  customs_charge: 'customs_cost',
  insurance_charge: 'insurance_cost',
  handling_charge: 'handling_cost',
  documentation_charge: 'documentation_cost',
  storage_charge: 'storage_cost',
  delivery_charge: 'delivery_cost',
  other_charges: 'other_costs',
};

export const quoteLineInputSchema = z.object({
  category: z.preprocess((v) => (isBlank(v) ? undefined : v), z.enum(CHARGE_FIELDS, { message: 'Charge is required' })),
  description: optionalText('Description', 200),
  amount: optionalNumber('Amount', { max: MAX_MONEY, decimals: 2 }).refine((n) => n !== null, 'Amount is required'),
  currency: currencyCode('Currency', CURRENCIES, DEFAULT_CURRENCY),
  /** What staff expect to pay the carrier for it, in the same currency; staff only. */
  cost: optionalNumber('Cost', { max: MAX_MONEY, decimals: 2 }),
});

/** The handler's quote (PUT /api/requests/:id/quote). */
export const quoteInputSchema = z.object({
  /** The mode offered: required when the request asked for the best offer, else the request's. */
  mode: optionalChoice('Mode', SHIPMENT_TYPES),
  transport_mode: optionalChoice('Transport Mode', TRANSPORT_MODES),
  lines: z.preprocess((v) => v ?? [], z.array(quoteLineInputSchema, { message: 'Charges must be a list' }).max(MAX_QUOTE_LINES, `At most ${MAX_QUOTE_LINES} charges`)),
  valid_until: optionalDate('Valid Until'),
  transit_days: optionalNumber('Transit Time', { max: MAX_TRANSIT_DAYS, integer: true }),
  terms: optionalText('Terms', 5000),
  customer_note: optionalText('Note to the Customer', 5000),
});
export type QuoteInput = z.output<typeof quoteInputSchema>;
export type QuoteFormValues = z.input<typeof quoteInputSchema>;

/** The ordered checks of a quote before it is saved; the mode falls back to the request's. */
export function validateQuote(q: QuoteInput, requestMode: RequestMode, today: string = utcDay()): { field: string; message: string } | null {
  if (q.lines.length === 0) return { field: 'lines', message: QUOTE_MESSAGES.lines };
  const seen = new Set<string>();
  for (const [i, line] of q.lines.entries()) {
    if (seen.has(line.category)) return { field: `lines.${i}.category`, message: QUOTE_MESSAGES.duplicateCategory(CHARGE_LABELS[line.category]) };
    seen.add(line.category);
  }
  if (!q.valid_until) return { field: 'valid_until', message: QUOTE_MESSAGES.validUntil };
  if (q.valid_until < today) return { field: 'valid_until', message: QUOTE_MESSAGES.validUntilPast };
  const mode = quotedMode(q, requestMode);
  if (!mode) return { field: 'mode', message: QUOTE_MESSAGES.mode };
  if (mode === 'partial' && !q.transport_mode) return { field: 'transport_mode', message: QUOTE_MESSAGES.transportMode };
  return null;
}

/** The shipment type a quote offers: its own, else the request's when that is one. */
export function quotedMode(q: { mode: QuoteInput['mode'] }, requestMode: RequestMode): QuoteInput['mode'] {
  return q.mode ?? (requestMode === 'best_offer' ? null : requestMode);
}

export type MoneyLine = { amount: number; currency: Currency; cost?: number | null };
export type CurrencyTotal = { currency: Currency; total: number; cost: number; margin: number };

/** Totals per currency in the order currencies first appear; cost and margin count only lines with a cost. */
export function quoteTotals(lines: readonly MoneyLine[]): CurrencyTotal[] {
  const by = new Map<Currency, CurrencyTotal>();
  for (const l of lines) {
    const t = by.get(l.currency) ?? { currency: l.currency, total: 0, cost: 0, margin: 0 };
    t.total = round(t.total + l.amount, 2);
    if (l.cost !== null && l.cost !== undefined) t.cost = round(t.cost + l.cost, 2);
    t.margin = round(t.total - t.cost, 2);
    by.set(l.currency, t);
  }
  return [...by.values()];
}

const line = z.object({ category: z.enum(CHARGE_FIELDS), description: z.string().nullable(), amount: z.number(), currency: z.enum(CURRENCIES) });
const total = z.object({ currency: z.enum(CURRENCIES), total: z.number() });

/** What a customer reads of a sent quote: no cost, no margin. */
export const customerQuoteSchema = z.object({
  mode: z.enum(SHIPMENT_TYPES).nullable(),
  transport_mode: z.enum(TRANSPORT_MODES).nullable(),
  lines: z.array(line),
  totals: z.array(total),
  valid_until: z.string().nullable(),
  transit_days: z.number().int().nullable(),
  terms: z.string().nullable(),
  customer_note: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type CustomerQuote = z.infer<typeof customerQuoteSchema>;

/** What staff read: the draft too, with each line's cost and the margin per currency. */
export const staffQuoteSchema = customerQuoteSchema.extend({
  lines: z.array(line.extend({ cost: z.number().nullable() })),
  totals: z.array(total.extend({ cost: z.number(), margin: z.number() })),
  updated_at: z.string(),
  updated_by_name: z.string().nullable(),
});
export type StaffQuote = z.infer<typeof staffQuoteSchema>;

/** What the quoted transport needs of the request's ends, as the shipment it books will (airports by air, ports by sea). */
export function quoteFitProblem(
  r: { origin_airport: string | null; destination_airport: string | null; origin_port: string | null; destination_port: string | null },
  transport: 'air' | 'sea' | 'land' | null,
): { field: string; message: string } | null {
  if (transport === 'air' && (!r.origin_airport || !r.destination_airport)) return { field: 'mode', message: QUOTE_FIT_MESSAGES.air };
  if (transport === 'sea' && (!r.origin_port || !r.destination_port)) return { field: 'mode', message: QUOTE_FIT_MESSAGES.sea };
  return null;
}

export const QUOTE_FIT_MESSAGES = {
  air: 'The request names no origin and destination airport: quote another mode, or ask the customer for the airports',
  sea: 'The request names no origin and destination port: quote another mode, or ask the customer for the ports',
} as const;
