/**
 * A digest line in its reader's language (issue 42). Its producer writes the title and the detail as English ICU
 * messages (marked with msg(), or a bare '{reference}') and gives the values that fill them; the line is stored with
 * its English text too (older lines have only that, and are shown as stored). A value's kind is in its key's ending:
 *   - `…_label`: an English text the catalog may hold (a status, a checklist item's name, 'N/A'), translated;
 *   - `…_day`: a calendar day 'YYYY-MM-DD'; `…_time`: a moment (ISO, '' for none); both as a mail writes them;
 *   - `…_money`: an amount as English writes it, '1,234.50 USD', in the reader's form (as it is in English);
 *   - any other: as it is (a reference, a name, a reason, a number for a plural). Never translated.
 * A list is its items so written, joined by ', ' (money by ' + ': a total per currency).
 */
import type { LineValues } from '@domain/notifications/schema';
import type { Translator } from '@server/i18n';
import { mailDateTime, mailDay } from './moments';

/** A digest line: with `values`, title and detail are messages to write for the reader; without, texts as stored. */
export type DigestLine = { title: string; detail: string; url: string; values?: LineValues | null };

const AMOUNT = /^(-?[\d,]+(?:\.\d+)?) ([A-Z]{3})$/;

function valueText(tr: Translator, key: string, value: string): string {
  // A text with a brace is never a catalog entry (and is no message to compile).
  if (key.endsWith('_label')) return value.includes('{') ? value : tr.t(value);
  if (key.endsWith('_day')) return value ? mailDay(tr, value) : tr.t('Not set');
  if (key.endsWith('_time')) return mailDateTime(tr, value || null);
  if (key.endsWith('_money') && tr.locale !== 'en') {
    const m = AMOUNT.exec(value);
    return m ? tr.formats.money(m[1]!.replaceAll(',', ''), m[2]!) : value;
  }
  return value;
}

/** A line's values in the reader's language, ready for the line's messages. */
export function readerValues(tr: Translator, values: LineValues): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values).map(([key, v]) => [
      key,
      typeof v === 'number' ? v : Array.isArray(v) ? v.map((x) => valueText(tr, key, x)).join(key.endsWith('_money') ? ' + ' : ', ') : valueText(tr, key, v),
    ]),
  );
}

/** A line's title and detail for the reader: its messages in the reader's language when it has values, else as stored. */
export function lineText(tr: Translator, line: DigestLine): { title: string; detail: string } {
  if (!line.values) return { title: line.title, detail: line.detail };
  const values = readerValues(tr, line.values);
  return { title: tr.t(line.title, values), detail: tr.t(line.detail, values) };
}
