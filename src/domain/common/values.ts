/** Plain value helpers of the lenient form parsers (shipments/fields-schema.ts) and the cargo measures; no zod. */

/** Blank: null, undefined, or a string of only spaces. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** `n` rounded to `decimals` places (money 2, measures 3). */
export function round(n: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round((n + Number.EPSILON * Math.sign(n)) * f) / f;
}
