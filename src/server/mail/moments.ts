/**
 * Moments and calendar days as a mail writes them (issue 42): English keeps the spec's forms ('2026-03-01 09:30 UTC',
 * '2026-12-13'), another language its CLDR forms, a moment in the reader's time zone.
 */
import type { Translator } from '@server/i18n';

/**
 * A moment as a mail writes it: in English '2026-03-01 09:30 UTC' (the spec's form), in another language by its
 * CLDR form in the reader's time zone ('1.03.2026 12:30'); 'Not set' when there is none.
 */
export function mailDateTime(tr: Translator, value: Date | string | null): string {
  if (!value) return tr.t('Not set');
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return tr.t('Not set');
  return tr.locale === 'en' ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : tr.formats.dateTime(d);
}

/** A calendar day 'YYYY-MM-DD' as a mail writes it: as it is in English, '13 Aralık 2026' in Turkish. */
export const mailDay = (tr: Translator, day: string): string => (tr.locale === 'en' ? day : tr.formats.day(day));
