/**
 * A request's quote (issue 15, decision record 0233; issue 38, decision record 0258): charge lines like a shipment's,
 * several per category, in nine categories (Freight among them), each with its charge code, quantity, unit, unit
 * price, currency and VAT; sell lines are what the customer reads, buy lines (costs) are staff only. Decimal strings on
 * the wire; totals per currency (quote-lines.ts).
 */
import { z } from 'zod';
import { SHIPMENT_TYPES, TRANSPORT_MODES } from '@domain/common/enums';
import { CHARGE_CATEGORIES, CHARGE_SIDES, CHARGE_UNITS } from '@domain/billing/lines';
import { chargeLineInputSchema } from '@domain/billing/schema';
import { dec, isDecimalString } from '@domain/money/decimal';
import { optionalChoice, optionalNumber, optionalText } from '@domain/shipments/fields-schema';
import { MAX_QUOTE_LINES, MAX_QUOTE_QUANTITY, MAX_QUOTE_UNIT_PRICE } from './quote-lines';
import { optionalDate } from '@domain/shipments/fields-schema';
import { utcDay, type RequestMode } from './schema';
import { ENGLISH, msg } from '@domain/common/i18n';

export { MAX_QUOTE_LINES } from './quote-lines';
export const MAX_TRANSIT_DAYS = 365;

export const QUOTE_MESSAGES = {
  lines: msg('Add at least one charge'),
  tooManyLines: msg('A quote has at most 100 lines'),
  quantityTooLarge: msg('Quantity must be at most 999999'),
  unitPriceTooLarge: msg('Unit price must be at most 9999999999'),
  decimals: msg('At most 6 decimals'),
  supplier: msg('A quote’s cost names no supplier; add the supplier on the shipment once booked'),
  unknownCode: (code: string) => ENGLISH.t(msg('Charge code {code} is not in the list of charge codes'), { code }),
  validUntil: msg('Valid Until is required'),
  validUntilPast: msg('Valid Until cannot be in the past'),
  mode: msg('Choose the mode you quote'),
  transportMode: msg('Choose the transport mode of the partial shipment'),
  notDraft: msg('The quote was already sent'),
  noDraft: msg('Save a quote before sending it'),
  notFound: msg('This request has no quote yet'),
} as const;

const sixDecimals = (s: string) => !/\.\d{7,}$/.test(s);

/**
 * One line of a quote: a charge line (side, category, code, description, quantity, unit, unit price, currency, VAT)
 * with the quote's limits; a quote's cost names no supplier (the shipment's Charges panel does).
 */
export const quoteLineInputSchema = chargeLineInputSchema.superRefine((l, ctx) => {
  // A malformed number was already refused by its own rule (the check still runs): nothing more to say about it.
  if (!isDecimalString(l.quantity) || !isDecimalString(l.unit_price)) return;
  if (dec(l.quantity).gt(MAX_QUOTE_QUANTITY)) ctx.addIssue({ code: 'custom', path: ['quantity'], message: QUOTE_MESSAGES.quantityTooLarge });
  else if (!sixDecimals(l.quantity)) ctx.addIssue({ code: 'custom', path: ['quantity'], message: QUOTE_MESSAGES.decimals });
  if (dec(l.unit_price).abs().gt(MAX_QUOTE_UNIT_PRICE)) ctx.addIssue({ code: 'custom', path: ['unit_price'], message: QUOTE_MESSAGES.unitPriceTooLarge });
  else if (!sixDecimals(l.unit_price)) ctx.addIssue({ code: 'custom', path: ['unit_price'], message: QUOTE_MESSAGES.decimals });
  if (l.supplier_kind || l.supplier_id) ctx.addIssue({ code: 'custom', path: ['supplier_kind'], message: QUOTE_MESSAGES.supplier });
});
export type QuoteLineInput = z.output<typeof quoteLineInputSchema>;

/** The handler's quote (PUT /api/requests/:id/quote). */
export const quoteInputSchema = z.object({
  /** The mode offered: required when the request asked for the best offer, else the request's. */
  mode: optionalChoice(msg('Mode'), SHIPMENT_TYPES),
  transport_mode: optionalChoice(msg('Transport Mode'), TRANSPORT_MODES),
  /** Sell lines (charges the customer reads) and buy lines (costs, staff only), in the order shown. */
  lines: z.preprocess((v) => v ?? [], z.array(quoteLineInputSchema, { message: msg('Charges must be a list') }).max(MAX_QUOTE_LINES, QUOTE_MESSAGES.tooManyLines)),
  valid_until: optionalDate(msg('Valid Until')),
  transit_days: optionalNumber(msg('Transit Time'), { max: MAX_TRANSIT_DAYS, integer: true }),
  terms: optionalText(msg('Terms'), 5000),
  customer_note: optionalText(msg('Note to the Customer'), 5000),
});
export type QuoteInput = z.output<typeof quoteInputSchema>;
export type QuoteFormValues = z.input<typeof quoteInputSchema>;

/** The ordered checks of a quote before it is saved: a charge (a sell line) at least; the mode falls back to the request's. */
export function validateQuote(q: QuoteInput, requestMode: RequestMode, today: string = utcDay()): { field: string; message: string } | null {
  if (!q.lines.some((l) => l.side === 'sell')) return { field: 'lines', message: QUOTE_MESSAGES.lines };
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

/** A quote line as read: decimal strings (amount = quantity x unit price, rounded to the currency's minor unit). */
const line = z.object({
  side: z.enum(CHARGE_SIDES),
  category: z.enum(CHARGE_CATEGORIES),
  code: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.string(),
  unit: z.enum(CHARGE_UNITS),
  unit_price: z.string(),
  amount: z.string(),
  currency: z.string(),
  vat_category: z.string().nullable(),
  vat_rate: z.string().nullable(),
  exemption_reason: z.string().nullable(),
});
export type QuoteLine = z.infer<typeof line>;
const total = z.object({ currency: z.string(), total: z.string() });

/** What a customer reads of a sent quote: the sell lines and their totals; no cost, no margin. */
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

/** What staff read: the draft too, with the buy lines (costs) and the cost and margin per currency. */
export const staffQuoteSchema = customerQuoteSchema.extend({
  totals: z.array(total.extend({ cost: z.string(), margin: z.string(), margin_percent: z.string() })),
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
  air: msg('The request names no origin and destination airport: quote another mode, or ask the customer for the airports'),
  sea: msg('The request names no origin and destination port: quote another mode, or ask the customer for the ports'),
} as const;
