/**
 * Numbers and codes of the trade, checked the way their standards define them (issue 14, decision 0211):
 *  - container numbers (ISO 6346: owner code, category letter, serial, check digit),
 *  - air waybill numbers (IATA: 3-digit airline prefix, 7-digit serial, check digit = serial mod 7),
 *  - the codes of carriers (IATA prefix and 2-character designator, SCAC), HS codes, UN numbers and hazard classes,
 *  - the ISO 6346 size-type code of each container type of the seed.
 * Each `...Problem` function answers the user-facing message, or null when the value is right. The same functions
 * check a form as it is typed, the API body, and stored data (the detail page's warnings).
 */
import type { ContainerType } from '@domain/common/enums';
import { ENGLISH, msg } from '@domain/common/i18n';

// ---- ISO 6346 container numbers -----------------------------------------------------------------

/** The example of the format messages: the standard's own example number (ISO 6346, Annex A). */
export const CONTAINER_NUMBER_EXAMPLE = 'CSQU3054383';
export const CONTAINER_FORMAT_MESSAGE = msg('Container number must be 4 letters and 7 digits, like CSQU3054383');

/** Upper case without spaces or dashes: 'csqu 305438-3' gives 'CSQU3054383'. */
export function normalizeContainerNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** 3-letter owner code, category U (freight), J (detachable equipment) or Z (trailer/chassis), 6-digit serial, check digit. */
const CONTAINER_FORMAT = /^[A-Z]{3}[UJZ]\d{7}$/;

/**
 * ISO 6346 letter values: A is 10 and each next letter one more, skipping the multiples of 11 (11, 22, 33),
 * so that no letter is worth the modulus: A=10, B=12, ..., K=21, L=23, ..., U=32, V=34, ..., Z=38.
 */
function letterValue(letter: string): number {
  let value = 10;
  for (let c = 65; c < letter.charCodeAt(0); c++) {
    value++;
    if (value % 11 === 0) value++;
  }
  return value;
}

/**
 * The check digit of the first ten characters (owner code, category, serial): each character's value times
 * 2 to the power of its position (0 to 9), summed, modulo 11, and a remainder of 10 counts as 0.
 */
export function containerCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i]!;
    const value = ch >= '0' && ch <= '9' ? Number(ch) : letterValue(ch);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** The message for a container number (normalised first), or null when it is a valid ISO 6346 number. */
export function containerNumberProblem(raw: string): string | null {
  const n = normalizeContainerNumber(raw);
  if (!CONTAINER_FORMAT.test(n)) return CONTAINER_FORMAT_MESSAGE;
  const expected = containerCheckDigit(n.slice(0, 10));
  return Number(n[10]) === expected ? null : ENGLISH.t(msg('Container number {number} has an invalid check digit (expected {expected})'), { number: n, expected });
}

export const duplicateContainerMessage = (n: string) => ENGLISH.t(msg('Container number {number} appears more than once on this shipment'), { number: n });

/**
 * ISO 6346 size-type codes of the seed's container types (size: 2 = 20 ft, 4 = 40 ft, L = 45 ft; height: 2 = 8'6",
 * 5 = 9'6" high cube; type: G1 general purpose with vents, U1 open top, P1 flat rack with fixed ends, P0 platform,
 * R1 mechanically refrigerated, T1 tank for non-dangerous liquids).
 */
export const CONTAINER_ISO_CODES: Record<ContainerType, string> = {
  '20DC': '22G1',
  '40DC': '42G1',
  '40HC': '45G1',
  '45HC': 'L5G1',
  '20OT': '22U1',
  '40OT': '42U1',
  '20FR': '22P1',
  '40FR': '42P1',
  '20RF': '22R1',
  '40RF': '42R1',
  '40HRF': '45R1',
  '20TK': '22T1',
  '40TK': '42T1',
  '20PL': '22P0',
  '40PL': '42P0',
  '20HC': '25G1',
};

/** The ISO 6346 size-type code of a container type, or null for a type the table does not know. */
export function containerIsoCode(type: string): string | null {
  return CONTAINER_ISO_CODES[type as ContainerType] ?? null;
}

/** '40HC (45G1)': the seed's code with its ISO 6346 size-type code (an unknown type is shown as it is). */
export function containerTypeLabel(type: string): string {
  const iso = containerIsoCode(type);
  return iso ? `${type} (${iso})` : type;
}

// ---- IATA air waybill numbers -------------------------------------------------------------------

export const MAWB_FORMAT_MESSAGE = msg('MAWB number must be 11 digits, like 020-12345675');

/** The digits of an air waybill number as typed ('020 1234 5675', '020-12345675'); null when it is not 11 digits. */
function mawbDigits(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return /^\d{11}$/.test(digits) ? digits : null;
}

/** '020-12345675': the stored and shown form (prefix, dash, serial and check digit); other text is returned trimmed. */
export function formatMawb(raw: string): string {
  const d = mawbDigits(raw);
  return d ? `${d.slice(0, 3)}-${d.slice(3)}` : raw.trim();
}

