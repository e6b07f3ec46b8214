/** '1234567.5' as '1,234,567.5' (the string as the server sent it, grouped: never through a binary number). */
export function groupDigits(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** An amount with its currency, as the pages show it: '1,656.25 EUR'. */
export const formatMoney = (amount: string, currency: string) => `${groupDigits(amount)} ${currency}`;

/** Today's UTC day, 'YYYY-MM-DD'. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/** Whether a decimal string is zero ('0', '0.00', '-0.00'). */
export const isZero = (amount: string) => /^-?0(\.0*)?$/.test(amount);
