/**
 * Display formatting shared by the pages, in the reader's language and the browser's time zone (issue 42): the
 * formats are the domain's (`@domain/locale/format`), made once per language; a missing value reads 'N/A'
 * (translated). English keeps its forms: '05 Jan 2026', '05 Jan 2026, 14:30', '1,234.50 EUR'.
 */
import { localeFormats, type LocaleFormats } from '@domain/locale/format';
import { currentLocale, t } from './i18n';

let formats: LocaleFormats | undefined;
/** The current language's formats, made once per language. */
function currentFormats(): LocaleFormats {
  if (formats?.locale !== currentLocale()) formats = localeFormats(currentLocale());
  return formats;
}

const orMissing = (text: string) => (text === 'N/A' ? t('N/A') : text);

export const formatDate = (value: string | Date | null | undefined): string => orMissing(currentFormats().date(value));
export const formatDateTime = (value: string | Date | null | undefined): string => orMissing(currentFormats().dateTime(value));
/** A calendar day 'YYYY-MM-DD' (a cargo-ready or valid-until date) as '01 Mar 2026', the same day in every time zone. */
export const formatDay = (value: string | null | undefined): string => orMissing(currentFormats().day(value));
/** A fraction as a percentage, exact for a decimal string ('0.133' or '13.3e-2'): '13.3%' ('%13,3' in Turkish). */
export const formatPercent = (fraction: number | string): string => currentFormats().percent(fraction);
/** A calendar month 'YYYY-MM' as the monthly charts name it: 'Jan 2026' ('Oca 2026' in Turkish). */
export const formatMonth = (key: string): string => orMissing(currentFormats().month(key));
/** "1,234.50 EUR" ('₺1.234,50' in Turkish); an amount or currency that is not one reads as it came. */
export const formatMoney = (amount: string | null | undefined, currency: string): string => orMissing(currentFormats().money(amount, currency));
/** A number with up to three decimals, or exactly `fractionDigits`, grouped as the language groups them. */
export const formatNumber = (value: number | string | null | undefined, fractionDigits?: number): string => orMissing(currentFormats().number(value, fractionDigits));

/**
 * Makes the language's date and number formats while the first page waits for its data (decision record 0283): a
 * browser's first Intl format loads its locale data, 10 ms of a desktop's CPU and 40 of a phone's, which otherwise
 * fell in the render that shows the page. One format per idle moment, so none makes a long task of its own.
 */
export function prepareFormats(): void {
  const steps = [() => formatDate(new Date()), () => formatDay('2026-01-01'), () => formatDateTime(new Date()), () => formatNumber(1234.5)];
  const idle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 500 }) : setTimeout(run, 0));
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    idle(next);
  };
  idle(next);
}
