/**
 * The charge lines' decimals as the reader's language writes them (issue 42), every place kept as stored: English
 * reads as before ('2', '1,200.50 USD', '20'), Turkish '2', '1.200,50 USD', '20'. Money amounts use formatMoney.
 */
import { isDecimalString } from '@domain/money/decimal';
import { formatNumber } from '@web/lib/format';

const placesOf = (decimal: string) => decimal.split('.')[1]?.length ?? 0;

/** A quantity or a rate as entered, ungrouped, with the language's decimal sign ('1.5'; Turkish '1,5'). */
export const plainDecimal = (decimal: string): string =>
  isDecimalString(decimal) ? decimal.replace('.', formatNumber(0.5, 1).replace(/\d/g, '')) : decimal;

/** A unit price with all its places (prices may have more than money), grouped, with its currency. */
export const price = (amount: string, currency: string): string =>
  `${isDecimalString(amount) ? formatNumber(amount, placesOf(amount)) : amount} ${currency}`;
