/** The lenient number parser of forms and the API (shipment, cargo and request fields). */
import { z } from 'zod';
import { isBlank, round } from './values';
import { ENGLISH, msg } from './i18n';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A number from a number or a numeric string; empty gives null (or `fallback` when the key is absent).
 * `decimals` rounds the stored value (money 2, measures 3).
 */
export function optionalNumber(
  label: string,
  o: { min?: number; max: number; decimals?: number; integer?: boolean; fallback?: number | null } = { max: 1e11 },
) {
  return z.preprocess(
    (v) => {
      if (v === undefined) return o.fallback ?? null;
      if (isBlank(v)) return null;
      if (typeof v === 'string') return DECIMAL.test(v.trim()) ? Number(v.trim()) : v;
      return v;
    },
    z
      .number({ message: ENGLISH.t(msg('{label} must be a number'), { label }) })
      .refine((n) => !o.integer || Number.isInteger(n), ENGLISH.t(msg('{label} must be a whole number'), { label }))
      .refine(
        (n) => n >= (o.min ?? 0),
        o.min === undefined || o.min === 0 ? ENGLISH.t(msg('{label} must be 0 or more'), { label }) : ENGLISH.t(msg('{label} must be at least {min}'), { label, min: o.min }),
      )
      .refine((n) => n <= o.max, ENGLISH.t(msg('{label} is too large'), { label }))
      .transform((n) => (o.decimals === undefined ? n : round(n, o.decimals)))
      .nullable(),
  );
}
