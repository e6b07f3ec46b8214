/**
 * The DCSA Track & Trace 3.0 schemas' field types (dcsa.ts, dcsa-query.ts): text with the standard's maximum length,
 * a code list, an RFC 3339 date-time, a date, a UN/LOCODE, a country code, each refused with a clear message. The
 * labels are the standard's property names and the values codes: they read the same in every language.
 */
import { z } from 'zod';
import { ENGLISH, msg } from '@domain/common/i18n';
import { UN_LOCODE_PATTERN } from '@domain/seaports/schema';

export const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { message: ENGLISH.t(msg('{label} must be one of: {values}'), { label, values: values.join(', ') }) });
export const mustBeText = (label: string) => ENGLISH.t(msg('{label} must be text'), { label });
export const text = (label: string, max: number) =>
  z.string({ message: mustBeText(label) }).max(max, ENGLISH.t(msg('{label} must be at most {max} characters'), { label, max }));

/** RFC 3339 date-time with a time zone ('2025-01-23T01:23:45Z', '2025-01-23T02:23:45.123+01:00'), at most 30 characters. */
export const RFC3339 = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;
export const isRfc3339 = (s: string) => RFC3339.test(s) && !Number.isNaN(Date.parse(s));
export const rfc3339Message = (label: string) => ENGLISH.t(msg('{label} must be an RFC 3339 date-time with a time zone, like 2025-01-23T01:23:45Z'), { label });
export const dateTime = (label: string) => text(label, 30).refine(isRfc3339, rfc3339Message(label));
export const date = (label: string) => z.string({ message: mustBeText(label) }).regex(/^\d{4}-\d{2}-\d{2}$/, ENGLISH.t(msg('{label} must be a date, like 2025-01-23'), { label }));

/** UN/LOCODE: the ISO 3166-1 alpha-2 country code and 3 letters or digits 2-9 ('NLAMS', 'DEHAM'). */
export const unLocode = z
  .string({ message: 'UN/LOCODE must be text' })
  .regex(UN_LOCODE_PATTERN, 'UN/LOCODE must be a 2-letter country code and 3 letters or digits 2-9, like NLAMS');
export const countryCode = (label: string) =>
  z.string({ message: mustBeText(label) }).regex(/^[A-Z]{2}$/, ENGLISH.t(msg('{label} must be an ISO 3166-1 alpha-2 code, like NL'), { label }));
