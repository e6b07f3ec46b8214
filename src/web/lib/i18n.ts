/**
 * The web app's language (issue 42, decision 0270): one Lingui instance for the page (a browser shows one person), its
 * catalog loaded on demand (src/locales/<language>.po, one chunk each; English is the code's own text and loads
 * nothing). A page opened in another language starts with the messages of its route alone, which its HTML names
 * (decision 0294); the whole catalog follows once the first screen is up, and a move to another page waits for it.
 * `t('Save')` translates where the text is shown; a text written elsewhere is marked with `msg` from
 * `@domain/common/i18n` and passed to `t` when shown. Changing the language re-renders the whole app (main.tsx keys
 * the tree on it).
 */
import { useSyncExternalStore } from 'react';
import { i18n } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { LOCALE_PATTERN, pickLocale, SOURCE_LOCALE, type Reader } from '@domain/common/i18n';
import { isSimpleMessage, messageFinder, translator, type FoundMessage } from '@domain/common/message-finder';
import { soonAfterFirstScreen } from '@web/boot/next-task';

/** A catalog as the page reads it: each message's text, or its compiled form for a plural or select (decision 0309). */
type Catalog = Record<string, string | CompiledMessage>;
const catalogs = import.meta.glob<Catalog>('../../locales/*.po', { import: 'default' });
const catalogOf = Object.fromEntries(Object.entries(catalogs).map(([file, load]) => [file.replace(/^.*\/|\.po$/g, ''), load]));

/** The languages Cargodesk speaks: English and one for each catalog. */
export const LOCALES: readonly string[] = [SOURCE_LOCALE, ...Object.keys(catalogOf).filter((l) => l !== SOURCE_LOCALE)];

// Each message is compiled once (Lingui compiles at every call otherwise). A message whose only ICU syntax is `{name}`
// placeholders (most of them) is split here. Plurals and selects are compiled when the app is built (decision 0309): a
// catalog carries them compiled, and the code's own (English) ones are a table that loads with the signed-in app
// (`loadSourceMessages`), so the sign-in page does not carry it (its 150 KB budget). A message asked for before the
// table arrives shows as written once, and the tree renders again when it is here. Lingui's ICU compiler is a chunk
// loaded only for a plural or select in no table, which the catalog check in CI leaves none of.
const compiled = new Map<string, CompiledMessage>();
const PLACEHOLDER = /\{\s*([A-Za-z_]\w*)\s*\}/;
let sourceMessages: Readonly<Record<string, CompiledMessage>> | undefined;
let fullCompiler: ((message: string) => CompiledMessage) | undefined;
let revision = 0;
/** A message was shown as written because its compiled form had not arrived: render again when it does. */
let shownAsWritten = false;

function compileSimple(message: string): CompiledMessage {
  const parts = message.split(PLACEHOLDER);
  return parts.map((part, i) => (i % 2 === 1 ? [part] : part)).filter((part) => part !== '') as CompiledMessage;
}

/** What was shown as written can now be shown: the tree renders again. */
function renderAgain() {
  if (!shownAsWritten) return;
  shownAsWritten = false;
  revision++;
  i18n.emit('change');
}

/** Takes the code's compiled plurals and selects (the signed-in shell, or `loadSourceMessages`). */
export function takeSourceMessages(table: Readonly<Record<string, CompiledMessage>>): void {
  if (sourceMessages) return;
  sourceMessages = table;
  renderAgain();
}

/** Loads the code's compiled plurals and selects; a no-op once loaded. */
export async function loadSourceMessages(): Promise<void> {
  if (!sourceMessages) takeSourceMessages((await import('./source-messages')).SOURCE_MESSAGES);
}

/** Loads Lingui's ICU compiler, for a plural or select in no table (never expected: the catalog check). */
async function loadCompiler(): Promise<void> {
  if (fullCompiler) return;
  fullCompiler = (await import('./icu')).compileMessage;
  renderAgain();
}

