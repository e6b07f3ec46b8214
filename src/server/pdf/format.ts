/**
 * How the papers write values: dates in UTC ('26 Nov 2026'), money with two decimals and its currency
 * ('1,200.00 USD'), weights and volumes with their units. Every function answers '' for a missing value, so a
 * paper shows an empty box rather than 'null'.
 *
 * A paper is written in its company's language (issue 42): the functions taking a translator keep these English forms
 * for English, word for word, and write another language as its CLDR formats do (`tr`: '26 Kasım 2026', '₺1.234,50',
 * '20.250,75 kg', '%25'), through the translator's `formats` (made in UTC).
 */
import { adrEntry } from '@domain/cargo/dangerous-goods';
import { pieceLineLabel, type Piece } from '@domain/cargo/measures';
import { formatHsCode, normalizeHsCode } from '@domain/cargo/trade-numbers';
import type { ContainerView, ShipmentDetail } from '@domain/shipments/views-schema';
import { ENUM_WORDS, enumWord } from '@domain/shipments/enum-words';
import { dec } from '@domain/money/decimal';
import { minorUnitOf, moneyString } from '@domain/money/currencies';
import type { Translator } from '@server/i18n';

type Maybe<T> = T | null | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function parse(value: Maybe<string | Date>): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** English is written as the papers always have been; any other language by its CLDR formats. */
export const english = (tr: Translator): boolean => tr.locale === 'en';

/** '26 Nov 2026' (UTC); Turkish '26 Kasım 2026'. */
export function formatDate(tr: Translator, value: Maybe<string | Date>): string {
  const d = parse(value);
  if (!d) return '';
  return english(tr) ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : tr.formats.date(d);
}

/**
 * '26 Nov 2026, 10:04 UTC' (Turkish '26 Kasım 2026 10:04 UTC'); a date-time at midnight UTC is a plain date (how a date
 * typed without a time is stored).
 */
