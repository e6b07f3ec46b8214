/**
 * Languages (decision 0270). A message is written in English in the code, as ICU MessageFormat; that English text is
 * its key in every other language's catalog (src/locales/<language>.po). English needs no catalog, and a language is
 * added by adding its catalog, without touching code.
 */

/** The language the code is written in. */
export const SOURCE_LOCALE = 'en';

/**
 * Marks a text for translation where it is written (a label table, a validation message) and returns it unchanged:
 * it is translated where it is shown, by the reader's `t`. `npm run i18n` finds it by this name.
 */
// Without side effects (the bundler's annotation): a marked text that nothing reads is left out of the page's code.
/*#__NO_SIDE_EFFECTS__*/
export function msg(message: string): string {
  return message;
}

/**
 * Whoever a composed text is for (a page's reader, a mail's recipient): their language and their translator. The
 * web's `reader()` and the server's `Translator` are both one. The domain's functions that compose a text from pieces
 * take it, and write English as written without it.
 */
export type Reader = { readonly locale: string; t(message: string, values?: Record<string, unknown>): string };

/** English as written, `{name}` placeholders filled: the reader when none is given. */
export const ENGLISH: Reader = {
  locale: SOURCE_LOCALE,
  t: (message, values) => message.replace(/\{\s*(\w+)\s*\}/g, (all, name: string) => (values && name in values ? String(values[name]) : all)),
};

/** A language tag as people store it: `en`, `tr`, `pt-BR`. */
export const LOCALE_PATTERN = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/**
 * The first of the wanted languages (most wanted first: the browser's list, or an Accept-Language header read in
 * order) that Cargodesk speaks; a regional tag matches its language (`tr-TR` is `tr`). English when none does.
 */
export function pickLocale(wanted: readonly string[], available: readonly string[]): string {
  for (const tag of wanted) {
    const clean = tag.trim();
    if (!clean) continue;
    const exact = available.find((a) => a.toLowerCase() === clean.toLowerCase());
    if (exact) return exact;
    const base = clean.split('-')[0]!.toLowerCase();
    const same = available.find((a) => a.split('-')[0]!.toLowerCase() === base);
    if (same) return same;
  }
  return SOURCE_LOCALE;
}

/** An Accept-Language header's languages, most wanted first (RFC 9110 section 12.5.4). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((l) => l.tag);
}

/** A language's name in that language, as a switch offers it: `English`, `Türkçe`. */
export function languageName(locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
