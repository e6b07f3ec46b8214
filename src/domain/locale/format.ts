/**
 * Numbers, money, dates and times as the reader's language writes them (issue 42, decision 0270), shared by the pages,
 * the mails and the papers. English keeps the forms Cargodesk has always shown ('05 Jan 2026', '1,234.50 EUR');
 * another language takes CLDR's through Intl: `tr` writes 1234.5 TRY as '₺1.234,50', 0.2 as '%20', and
 * 2026-01-05 14:30 UTC in Europe/Istanbul as '5.01.2026 17:30' (short) and '5 Ocak 2026' (long).
 * Money stays exact: the decimal string, rounded to the currency's ISO 4217 minor unit, is what Intl formats (a
 * string, never a float).
 */
import { isCurrency, minorUnitOf, moneyString } from '@domain/money/currencies';
import { isDecimalString } from '@domain/money/decimal';

type DateInput = string | Date | null | undefined;

/** "1,234.50": the digits of a decimal string grouped by thousands (the string itself already has its places). */
export function groupDigits(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole, fraction] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = cache.get(key) as T | undefined;
  if (!made) cache.set(key, (made = make()));
  return made;
}
const isEnglish = (locale: string) => locale === 'en' || locale.startsWith('en-');

function toDate(value: DateInput): Date | null {
  if (!value) return null;
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

export type LocaleFormats = {
  locale: string;
  /** What a missing value reads as. */
  missing: string;
  money(amount: string | null | undefined, currency: string): string;
  number(value: number | string | null | undefined, fractionDigits?: number): string;
  /** A fraction as a percentage: 0.2 -> '20%' ('%20' in Turkish). */
  percent(fraction: number | string): string;
  /** A moment's date, in the reader's time zone ('05 Jan 2026'; Turkish '5 Ocak 2026'). */
  date(value: DateInput): string;
  /** A moment's date and time, in the reader's time zone ('05 Jan 2026, 17:30'; Turkish '5.01.2026 17:30'). */
  dateTime(value: DateInput): string;
  /** A calendar day 'YYYY-MM-DD', the same day in every time zone. */
  day(value: string | null | undefined): string;
  /** A calendar month 'YYYY-MM' as the monthly charts name it ('Jan 2026'; Turkish 'Oca 2026'). */
  month(key: string): string;
};

/**
 * The formats of one reader: `locale` a language tag, `timeZone` an IANA zone (the runtime's own when left out).
 * `missing` is what an absent value reads as (the pages say 'N/A', the papers leave the box empty).
 */
export function localeFormats(locale: string, timeZone?: string, missing = 'N/A'): LocaleFormats {
  const english = isEnglish(locale);
  const tz = timeZone ? { timeZone } : {};
  const dateFormat = () =>
    cached(`d|${locale}|${timeZone}`, () =>
      english
        ? new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', ...tz })
        : new Intl.DateTimeFormat(locale, { dateStyle: 'long', ...tz }),
    );
  const dateTimeFormat = () =>
    cached(`dt|${locale}|${timeZone}`, () =>
      english
        ? new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', ...tz })
        : new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', ...tz }),
    );
  const dayFormat = () =>
    cached(`day|${locale}`, () =>
      english
        ? new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' })
        : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
    );
  const monthFormat = () =>
    cached(`month|${locale}`, () => new Intl.DateTimeFormat(english ? 'en-GB' : locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }));
  return {
    locale,
    missing,
    money(amount, currency) {
      if (amount === null || amount === undefined || amount === '') return missing;
      if (!isDecimalString(amount) || !isCurrency(currency)) return `${amount} ${currency}`;
      const exact = moneyString(amount, currency);
      if (english) return `${groupDigits(exact)} ${currency}`;
      const digits = minorUnitOf(currency);
      const format = cached(`m|${locale}|${currency}`, () =>
        new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }),
      );
      return format.format(exact as Intl.StringNumericLiteral);
    },
    number(value, fractionDigits) {
      if (value === null || value === undefined || value === '') return missing;
      const format = cached(`n|${locale}|${fractionDigits}`, () =>
        new Intl.NumberFormat(english ? 'en-US' : locale, fractionDigits === undefined ? { maximumFractionDigits: 3 } : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
      );
      return format.format(typeof value === 'string' ? (value as Intl.StringNumericLiteral) : value);
    },
    percent(fraction) {
      const format = cached(`p|${locale}`, () => new Intl.NumberFormat(english ? 'en-US' : locale, { style: 'percent', maximumFractionDigits: 2 }));
      return format.format(typeof fraction === 'string' ? (fraction as Intl.StringNumericLiteral) : fraction);
    },
    date(value) {
      const d = toDate(value);
      return d ? dateFormat().format(d) : missing;
    },
    dateTime(value) {
      const d = toDate(value);
      return d ? dateTimeFormat().format(d) : missing;
    },
    day(value) {
      if (!value) return missing;
      const d = new Date(`${value.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? missing : dayFormat().format(d);
    },
    month(key) {
      const d = new Date(`${key.slice(0, 7)}-01T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? missing : monthFormat().format(d);
    },
  };
}
