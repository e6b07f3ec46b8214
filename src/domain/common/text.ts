/**
 * Text by the reader's language (issue 42): Turkish has a dotted and a dotless i, so `istanbul` upper-cases to
 * `İSTANBUL` and `IĞDIR` lower-cases to `ığdır`. Never `toUpperCase()`/`toLowerCase()` on a name.
 */

export const upperCase = (text: string, locale: string): string => text.toLocaleUpperCase(locale);
export const lowerCase = (text: string, locale: string): string => text.toLocaleLowerCase(locale);

const collators = new Map<string, Intl.Collator>();

/** Compares names in the reader's alphabetical order (ICU collation: Turkish puts ı before i, ç after c). */
export function compareText(locale: string): (a: string, b: string) => number {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { numeric: true })));
  return collator.compare;
}
