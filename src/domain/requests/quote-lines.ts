/**
 * A quote's money (issue 38, decision record 0258): charge lines like a shipment's, sell lines the customer reads and
 * buy lines (costs) only staff read. Pure, no zod: totals per currency with lineTotals, in decimal strings.
 */
import { lineTotals, type ChargeSide } from '@domain/billing/lines';

/** The most lines one quote holds (sell and buy together). */
export const MAX_QUOTE_LINES = 100;
/** A quote line's limits, so quantity x unit price fits the amount column (numeric(20,4)). */
export const MAX_QUOTE_QUANTITY = '999999';
export const MAX_QUOTE_UNIT_PRICE = '9999999999';

export type QuoteLineMoney = { side: ChargeSide; amount: string; currency: string };
/** Staff: revenue, cost, margin and margin % per currency; decimal strings in the currency's minor unit. */
export type QuoteTotal = { currency: string; total: string; cost: string; margin: string; margin_percent: string };

/** Totals per currency (the create form's currencies first, then the others alphabetically). */
export function quoteTotals(lines: readonly QuoteLineMoney[]): QuoteTotal[] {
  return lineTotals(lines).map((t) => ({ currency: t.currency, total: t.total_revenue, cost: t.total_cost, margin: t.profit, margin_percent: t.margin_percent }));
}

/** A customer's totals: the sell lines only, per currency. */
export function customerTotals(lines: readonly QuoteLineMoney[]): { currency: string; total: string }[] {
  return quoteTotals(lines.filter((l) => l.side === 'sell')).map(({ currency, total }) => ({ currency, total }));
}

/** '12,345.60': a decimal string with grouped thousands, as it is (no rounding, no float). */
export function groupedDecimal(s: string): string {
  const negative = s.startsWith('-');
  const [whole = '0', fraction] = (negative ? s.slice(1) : s).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** '1,250.00 USD'. */
export const formatAmount = (amount: string, currency: string): string => `${groupedDecimal(amount)} ${currency}`;

/** '2.5' from '2.500000': a stored quantity or price without its trailing zeros (keeps at least `keep` decimals). */
export function trimDecimal(s: string, keep = 0): string {
  if (!s.includes('.')) return keep > 0 ? `${s}.${'0'.repeat(keep)}` : s;
  const [whole, rest = ''] = s.split('.');
  let fraction = rest.replace(/0+$/, '');
  if (fraction.length < keep) fraction = fraction.padEnd(keep, '0');
  return fraction ? `${whole}.${fraction}` : whole!;
}
