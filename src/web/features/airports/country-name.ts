import { currentLocale } from '@web/lib/i18n';

const byLocale = new Map<string, Intl.DisplayNames | null>();

/** The country names of the reader's language (made once per language). */
function regionNames(): Intl.DisplayNames | null {
  const locale = currentLocale();
  let names = byLocale.get(locale);
  if (names === undefined) {
    names = typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames([locale], { type: 'region' }) : null;
    byLocale.set(locale, names);
  }
  return names;
}

/** 'TR' -> 'Türkiye' in the reader's language; null for an incomplete or unknown code (the code is then shown alone). */
export function countryName(code: string): string | null {
  const regions = regionNames();
  if (!/^[A-Z]{2}$/.test(code) || !regions) return null;
  try {
    const name = regions.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}
