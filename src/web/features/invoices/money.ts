/**
 * Amounts as people read them (issue 38, decision 0257): the decimal string rounded to the currency's ISO 4217 minor
 * unit by the domain's moneyString, grouped by thousands as text. No binary float ever touches the amount.
 */
export { groupDigits } from '@domain/locale/format';
export { formatMoney } from '@web/lib/format';

/** A rate or a percentage as sent ("25.00" -> "25", "2.10" -> "2.1"): trailing zeros of the fraction dropped. */
export function trimZeros(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}
