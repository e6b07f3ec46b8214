import { formatNumber } from '@web/lib/format';

/**
 * '1234567.5' as '1,234,567.5' (the string as the server sent it, with exactly its decimal places, grouped as the
 * reader's language groups: '1.234.567,5' in Turkish). The decimal string goes to Intl as a string, never through a
 * binary number.
 */
export function groupDigits(amount: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return amount;
  return formatNumber(amount, amount.split('.')[1]?.length ?? 0);
}

/** An amount with its currency, as the pages show it: '1,656.25 EUR'. */
export const formatMoney = (amount: string, currency: string) => `${groupDigits(amount)} ${currency}`;

/** Today's UTC day, 'YYYY-MM-DD'. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/** Whether a decimal string is zero ('0', '0.00', '-0.00'). */
export const isZero = (amount: string) => /^-?0(\.0*)?$/.test(amount);
