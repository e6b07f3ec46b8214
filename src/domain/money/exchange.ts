/**
 * Exchange rates (issue 38): the European Central Bank's euro reference rates, read from its XML as published, and
 * conversion between any two currencies through the euro.
 *
 * - A rate means 1 EUR = rate units of the currency (the ECB's convention); it is kept as the published string
 *   (`0.87980` keeps its zero).
 * - A conversion on a day uses the last publication on or before that day (a Saturday uses Friday's rates).
 * - From X to Y: amount / rate(X) x rate(Y) (the euro's rate is 1), computed exactly and rounded once, half away from
 *   zero, to Y's minor unit. The rate shown beside it (1 X in Y) has 6 decimals.
 */
import { dec, fixed, roundHalfAway, type Decimal } from './decimal';
import { isCurrency, roundToCurrency, minorUnitOf } from './currencies';
import { ENGLISH, msg } from '@domain/common/i18n';

export const BASE_CURRENCY = 'EUR';
/** Decimals of a shown cross rate (1 GBP = 1.246306 USD). */
export const CROSS_RATE_PLACES = 6;

export type PublishedRate = { currency: string; rate: string };
export type RateDay = { date: string; rates: PublishedRate[] };

export const EXCHANGE_MESSAGES = {
  notEcb: msg('This is not a file of the European Central Bank\'s euro reference rates (gesmes:Envelope with Cube elements)'),
  noDays: msg('The file holds no day of rates'),
  badDate: (d: string) => ENGLISH.t(msg('Not a date: "{date}"'), { date: d }),
  badRate: (c: string, r: string) => ENGLISH.t(msg('The rate of {currency} is not a positive decimal: "{rate}"'), { currency: c, rate: r }),
  unknownCurrency: (c: string) => ENGLISH.t(msg('Unknown currency: {currency}'), { currency: c }),
  noRate: (c: string, on: string) => ENGLISH.t(msg('No exchange rate for {currency} on or before {day}'), { currency: c, day: on }),
} as const;

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*(["'])(.*?)\\1`).exec(tag)?.[2];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const RATE = /^\d{1,12}(\.\d{1,12})?$/;

export class RateFileError extends Error {}

/**
 * The days and rates of an ECB reference-rate file (daily, 90-day or history XML), as published: attributes quoted
 * with ' or ", any order of days. Throws RateFileError naming the first problem; a currency ISO 4217 does not know is
 * an error too (the ECB publishes only ISO currencies).
 */
export function parseEcbRates(xml: string): RateDay[] {
  if (!/<(\w+:)?Envelope\b/.test(xml) || !/eurofxref/.test(xml) || !/<Cube\b/.test(xml)) throw new RateFileError(EXCHANGE_MESSAGES.notEcb);
  const days: RateDay[] = [];
  let current: RateDay | null = null;
  for (const [tag] of xml.matchAll(/<Cube\b[^>]*>/g)) {
    const time = attr(tag, 'time');
    const currency = attr(tag, 'currency');
    if (time !== undefined) {
      if (!DAY.test(time) || Number.isNaN(Date.parse(`${time}T00:00:00Z`))) throw new RateFileError(EXCHANGE_MESSAGES.badDate(time));
      current = { date: time, rates: [] };
      days.push(current);
    } else if (currency !== undefined) {
      const rate = attr(tag, 'rate') ?? '';
      if (!current) throw new RateFileError(EXCHANGE_MESSAGES.notEcb);
      if (!isCurrency(currency)) throw new RateFileError(EXCHANGE_MESSAGES.unknownCurrency(currency));
      if (!RATE.test(rate) || dec(rate).lte(0)) throw new RateFileError(EXCHANGE_MESSAGES.badRate(currency, rate));
      current.rates.push({ currency, rate });
    }
  }
  const withRates = days.filter((d) => d.rates.length > 0);
  if (withRates.length === 0) throw new RateFileError(EXCHANGE_MESSAGES.noDays);
  return withRates;
}

/** A source of rates: the rate of `currency` (per 1 EUR) last published on or before `on`, with its date, or null. */
export type RateLookup = (currency: string, on: string) => { rate: string; date: string } | null;

/** A lookup over days held in memory (tests, and the server's answer for one conversion). */
export function rateLookupOf(days: readonly RateDay[]): RateLookup {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? 1 : -1));
  return (currency, on) => {
    for (const d of sorted) {
      if (d.date > on) continue;
      const r = d.rates.find((x) => x.currency === currency);
      if (r) return { rate: r.rate, date: d.date };
    }
    return null;
  };
}

export type Conversion = {
  /** The converted amount, rounded to the target's minor unit. */
  amount: string;
  /** 1 unit of `from` in `to`, 6 decimals. */
  rate: string;
  /** The publication day the rates come from (the older of the two when they differ). */
  rate_date: string;
};

/**
 * A conversion without a rate: `currency` has none on or before `on`, or (`on` null) is not a currency ISO 4217 knows.
 * Both are private fields read by getters, so two errors with the same message still compare equal.
 */
export class NoRateError extends Error {
  readonly #currency: string;
  readonly #on: string | null;
  constructor(message: string, currency = '', on: string | null = null) {
    super(message);
    this.#currency = currency;
    this.#on = on;
  }
  get currency(): string {
    return this.#currency;
  }
  get on(): string | null {
    return this.#on;
  }
}

function perEuro(currency: string, on: string, lookup: RateLookup): { rate: Decimal; date: string | null } {
  if (!isCurrency(currency)) throw new NoRateError(EXCHANGE_MESSAGES.unknownCurrency(currency), currency, null);
  if (currency === BASE_CURRENCY) return { rate: dec('1'), date: null };
  const found = lookup(currency, on);
  if (!found) throw new NoRateError(EXCHANGE_MESSAGES.noRate(currency, on), currency, on);
  return { rate: dec(found.rate), date: found.date };
}

/** `amount` of `from` in `to` on day `on`; throws NoRateError when a rate is missing. The same currency converts 1:1. */
export function convert(amount: string, from: string, to: string, on: string, lookup: RateLookup): Conversion {
  const a = perEuro(from, on, lookup);
  const b = perEuro(to, on, lookup);
  const dates = [a.date, b.date].filter((d): d is string => d !== null).sort();
  const exact = dec(amount).times(b.rate).div(a.rate);
  return {
    amount: fixed(roundToCurrency(exact, to), minorUnitOf(to)),
    rate: fixed(roundHalfAway(b.rate.div(a.rate), CROSS_RATE_PLACES), CROSS_RATE_PLACES),
    rate_date: dates[0] ?? on,
  };
}
