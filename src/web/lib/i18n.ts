/**
 * The web app's language (issue 42, decision 0270): one Lingui instance for the page (a browser shows one person), its
 * catalog loaded on demand (src/locales/<language>.po, one chunk each; English is the code's own text and loads
 * nothing). `t('Save')` translates where the text is shown; a text written elsewhere is marked with `msg` from
 * `@domain/common/i18n` and passed to `t` when shown. Changing the language re-renders the whole app (main.tsx keys
 * the tree on it).
 */
import { useSyncExternalStore } from 'react';
import { i18n } from '@lingui/core';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { LOCALE_PATTERN, pickLocale, SOURCE_LOCALE } from '@domain/common/i18n';
import { localeFormats, type LocaleFormats } from '@domain/locale/format';

const catalogs = import.meta.glob<Record<string, string>>('../../locales/*.po', { import: 'default' });
const catalogOf = Object.fromEntries(Object.entries(catalogs).map(([file, load]) => [file.replace(/^.*\/|\.po$/g, ''), load]));

/** The languages Cargodesk speaks: English and one for each catalog. */
export const LOCALES: readonly string[] = [SOURCE_LOCALE, ...Object.keys(catalogOf).filter((l) => l !== SOURCE_LOCALE)];

// Each message is compiled once (Lingui compiles at every call otherwise).
const compiled = new Map<string, CompiledMessage>();
i18n.setMessagesCompiler((message: string) => {
  let made = compiled.get(message);
  if (made === undefined) compiled.set(message, (made = compileMessage(message)));
  return made;
});
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });

const STORAGE_KEY = 'cargodesk.locale';
let formats: LocaleFormats = localeFormats(SOURCE_LOCALE);

/**
 * The message in the reader's language, its `{placeholders}` filled from `values` (ICU MessageFormat: plurals,
 * selects). A text that is not in the catalog (a name, a server message already translated) comes back as it is.
 */
export function t(message: string, values?: Record<string, unknown>): string {
  if (!values && !message.includes('{') && !Object.hasOwn(i18n.messages, message)) return message;
  try {
    return i18n._(message, values);
  } catch {
    return message;
  }
}

/** The current language's formats of numbers, money and dates (lib/format.ts uses them). */
export const currentFormats = (): LocaleFormats => formats;
export const currentLocale = (): string => i18n.locale;

/** The language this browser asks for: the one chosen on a signed-out page, else the browser's own list. */
export function browserLocale(): string {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(STORAGE_KEY);
  } catch {
    chosen = null;
  }
  const wanted = chosen && LOCALE_PATTERN.test(chosen) ? [chosen] : [...(typeof navigator === 'undefined' ? [] : navigator.languages)];
  return pickLocale(wanted, LOCALES);
}

/** The browser's own language among those Cargodesk speaks. */
export const navigatorLocale = (): string => pickLocale(typeof navigator === 'undefined' ? [] : [...navigator.languages], LOCALES);

/** Shows the app in `locale` (loading its catalog first); `remember` keeps it for this browser's signed-out pages. */
export async function setLocale(wanted: string, remember = false): Promise<void> {
  const locale = pickLocale([wanted], LOCALES);
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // A browser that keeps nothing still shows the language now.
    }
  }
  if (locale === i18n.locale) return;
  const messages = locale === SOURCE_LOCALE ? {} : await catalogOf[locale]!();
  formats = localeFormats(locale);
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

const subscribe = (listener: () => void) => i18n.on('change', listener);

/** The current language, re-rendering the component when it changes. */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
