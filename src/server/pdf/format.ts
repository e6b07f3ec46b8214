/**
 * How the papers write values: dates in UTC ('26 Nov 2026'), money with two decimals and its currency
 * ('1,200.00 USD'), weights and volumes with their units. Every function answers '' for a missing value, so a
 * paper shows an empty box rather than 'null'.
 */
import { pieceLineLabel, type Piece } from '@domain/cargo/measures';
import { formatHsCode, normalizeHsCode } from '@domain/cargo/trade-numbers';
import type { ContainerView, ShipmentDetail } from '@domain/shipments/views-schema';
import { dec } from '@domain/money/decimal';
import { minorUnitOf, moneyString } from '@domain/money/currencies';

type Maybe<T> = T | null | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function parse(value: Maybe<string | Date>): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '26 Nov 2026' (UTC). */
export function formatDate(value: Maybe<string | Date>): string {
  const d = parse(value);
  return d ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : '';
}

/** '26 Nov 2026, 10:04 UTC'; a date-time at midnight UTC is a plain date (how a date typed without a time is stored). */
export function formatDateTime(value: Maybe<string | Date>): string {
  const d = parse(value);
  if (!d) return '';
  if (d.getUTCHours() === 0 && d.getUTCMinutes() === 0) return formatDate(d);
  return `${formatDate(d)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** '2026-11-26 10:04 UTC': the footer's stamp, sortable like the file's name. */
export function stamp(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

// Formatters are built once: creating an Intl.NumberFormat costs more than formatting with it.
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WEIGHT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const VOLUME = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '1,200.00 USD'. */
export function money(n: Maybe<number>, currency: string): string {
  return n === null || n === undefined ? '' : `${MONEY.format(n)} ${currency}`;
}

/** '1,500.5 kg'. */
export function kg(n: Maybe<number>): string {
  return n === null || n === undefined ? '' : `${WEIGHT.format(n)} kg`;
}

/** '12.345 m³'. */
export function m3(n: Maybe<number>): string {
  return n === null || n === undefined ? '' : `${VOLUME.format(n)} m³`;
}

export function count(n: Maybe<number>): string {
  return n === null || n === undefined ? '' : COUNT.format(n);
}

/** Stored enumerations as words: 'net_30' reads 'Net 30', 'documentation_required' 'Documentation Required'. */
export function words(value: Maybe<string>): string {
  if (!value) return '';
  return value
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

const PLURALS: Record<string, string> = { box: 'boxes' };

/** '12 pallets', '1 crate'; the count alone without a package type; '' without packages. */
export function packages(countValue: Maybe<number>, type: Maybe<string>): string {
  if (countValue === null || countValue === undefined) return '';
  if (!type) return count(countValue);
  const noun = type === 'other' ? 'package' : type;
  return `${count(countValue)} ${countValue === 1 ? noun : (PLURALS[noun] ?? `${noun}s`)}`;
}

/** Name and address as one block, for a party's box. */
export function party(name: Maybe<string>, address: Maybe<string>): string {
  return [name, address].filter((p): p is string => !!p && p.trim() !== '').join('\n');
}

/** Parts that are set, joined: `join(' / ', vessel, voyage)`. */
export function join(separator: string, ...parts: Maybe<string>[]): string {
  return parts.filter((p): p is string => !!p && p.trim() !== '').join(separator);
}

export const text = (value: Maybe<string>): string => value ?? '';

/** '6204.62' from however the code was stored. */
export function hsCode(value: Maybe<string>): string {
  return value ? formatHsCode(normalizeHsCode(value)) : '';
}

/** 'UN1263, class 3' when the cargo is dangerous ('Yes' without the details); '' otherwise. */
export function dangerousGoods(s: Pick<ShipmentDetail, 'dangerous_goods' | 'un_number' | 'hazard_class'>): string {
  if (!s.dangerous_goods) return '';
  return join(', ', s.un_number, s.hazard_class ? `class ${s.hazard_class}` : null) || 'Yes';
}

/** '40HC (45G1)': the container's type with its ISO 6346 size-type code. */
export function containerType(c: Pick<ContainerView, 'type' | 'iso_code'>): string {
  return c.iso_code ? `${c.type} (${c.iso_code})` : c.type;
}

/** One line per dimension line: '3 x 120 x 80 x 150 cm, 250 kg each'. */
export function pieceLines(pieces: readonly Piece[]): string[] {
  return pieces.map(pieceLineLabel);
}

/** 'FOB Istanbul': the rule and its named place (the Incoterms version is not one of the printed fields). */
export function incoterm(rule: Maybe<string>, place?: Maybe<string>): string {
  return rule ? join(' ', rule, place) : '';
}

// ---- exact money (issue 38): decimal strings in, never a binary float on the way ---------------------------------

/** '1,325.00' from '1325.00': thousands grouped, the digits after the point as given. */
export function grouped(decimal: string): string {
  const [whole = '', fraction] = decimal.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace(/^-/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? `${sign}${digits}` : `${sign}${digits}.${fraction}`;
}

/** '1,656.25' (EUR), '148' (JPY), '1.250' (BHD): the amount with its currency's minor units, grouped. */
export function decimalMoney(value: Maybe<string>, currency: string): string {
  return value === null || value === undefined || value === '' ? '' : grouped(moneyString(value, currency));
}

/** A unit price: at least the currency's minor units, more when the price has them ('12.755' stays, '400' reads '400.00'). */
export function unitPrice(value: string, currency: string): string {
  const exact = dec(value).toFixed();
  const places = Math.min(6, Math.max(minorUnitOf(currency), exact.split('.')[1]?.length ?? 0));
  return grouped(dec(value).toFixed(places));
}

/** '7', '2.5', '1,200': a quantity without trailing zeros ('7.000000' as stored reads '7'). */
export function quantity(value: string): string {
  return grouped(dec(value).toFixed());
}

/** '25%', '2.1%', '0%'. */
export function percent(value: string): string {
  return `${dec(value).toFixed()}%`;
}
