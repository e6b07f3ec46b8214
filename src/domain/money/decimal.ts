/**
 * Exact decimal arithmetic for money (issue 38, decision record 0257): amounts, quantities, prices, tax and exchange
 * rates are decimal strings on the wire and in the database (`numeric`), and big.js values in a calculation; never a
 * binary floating-point number. Rounding is half away from zero (the EN 16931 and ECB examples round that way).
 */
import BigJs, { type Big } from 'big.js';

/** Our own constructor: 40 decimal places for a division (an exchange rate's), then one rounding to the result's scale. */
const D = BigJs();
D.DP = 40;
D.RM = BigJs.roundHalfUp;
D.strict = false;

export type Decimal = Big;

/** A plain decimal string: optional minus, digits, optional fraction. No exponent, no grouping, no plus sign. */
export const DECIMAL_PATTERN = /^-?\d{1,18}(\.\d{1,12})?$/;

export const isDecimalString = (s: unknown): s is string => typeof s === 'string' && DECIMAL_PATTERN.test(s);

/** A decimal from its string form (or an integer); throws on anything that is not a plain decimal. */
export function dec(value: string | number | Decimal): Decimal {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value} (pass money as a decimal string)`);
    return new D(value);
  }
  if (typeof value === 'string') {
    if (!DECIMAL_PATTERN.test(value)) throw new Error(`Not a decimal: "${value}"`);
    return new D(value);
  }
  return new D(value);
}

export const ZERO: Decimal = new D(0);

/** Rounds half away from zero to `places` digits after the point: 2.345 -> 2.35, -2.345 -> -2.35. */
export const roundHalfAway = (x: Decimal, places: number): Decimal => x.round(places, BigJs.roundHalfUp);

/** The decimal string with exactly `places` digits after the point (rounded half away from zero); never "-0.00". */
export function fixed(x: Decimal, places: number): string {
  const r = roundHalfAway(x, places);
  return (r.eq(0) ? ZERO : r).toFixed(places);
}

export const sum = (xs: readonly Decimal[]): Decimal => xs.reduce((a, b) => a.plus(b), ZERO);

/** a / b, exact to 40 places (then round once where the result is used). */
export const divide = (a: Decimal, b: Decimal): Decimal => dec(a).div(b);
