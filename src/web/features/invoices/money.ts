/**
 * Amounts as people read them (issue 38, decision 0257): the decimal string rounded to the currency's ISO 4217 minor
 * unit by the domain's moneyString, grouped by thousands as text. No binary float ever touches the amount.
 */
import { isCurrency, moneyString } from '@domain/money/currencies';
import { isDecimalString } from '@domain/money/decimal';

/** "1,234.50": the digits of a decimal string grouped by thousands (the string itself already has its places). */
export function groupDigits(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole, fraction] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** "1,234.50 EUR", "148 JPY", "1.250 BHD"; an amount or currency that is not one reads as it came. */
export function formatMoney(amount: string | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || amount === '') return 'N/A';
  if (!isDecimalString(amount) || !isCurrency(currency)) return `${amount} ${currency}`;
  return `${groupDigits(moneyString(amount, currency))} ${currency}`;
}

/** A rate or a percentage as sent ("25.00" -> "25", "2.10" -> "2.1"): trailing zeros of the fraction dropped. */
export function trimZeros(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}