/** The check digit of a 7-digit serial: the serial modulo 7. */
export function mawbCheckDigit(serial7: string): number {
  return Number(serial7) % 7;
}

/** The message for an air waybill number, or null when it is 11 digits with the right check digit. */
export function mawbProblem(raw: string): string | null {
  const d = mawbDigits(raw);
  if (!d) return MAWB_FORMAT_MESSAGE;
  const expected = mawbCheckDigit(d.slice(3, 10));
  return Number(d[10]) === expected ? null : ENGLISH.t(msg('MAWB number {number} has an invalid check digit (expected {expected})'), { number: formatMawb(d), expected });
}

/** The airline prefix of a valid-format air waybill number ('020'), or null. */
export function mawbPrefix(raw: string): string | null {
  return mawbDigits(raw)?.slice(0, 3) ?? null;
}

export const mawbPrefixMessage = (mawb: string, airline: string) =>
  ENGLISH.t(msg("MAWB prefix {mawb} does not match the airline's prefix {airline}"), { mawb, airline });

// ---- Carrier codes ------------------------------------------------------------------------------

export const CARRIER_CODE_MESSAGES = {
  iataPrefix: msg('IATA Prefix must be 3 digits, like 235'),
  iataCode: msg('IATA Code must be 2 letters or digits (not two digits), like TK'),
  scac: msg('SCAC must be 2 to 4 letters, like MAEU'),
  divisor: msg('Volumetric Divisor must be a whole number from 1,000 to 10,000 (cm³ per kg, like 5000)'),
} as const;

export const isIataPrefix = (v: string) => /^\d{3}$/.test(v);
/** IATA's specific commodity item numbers are four digits ('2199' textiles); the air waybill's rating prints it with class C. */
export const COMMODITY_ITEM_MESSAGE = msg('Commodity Item Number must be 4 digits, like 2199');
export const commodityItemProblem = (v: string) => (/^\d{4}$/.test(v) ? null : COMMODITY_ITEM_MESSAGE);
/** IATA airline designators are two characters, letters or digits, but not two digits ('TK', '5X', 'U2'). */
export const isIataCode = (v: string) => /^[A-Z0-9]{2}$/.test(v) && !/^\d{2}$/.test(v);
export const isScac = (v: string) => /^[A-Z]{2,4}$/.test(v);
export const MIN_DIVISOR = 1000;
export const MAX_DIVISOR = 10000;

// ---- HS codes, UN numbers, hazard classes -------------------------------------------------------

export const HS_CODE_MESSAGE = msg('HS Code must be 6 to 10 digits, like 6204.62');

/** The digits of an HS code as typed ('6204.62.00' gives '62046200'). */
export function normalizeHsCode(raw: string): string {
  return raw.replace(/[\s.]/g, '');
}

export function hsCodeProblem(raw: string): string | null {
  return /^\d{6,10}$/.test(normalizeHsCode(raw)) ? null : HS_CODE_MESSAGE;
}

/** '6204.62', '6204.62.00', '6204.62.00.10': heading, subheading, then pairs (the way tariffs print them). */
export function formatHsCode(digits: string): string {
  if (!/^\d{6,10}$/.test(digits)) return digits;
  const parts = [digits.slice(0, 4), digits.slice(4, 6)];
  for (let i = 6; i < digits.length; i += 2) parts.push(digits.slice(i, i + 2));
  return parts.join('.');
}

export const UN_NUMBER_MESSAGE = msg('UN Number must be UN and 4 digits, like UN1263');

/** 'un 1263', '1263', 'UN-1263' give 'UN1263'. */
export function normalizeUnNumber(raw: string): string {
  const t = raw.replace(/[\s-]/g, '').toUpperCase();
  return /^\d{4}$/.test(t) ? `UN${t}` : t;
}

export function unNumberProblem(raw: string): string | null {
  const n = normalizeUnNumber(raw);
  return /^UN\d{4}$/.test(n) && n !== 'UN0000' ? null : UN_NUMBER_MESSAGE;
}

/** The nine classes of the UN Model Regulations, with the divisions of classes 1, 2, 4, 5 and 6. */
export const HAZARD_CLASSES = [
  '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2.1', '2.2', '2.3', '3', '4.1', '4.2', '4.3', '5.1', '5.2', '6.1', '6.2', '7', '8', '9',
] as const;
export const HAZARD_CLASS_MESSAGE = msg('Hazard Class must be a class from 1 to 9 with its division, like 3 or 2.1');

export function hazardClassProblem(raw: string): string | null {
  return (HAZARD_CLASSES as readonly string[]).includes(raw.trim()) ? null : HAZARD_CLASS_MESSAGE;
}

// ---- Incoterms ----------------------------------------------------------------------------------

/** 'FCA Istanbul, Incoterms 2020': the rule, its named place and the version; null without a rule. */
export function incotermLabel(s: { incoterm?: string | null; incoterm_place?: string | null; incoterm_version?: string | null }): string | null {
  if (!s.incoterm) return null;
  const place = s.incoterm_place?.trim();
  return `${s.incoterm}${place ? ` ${place}` : ''}, Incoterms ${s.incoterm_version || '2020'}`;
}
