/**
 * Currencies and their minor units (issue 38): ISO 4217's list (iso-4217.ts, generated from ISO's own file), so JPY
 * has no decimals, BHD three and EUR two. A currency's name comes from CLDR in the reader's language
 * (`Intl.DisplayNames`), not from here.
 */
import { dec, fixed, roundHalfAway, type Decimal } from './decimal';
import { ISO_4217_MINOR_UNITS } from './iso-4217';

export const CURRENCY_CODES: readonly string[] = Object.keys(ISO_4217_MINOR_UNITS);

export const isCurrency = (code: unknown): code is string => typeof code === 'string' && Object.hasOwn(ISO_4217_MINOR_UNITS, code);

/** Digits after the point in `code` (ISO 4217 minor unit); throws for a code that is not a currency. */
export function minorUnitOf(code: string): number {
  const digits = ISO_4217_MINOR_UNITS[code];
  if (digits === undefined || !Object.hasOwn(ISO_4217_MINOR_UNITS, code)) throw new Error(`Unknown currency: ${code}`);
  return digits;
}

/** `amount` rounded half away from zero to the currency's minor unit. */
export const roundToCurrency = (amount: Decimal | string, code: string): Decimal => roundHalfAway(dec(amount), minorUnitOf(code));

/** The decimal string of an amount in `code`, with exactly its minor unit's digits: "911.99", "148" (JPY), "1.250" (BHD). */
export const moneyString = (amount: Decimal | string, code: string): string => fixed(dec(amount), minorUnitOf(code));
