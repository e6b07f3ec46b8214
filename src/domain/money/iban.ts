/**
 * Bank details on an invoice (issue 38): the IBAN checked by its ISO 13616 mod-97 check digits and its country's
 * length, the BIC by its ISO 9362 shape (4 letters bank, 2 letters country, 2 letters or digits location, optional
 * 3 letters or digits branch).
 */

/** IBAN lengths by country (the SWIFT IBAN registry) for the countries a forwarder in Türkiye and Europe meets. */
import { ENGLISH, msg } from '@domain/common/i18n';

export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BY: 28, CH: 21, CY: 28, CZ: 24, DE: 22,
  DK: 18, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27,
  MD: 24, ME: 22, MK: 19, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22,
  SA: 24, SE: 24, SI: 19, SK: 24, SM: 27, TN: 24, TR: 26, UA: 29, VA: 22, XK: 20,
};

/** The IBAN without spaces, in capitals. */
export const compactIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase();

/** The IBAN in groups of four, as printed: "TR33 0006 1005 1978 6457 8413 26". */
export const printedIban = (iban: string): string => compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** ISO 13616: move the first four characters to the end, letters to 10..35, the number mod 97 must be 1. */
export function ibanChecksumOk(iban: string): boolean {
  const s = compactIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of v) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

export const IBAN_MESSAGES = {
  iban: msg('Enter a valid IBAN (its check digits do not match)'),
  ibanLength: (country: string, length: number) => ENGLISH.t(msg('An IBAN of {country} has {length} characters'), { country, length }),
  bic: msg('Enter a valid BIC (8 or 11 letters and digits, e.g. TCZBTR2AXXX)'),
} as const;

/** What is wrong with an IBAN, or null. */
export function ibanProblem(iban: string): string | null {
  const s = compactIban(iban);
  const length = IBAN_LENGTHS[s.slice(0, 2)];
  if (length !== undefined && s.length !== length) return IBAN_MESSAGES.ibanLength(s.slice(0, 2), length);
  return ibanChecksumOk(s) ? null : IBAN_MESSAGES.iban;
}

export const isValidBic = (bic: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic.trim().toUpperCase());