i18n.setMessagesCompiler((message: string): CompiledMessage => {
  const made = compiled.get(message) ?? (isSimpleMessage(message) ? compileSimple(message) : sourceMessages?.[message] ?? fullCompiler?.(message));
  if (made !== undefined) {
    compiled.set(message, made);
    return made;
  }
  shownAsWritten = true;
  // The table first; the compiler only for a message the table does not have.
  void (sourceMessages ? loadCompiler() : loadSourceMessages()).catch(() => undefined);
  return [message];
});
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });

const STORAGE_KEY = 'cargodesk.locale';

/**
 * The message in the reader's language, its `{placeholders}` filled from `values` (ICU MessageFormat: plurals,
 * selects). Without values, a text the domain composed from a catalog's template is translated with its values read
 * back; any other text that is not in the catalog (a name, a server message already translated, what someone typed)
 * comes back as it is, never read as ICU (decision 0300).
 */
export const t: (message: string, values?: Record<string, unknown>) => string = translator(i18n, SOURCE_LOCALE, () => (finder ??= messageFinder(Object.keys(i18n.messages))));
/** The catalog's finder, made again when its messages change (a language loaded or activated). */
let finder: ((text: string) => FoundMessage | undefined) | undefined;
i18n.on('change', () => {
  finder = undefined;
});

export const currentLocale = (): string => i18n.locale;

/** This page's reader, for the domain's functions that compose a text (`routeLabel(s, reader())`). */
export const reader = (): Reader => ({ locale: i18n.locale, t });

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

/** The address the page was opened at: its HTML names the messages of that route. */
const openedAt = typeof location === 'undefined' ? '' : location.pathname;

/** While only the route's messages are in: their language and the address they were made for. */
let partial: { locale: string; pathname: string } | null = null;

/** Adds the whole catalog to the route's messages, without a new render: what is on screen has its messages already. */
async function completeMessages(): Promise<void> {
  const p = partial;
  const messages = p && (await catalogOf[p.locale]!());
  if (p && partial === p) {
    i18n.load(p.locale, messages!);
    partial = null;
  }
}

/** The messages of this page's route in `locale`, when its HTML names them (server/http/page-preloads.ts). */
async function routeMessages(locale: string): Promise<Catalog | null> {
  // Made for the address the page was opened at: once the person has moved on, the whole catalog is needed.
  const link = openedAt && location.pathname === openedAt && document.querySelector<HTMLLinkElement>(`link[data-messages="${locale}"]`);
  return link ? fetch(link.href).then((res) => (res.ok ? (res.json() as Promise<Catalog>) : null), () => null) : null;
}

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
  const first = locale === SOURCE_LOCALE ? null : await routeMessages(locale);
  if (first) {
    i18n.loadAndActivate({ locale, messages: first });
    partial = { locale, pathname: openedAt };
  } else {
    partial = null;
    i18n.loadAndActivate({ locale, messages: locale === SOURCE_LOCALE ? {} : await catalogOf[locale]!() });
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Once the first page is on screen (main.tsx, at the router's first render): the rest of the catalog, when the page
 * started with its route's messages (soonAfterFirstScreen: a second after the next frame). Asked for earlier, on a
 * phone its download would share the network with the first screen's scripts and data; a move to another page within
 * that second waits for it (messagesFor).
 */
export function completeMessagesSoon(): void {
  if (partial) soonAfterFirstScreen(() => void completeMessages().catch(() => undefined));
}

/**
 * Before the router shows `pathname`: waits for the whole catalog when only the first page's messages are in (the
 * router's root route calls it on every move); nothing to wait for otherwise. Without a network the page still
 * opens, its texts as far as the messages in hand go.
 */
export function messagesFor(pathname: string): Promise<void> | undefined {
  return partial && partial.pathname !== pathname ? completeMessages().catch(() => undefined) : undefined;
}

const subscribe = (listener: () => void) => i18n.on('change', listener);

/** The current language, re-rendering the component when it changes. */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

const currentRevision = () => `${i18n.locale}:${revision}`;
/** The language and the compiled messages' arrival: main.tsx renders the tree anew when either changes. */
export function useTextRevision(): string {
  return useSyncExternalStore(subscribe, currentRevision, currentRevision);
}
