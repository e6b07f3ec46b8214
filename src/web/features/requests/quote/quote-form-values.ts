/**
 * The staff quote editor's state and its conversions (pure; unit tested): the form from a stored quote, the body of
 * PUT /api/requests/:id/quote, the live totals, and the submit check (the server's: schema, validateQuote, and
 * whether the quoted transport fits the request's ends).
 */
import { CHARGE_FIELDS, DEFAULT_CURRENCY, type ChargeField, type Currency } from '@domain/common/enums';
import {
  quoteFitProblem, quoteInputSchema, quoteTotals, quotedMode, validateQuote, type CurrencyTotal, type QuoteFormValues, type StaffQuote,
} from '@domain/requests/quote-schema';
import { utcDay, type RequestDetail } from '@domain/requests/schema';

export type QuoteLineRow = { category: string | null; description: string; amount: number | string; currency: string | null; cost: number | string };

export type QuoteFormState = {
  mode: string | null;
  transport_mode: string | null;
  lines: QuoteLineRow[];
  valid_until: string;
  transit_days: number | string;
  terms: string;
  customer_note: string;
};

/** A new line: the first charge category not on the quote yet, in the currency of the line above (USD for the first). */
export function nextLine(lines: readonly QuoteLineRow[]): QuoteLineRow {
  const used = new Set(lines.map((l) => l.category));
  const category = CHARGE_FIELDS.find((c) => !used.has(c)) ?? null;
  return { category, description: '', amount: '', currency: lines.at(-1)?.currency ?? DEFAULT_CURRENCY, cost: '' };
}

/** The editor's values: the saved quote (draft or sent), or one empty freight line. */
export function quoteFormFrom(quote: StaffQuote | null): QuoteFormState {
  if (!quote) return { mode: null, transport_mode: null, lines: [nextLine([])], valid_until: '', transit_days: '', terms: '', customer_note: '' };
  return {
    mode: quote.mode,
    transport_mode: quote.transport_mode,
    lines: quote.lines.map((l) => ({ category: l.category, description: l.description ?? '', amount: l.amount, currency: l.currency, cost: l.cost ?? '' })),
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
    lines: v.lines.map((l) => ({ ...l })),
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

const numberOf = (v: number | string): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const n = v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** The totals, carrier cost and margin per currency as typed (lines without an amount count as nothing yet). */
export function liveTotals(lines: readonly QuoteLineRow[]): CurrencyTotal[] {
  return quoteTotals(
    lines.flatMap((l) => {
      const amount = numberOf(l.amount);
      if (amount === null || !l.currency) return [];
      return [{ amount, currency: l.currency as Currency, cost: numberOf(l.cost) }];
    }),
  );
}

export const isChargeField = (v: unknown): v is ChargeField => (CHARGE_FIELDS as readonly unknown[]).includes(v);
