/**
 * The server's languages (issue 42, decision 0270): the same Lingui runtime and PO catalogs as the web app, with one
 * translator per reader (a request, a mail's recipient, a paper's company), never a global language. A translator is
 * cheap: the catalogs are read once (from `src/locales`, copied beside the bundle by the build) and each message is
 * compiled once and shared.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { acceptedLanguages, pickLocale, SOURCE_LOCALE } from '@domain/common/i18n';
import { localeFormats, type LocaleFormats } from '@domain/locale/format';
import { poMessages } from '@domain/common/po';
import { messageFinder, translator, type FoundMessage } from '@domain/common/message-finder';
import { SERVER_FILES } from '@server/paths';

export type Translator = {
  locale: string;
  /** The message in the reader's language, `{placeholders}` filled from `values` (ICU MessageFormat). */
  t(message: string, values?: Record<string, unknown>): string;
  /** Numbers, money and dates as the reader's language writes them, in `timeZone` (UTC unless given). */
  formats: LocaleFormats;
};

let catalogs: Record<string, Record<string, string>> | undefined;
function loadCatalogs(): Record<string, Record<string, string>> {
  if (catalogs) return catalogs;
  const dir = SERVER_FILES.locales;
  const found: Record<string, Record<string, string>> = {};
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (file.endsWith('.po')) found[file.slice(0, -3)] = poMessages(fs.readFileSync(path.join(dir, file), 'utf8'));
  }
  return (catalogs = found);
}

/** The languages Cargodesk speaks: English and one for each catalog. */
export const serverLocales = (): string[] => [SOURCE_LOCALE, ...Object.keys(loadCatalogs()).filter((l) => l !== SOURCE_LOCALE)];

const compiled = new Map<string, CompiledMessage>();
const compile = (message: string): CompiledMessage => {
  let made = compiled.get(message);
  if (made === undefined) compiled.set(message, (made = compileMessage(message)));
  return made;
};

const finders = new Map<string, (text: string) => FoundMessage | undefined>();
const finderFor = (locale: string) => {
  let find = finders.get(locale);
  if (!find) finders.set(locale, (find = messageFinder(Object.keys(loadCatalogs()[locale] ?? {}))));
  return find;
};

const instances = new Map<string, I18n>();
function instanceFor(locale: string): I18n {
  // One Lingui instance per language, never re-activated: a translator only reads it, so concurrent requests in
  // different languages cannot see each other's language.
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: locale === SOURCE_LOCALE ? {} : (loadCatalogs()[locale] ?? {}) } });
    i18n.setMessagesCompiler(compile);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** The translator of one reader: `locale` a language Cargodesk speaks (another falls back by `pickLocale`). */
export function translatorFor(wanted: string | null | undefined, timeZone?: string, missing?: string): Translator {
  const locale = pickLocale(wanted ? [wanted] : [], serverLocales());
  if (timeZone === undefined && missing === undefined) return plainTranslator(locale);
  return makeTranslator(locale, timeZone, missing);
}

function makeTranslator(locale: string, timeZone?: string, missing?: string): Translator {
  const i18n = instanceFor(locale);
  return {
    locale,
    t: translator(i18n, SOURCE_LOCALE, () => finderFor(locale)),
    formats: localeFormats(locale, timeZone ?? 'UTC', missing),
  };
}

/**
 * A translator holds no state of its reader (its messages and formats are shared and read-only), so the one of a
 * language in UTC, what every request gets, is made once per language rather than once per request.
 */
const plainTranslators = new Map<string, Translator>();
function plainTranslator(locale: string): Translator {
  let made = plainTranslators.get(locale);
  if (!made) plainTranslators.set(locale, (made = Object.freeze(makeTranslator(locale))));
  return made;
}

/**
 * The language of a request's Accept-Language header, remembered per header text: browsers send a handful of distinct
 * headers, and every request asked for it again. Only headers of a browser's length are kept, and the table is emptied
 * when full: a bound on memory (at most 1,000 x 256 characters) against headers made up per request, not a cache policy.
 */
const pickedLocales = new Map<string, string>();
const PICKED_MAX = 1_000;
const PICKED_HEADER_MAX = 256;

/** The language a request asks for: its Accept-Language (the web app sends the page's language); English when none is ours. */
export const requestLocale = (acceptLanguage: string | null | undefined): string => {
  const header = acceptLanguage ?? '';
  let locale = pickedLocales.get(header);
  if (locale === undefined) {
    locale = pickLocale(acceptedLanguages(header), serverLocales());
    if (header.length > PICKED_HEADER_MAX) return locale;
    if (pickedLocales.size >= PICKED_MAX) pickedLocales.clear();
    pickedLocales.set(header, locale);
  }
  return locale;
};

/** An error answer `{ error: { code, message, fields? } }` in the reader's language. */
export function translateErrorBody<B extends { error: { code: string; message: string; fields?: Record<string, string> } }>(body: B, tr: Translator): B {
  const { fields, message } = body.error;
  return {
    ...body,
    error: {
      ...body.error,
      message: tr.t(message),
      ...(fields ? { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, tr.t(v)])) } : {}),
    },
  };
}
