/**
 * The staff quote editor's state and its conversions (pure; unit tested): the form from a stored quote, the body of
 * PUT /api/requests/:id/quote, the live totals, and the submit check (the server's: schema, validateQuote, and
 * whether the quoted transport fits the request's ends). Quantities, prices and rates stay strings: decimals, never
 * floats (decision record 0257).
 */
import { DEFAULT_CURRENCY } from '@domain/common/enums';
import { lineAmount, type ChargeCategory, type ChargeSide, type ChargeUnit } from '@domain/billing/lines';
import { isDecimalString } from '@domain/money/decimal';
import { isCurrency } from '@domain/money/currencies';
import { quoteFitProblem, quoteInputSchema, quotedMode, validateQuote, type QuoteFormValues, type StaffQuote } from '@domain/requests/quote-schema';
import { quoteTotals, type QuoteTotal } from '@domain/requests/quote-lines';
import { utcDay, type RequestDetail } from '@domain/requests/schema';

export type QuoteLineRow = {
  side: ChargeSide;
  category: ChargeCategory | null;
  code: string | null;
  description: string;
  quantity: string;
  unit: ChargeUnit;
  unit_price: string;
  currency: string | null;
  vat_category: string | null;
  vat_rate: string;
  exemption_reason: string;
};

export type QuoteFormState = {
  mode: string | null;
  transport_mode: string | null;
  lines: QuoteLineRow[];
  valid_until: string;
  transit_days: number | string;
  terms: string;
  customer_note: string;
};

export type CodeOption = { code: string; category: ChargeCategory; name: string; active: boolean };

/**
 * A new line. A charge: freight (FRT) when it is the first, else the category and currency of the charge above. A
 * cost: the code, category, quantity, unit and currency of the last charge (the cost of what was just quoted).
 */
export function nextLine(lines: readonly QuoteLineRow[], side: ChargeSide = 'sell'): QuoteLineRow {
  const last = lines.filter((l) => l.side === 'sell').at(-1);
  const blank = { side, description: '', unit_price: '', vat_category: null, vat_rate: '', exemption_reason: '' };
  if (!last) return { ...blank, category: 'freight', code: 'FRT', quantity: '1', unit: 'shipment', currency: DEFAULT_CURRENCY };
  if (side === 'sell') return { ...blank, category: last.category, code: null, quantity: '1', unit: 'shipment', currency: last.currency };
  return { ...blank, category: last.category, code: last.code, quantity: last.quantity, unit: last.unit, currency: last.currency };
}

/** A code's category: choosing FRT makes the line Freight, THC Handling. */
export function withCode(line: QuoteLineRow, code: string | null, codes: readonly CodeOption[]): QuoteLineRow {
  const found = codes.find((c) => c.code === code);
  return { ...line, code, category: found ? found.category : line.category };
}

/** The editor's values: the saved quote (draft or sent), or one empty freight line. */
export function quoteFormFrom(quote: StaffQuote | null): QuoteFormState {
  if (!quote) return { mode: null, transport_mode: null, lines: [nextLine([])], valid_until: '', transit_days: '', terms: '', customer_note: '' };
  return {
    mode: quote.mode,
    transport_mode: quote.transport_mode,
    lines: quote.lines.map((l) => ({
      side: l.side, category: l.category, code: l.code, description: l.description ?? '', quantity: l.quantity, unit: l.unit, unit_price: l.unit_price,
      currency: l.currency, vat_category: l.vat_category, vat_rate: l.vat_rate ?? '', exemption_reason: l.exemption_reason ?? '',
    })),
    valid_until: quote.valid_until ?? '',
    transit_days: quote.transit_days ?? '',
    terms: quote.terms ?? '',
    customer_note: quote.customer_note ?? '',
  };
}

/** The body: the mode only for a best-offer request (else the request's own), the transport mode only for a partial quote. */
export function toQuoteBody(v: QuoteFormState, request: Pick<RequestDetail, 'mode'>): QuoteFormValues {
  const mode = request.mode === 'best_offer' ? v.mode : null;
  const type = mode ?? (request.mode === 'best_offer' ? null : request.mode);
  return {
    mode,
    transport_mode: type === 'partial' ? v.transport_mode : null,
    lines: v.lines.map((l) => ({
      side: l.side,
      category: l.category as ChargeCategory,
      code: l.code || null,
      description: l.description,
      quantity: l.quantity.trim(),
      unit: l.unit,
      unit_price: l.unit_price.trim(),
      currency: l.currency ?? '',
      vat_category: (l.vat_category || null) as never,
      vat_rate: l.vat_category ? l.vat_rate.trim() || '0' : null,
      exemption_reason: l.vat_category ? l.exemption_reason : null,
    })),
    valid_until: v.valid_until,
    transit_days: v.transit_days,
    terms: v.terms,
    customer_note: v.customer_note,
  };
}

type FitRequest = Pick<RequestDetail, 'mode' | 'origin_airport' | 'destination_airport' | 'origin_port' | 'destination_port'>;

/** The first problem of a save or send, in the server's order; null when the quote may be saved. */
export function firstQuoteIssue(v: QuoteFormState, request: FitRequest, today: string = utcDay()): { field: string; message: string } | null {
  const parsed = quoteInputSchema.safeParse(toQuoteBody(v, request));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { field: issue.path.join('.') || 'form', message: issue.message };
  }
  const q = parsed.data;
  const ordered = validateQuote(q, request.mode, today);
  if (ordered) return ordered;
  const type = quotedMode(q, request.mode);
  return quoteFitProblem(request, type === 'partial' ? q.transport_mode : (type ?? null));
}

/** A line's amount as typed (quantity x unit price, rounded to its currency), or null while it is incomplete. */
export function liveAmount(l: Pick<QuoteLineRow, 'quantity' | 'unit_price' | 'currency'>): string | null {
  const quantity = l.quantity.trim();
  const price = l.unit_price.trim();
  if (!isDecimalString(quantity) || !isDecimalString(price) || !l.currency || !isCurrency(l.currency)) return null;
  return lineAmount(quantity, price, l.currency);
}

/** The totals, cost and margin per currency as typed (lines without a valid amount count as nothing yet). */
export function liveTotals(lines: readonly QuoteLineRow[]): QuoteTotal[] {
  return quoteTotals(
    lines.flatMap((l) => {
      const amount = liveAmount(l);
      return amount === null ? [] : [{ side: l.side, amount, currency: l.currency! }];
    }),
  );
}

type PricedRate = { side: ChargeSide; lines: { code: string; amount: string }[]; currency: string };

/**
 * The quote's lines from rate cards (issue 40, "Price from rates"): each line of the sell card as a charge and each
 * line of the buy card as a cost, one per shipment at the card's amount, in its currency, under the charge code's
 * category (a code the portal does not know keeps its name in the description). VAT is left for the handler.
 */
export function linesFromRates(rates: readonly PricedRate[], codes: readonly CodeOption[]): QuoteLineRow[] {
  return rates.flatMap((rate) =>
    rate.lines.map((l) => {
      const known = codes.find((c) => c.code === l.code);
      return {
        side: rate.side, category: known?.category ?? 'other', code: known ? l.code : null, description: known ? '' : l.code, quantity: '1', unit: 'shipment' as const,
        unit_price: l.amount, currency: rate.currency, vat_category: null, vat_rate: '', exemption_reason: '',
      };
    }),
  );
}
