/**
 * Shipment money (spec section 9, issue 38, decision records 0258 and 0259). A shipment's money is its charge lines;
 * the spec's sixteen fields are a view of sixteen of them (FIELD_LINES). Totals per currency of the charges (revenue)
 * and of the costs, profit = revenue - cost and margin = profit / revenue * 100 clamped to ±9999 % are `lineTotals`
 * over the lines, exact decimal strings with the currency's minor units (2 for most, 0 for JPY). A revenue of 0
 * (decision 0143): margin 0 when the profit is 0 too, else ∓9999.
 */
import { DEFAULT_CURRENCY } from '@domain/common/enums';
import { FIELD_LINES, SEED_FIELDS, lineTotals, type CurrencyMoney, type LineMoney } from '@domain/billing/lines';
import { dec, isDecimalString } from '@domain/money/decimal';
import { isCurrency, minorUnitOf } from '@domain/money/currencies';

export type CurrencyTotals = CurrencyMoney;

/**
 * A field's value as the decimal string of its line. The spec's fields are JSON numbers already rounded to 2 decimals
 * (numeric(14,2) at most 12 digits before the point), so `toFixed(2)` gives back exactly the decimal that was typed.
 */
export const fieldDecimal = (value: number): string => value.toFixed(2);

/**
 * A field line's amount as the spec's JSON number. At most 14 significant digits: a double holds them exactly and
 * prints them back as written, so this is the one place a money decimal becomes a number (the wire contract).
 */
export const fieldNumber = (amount: string): number => dec(amount).toNumber();

/** A value typed or stored for a field as a decimal string; null when not set ('' or not a number). */
function fieldValue(v: unknown): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? fieldDecimal(v) : null;
  if (typeof v === 'string' && isDecimalString(v.trim())) return v.trim();
  return null;
}

/** The lines the sixteen fields of a row (a form's values, a shipment read) stand for: the set ones, a blank currency USD. */
export function fieldLines(row: Record<string, unknown>): LineMoney[] {
  return SEED_FIELDS.flatMap((f) => {
    const amount = fieldValue(row[f]);
    if (amount === null) return [];
    const code = row[`${f}_currency`];
    return [{ side: FIELD_LINES[f].side, amount, currency: typeof code === 'string' && code !== '' ? code : DEFAULT_CURRENCY }];
  });
}

/** Per-currency totals of the sixteen fields of a row (the form's live totals): `lineTotals` of their lines. */
export const shipmentTotals = (row: Record<string, unknown>): CurrencyTotals[] => lineTotals(fieldLines(row));

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * '1,234.50 USD': an amount with its currency. A decimal string keeps its digits (totals come with the currency's own
 * minor units: '148 JPY'); a field's number shows 2 decimals as the spec prints it.
 */
export function formatMoney(amount: string | number | null | undefined, currency: string | null | undefined): string {
  const code = currency || DEFAULT_CURRENCY;
  let text: string;
  if (typeof amount === 'string' && isDecimalString(amount)) text = amount;
  else if (typeof amount === 'number' && Number.isFinite(amount)) text = amount.toFixed(2);
  else text = isCurrency(code) ? (0).toFixed(minorUnitOf(code)) : '0.00';
  const negative = text.startsWith('-');
  const [int, frac] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}${group(int!)}${frac === undefined ? '' : `.${frac}`} ${code}`;
}