export function formatDateTime(tr: Translator, value: Maybe<string | Date>): string {
  const d = parse(value);
  if (!d) return '';
  if (d.getUTCHours() === 0 && d.getUTCMinutes() === 0) return formatDate(tr, d);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
  return english(tr) ? `${formatDate(tr, d)}, ${time}` : `${formatDate(tr, d)} ${time}`;
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

/** '1,200.00 USD'; Turkish '$1.200,00'. */
export function money(tr: Translator, n: Maybe<number>, currency: string): string {
  if (n === null || n === undefined) return '';
  return english(tr) ? `${MONEY.format(n)} ${currency}` : tr.formats.money(String(n), currency);
}

/** '1,500.5' (up to three decimals): a weight without its unit. */
export function weight(tr: Translator, n: Maybe<number>): string {
  if (n === null || n === undefined) return '';
  return english(tr) ? WEIGHT.format(n) : tr.formats.number(n);
}

/** '1,500.5 kg'. */
export function kg(tr: Translator, n: Maybe<number>): string {
  return n === null || n === undefined ? '' : `${weight(tr, n)} kg`;
}

/** '12.345 m³'. */
export function m3(tr: Translator, n: Maybe<number>): string {
  if (n === null || n === undefined) return '';
  return `${english(tr) ? VOLUME.format(n) : tr.formats.number(n, 3)} m³`;
}

export function count(tr: Translator, n: Maybe<number>): string {
  if (n === null || n === undefined) return '';
  return english(tr) ? COUNT.format(n) : tr.formats.number(n, 0);
}

/** 'Documentation Required'; '' without (the pages' words: domain/shipments/enum-words.ts). */
export function customsStatus(tr: Translator, value: Maybe<string>): string {
  return value ? enumWord(tr, ENUM_WORDS.customsStatus, value) : '';
}

/** 'Freight prepaid' or 'Freight collect', as a bill of lading states its freight terms; '' without. */
export function freightTerms(tr: Translator, terms: Maybe<string>): string {
  if (!terms) return '';
  return tr.t('{terms, select, prepaid {Freight prepaid} collect {Freight collect} other {{terms}}}', { terms });
}

/** 'Net 30'. */
export function paymentTermsWords(tr: Translator, value: Maybe<string>): string {
  return value ? enumWord(tr, ENUM_WORDS.paymentTerms, value) : '';
}

/** 'Pallet': a package type as a word of its own (the CMR's method of packing). */
export function packageType(tr: Translator, value: Maybe<string>): string {
  return value ? enumWord(tr, ENUM_WORDS.packageType, value) : '';
}

/** 'Box'. */
export function truckType(tr: Translator, value: Maybe<string>): string {
  return value ? enumWord(tr, ENUM_WORDS.truckType, value) : '';
}

const PLURALS: Record<string, string> = { box: 'boxes' };

/** '12 pallets', '1 crate'; the count alone without a package type; '' without packages. Turkish '12 palet'. */
export function packages(tr: Translator, countValue: Maybe<number>, type: Maybe<string>): string {
  if (countValue === null || countValue === undefined) return '';
  if (!type) return count(tr, countValue);
  if (!english(tr)) {
    return tr.t(
      '{type, select, box {{count, plural, one {# box} other {# boxes}}} pallet {{count, plural, one {# pallet} other {# pallets}}} package {{count, plural, one {# package} other {# packages}}} crate {{count, plural, one {# crate} other {# crates}}} drum {{count, plural, one {# drum} other {# drums}}} bag {{count, plural, one {# bag} other {# bags}}} roll {{count, plural, one {# roll} other {# rolls}}} bundle {{count, plural, one {# bundle} other {# bundles}}} carton {{count, plural, one {# carton} other {# cartons}}} unit {{count, plural, one {# unit} other {# units}}} other {{count, plural, one {# package} other {# packages}}}}',
      { type, count: countValue },
    );
  }
  const noun = type === 'other' ? 'package' : type;
  return `${count(tr, countValue)} ${countValue === 1 ? noun : (PLURALS[noun] ?? `${noun}s`)}`;
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
export function dangerousGoods(tr: Translator, s: Pick<ShipmentDetail, 'dangerous_goods' | 'un_number' | 'hazard_class'>): string {
  if (!s.dangerous_goods) return '';
  return join(', ', s.un_number, s.hazard_class ? tr.t('class {hazardClass}', { hazardClass: s.hazard_class }) : null) || tr.t('Yes');
}

/**
 * The dangerous goods entry ADR asks of a road transport document (5.4.1.1.1): 'UN 1263 PAINT, 3, II, (D/E)', the
 * description as the proper shipping name; without a UN number, what the shipment holds (dangerousGoods).
 */
export function adrGoods(tr: Translator, s: Pick<ShipmentDetail, 'dangerous_goods' | 'un_number' | 'hazard_class' | 'packing_group' | 'tunnel_code' | 'cargo_description'>): string {
  if (!s.dangerous_goods) return '';
  return adrEntry({ un_number: s.un_number, proper_shipping_name: s.cargo_description, hazard_class: s.hazard_class, packing_group: s.packing_group, tunnel_code: s.tunnel_code }) ?? dangerousGoods(tr, s);
}

/** '40HC (45G1)': the container's type with its ISO 6346 size-type code. */
export function containerType(c: Pick<ContainerView, 'type' | 'iso_code'>): string {
  return c.iso_code ? `${c.type} (${c.iso_code})` : c.type;
}

/** One line per dimension line: '3 x 120 x 80 x 150 cm, 250 kg each'. */
export function pieceLines(tr: Translator, pieces: readonly Piece[]): string[] {
  return pieces.map((p) => pieceLineLabel(p, tr));
}

/** 'FOB Istanbul': the rule and its named place (the Incoterms version is not one of the printed fields). */
export function incoterm(rule: Maybe<string>, place?: Maybe<string>): string {
  return rule ? join(' ', rule, place) : '';
}

// ---- exact money (issue 38): decimal strings in, never a binary float on the way ---------------------------------

/** '1,325.00' from '1325.00': thousands grouped, the digits after the point as given (Turkish '1.325,00'). */
export function grouped(tr: Translator, decimal: string): string {
  if (!english(tr)) return tr.formats.number(decimal, decimal.split('.')[1]?.length ?? 0);
  const [whole = '', fraction] = decimal.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace(/^-/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? `${sign}${digits}` : `${sign}${digits}.${fraction}`;
}

/** '1,656.25' (EUR), '148' (JPY), '1.250' (BHD): the amount with its currency's minor units, grouped. */
export function decimalMoney(tr: Translator, value: Maybe<string>, currency: string): string {
  return value === null || value === undefined || value === '' ? '' : grouped(tr, moneyString(value, currency));
}

/** '1,656.25 EUR' (Turkish '€1.656,25'): an exact amount with its currency. */
export function exactMoney(tr: Translator, value: string, currency: string): string {
  return english(tr) ? `${decimalMoney(tr, value, currency)} ${currency}` : tr.formats.money(value, currency);
}

/** A unit price: at least the currency's minor units, more when the price has them ('12.755' stays, '400' reads '400.00'). */
export function unitPrice(tr: Translator, value: string, currency: string): string {
  const exact = dec(value).toFixed();
  const places = Math.min(6, Math.max(minorUnitOf(currency), exact.split('.')[1]?.length ?? 0));
  return grouped(tr, dec(value).toFixed(places));
}

/** '7', '2.5', '1,200': a quantity without trailing zeros ('7.000000' as stored reads '7'). */
export function quantity(tr: Translator, value: string): string {
  return grouped(tr, dec(value).toFixed());
}

/** '25%', '2.1%', '0%' (Turkish '%25'). */
export function percent(tr: Translator, value: string): string {
  return english(tr) ? `${dec(value).toFixed()}%` : tr.formats.percent(dec(value).div(100).toFixed());
}
