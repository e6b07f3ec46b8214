/**
 * Countries in the reader's language (issue 42, decision record 0307). A shipment or request stores its countries as
 * text: the sea-port reference data's English names when a port fills them ('Turkey', 'Spain'), or what staff typed.
 * A reader in another language than English sees a name the reference data knows in their language, through CLDR
 * (`Intl.DisplayNames`): 'Turkey' is 'Türkiye' and 'Spain' 'İspanya' in Turkish; so is a country typed as its ISO code
 * ('HU' is 'Macaristan', decision 0308). English readers, and any text the reference data does not write (a name typed
 * in Turkish, a region, a lower-case or unknown code), see it as stored.
 */
import { COUNTRY_CODES, KNOWN_COUNTRY_CODES } from './country-codes';

const names = new Map<string, Intl.DisplayNames | null>();
function regionNames(locale: string): Intl.DisplayNames | null {
  if (!names.has(locale)) {
    let made: Intl.DisplayNames | null = null;
    try {
      made = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    } catch {
      made = null;
    }
    names.set(locale, made);
  }
  return names.get(locale)!;
}

/**
 * The ISO 3166-1 alpha-2 code of a country name the reference data writes, or of a code it uses typed as the country
 * (upper case, as the forms keep it: 'HU'), else null.
 */
export function countryCodeOf(name: string): string | null {
  const key = name.trim();
  if (Object.hasOwn(COUNTRY_CODES, key)) return COUNTRY_CODES[key]!;
  return KNOWN_COUNTRY_CODES.has(key) ? key : null;
}

/** A stored country as the reader says it (see above); unchanged in English, and a missing one stays missing. */
export function countryIn<T extends string | null | undefined>(country: T, locale: string): T | string {
  if (!country || locale === 'en' || locale.startsWith('en-')) return country;
  const code = countryCodeOf(country);
  return (code && regionNames(locale)?.of(code)) || country;
}
