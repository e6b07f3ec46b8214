import type { Plugin } from 'vite';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { isSimpleMessage } from '../src/domain/common/message-finder';
import { poMessages } from '../src/domain/common/po';

/**
 * A catalog's messages as the page reads them: plurals and selects compiled here, when the app is built (Lingui's
 * compiler, run as the page would run it), so no page parses ICU MessageFormat; a message with `{name}` placeholders
 * alone stays text (the page splits it in a line, web/lib/i18n.ts). Decision 0309.
 */
export function precompiled(messages: Record<string, string>): Record<string, string | CompiledMessage> {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, isSimpleMessage(text) ? text : compileMessage(text)]));
}

/**
 * The code's own plural and select messages (its English: the catalog's keys), compiled: what the page needs to show
 * them in English without the compiler. Every message the code shows is a key of each catalog (`npm run i18n`, checked
 * in CI), so any catalog's keys will do.
 */
export function sourceMessagesOf(messages: Record<string, string>): Record<string, CompiledMessage> {
  return Object.fromEntries(Object.keys(messages).filter((id) => !isSimpleMessage(id)).map((id) => [id, compileMessage(id)]));
}

/** `export default` of a plain object, written as `JSON.parse('...')`: a phone reads JSON several times faster. */
const jsonModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`;

/**
 * A language's catalog (src/locales/<language>.po) imported by the web app becomes a module exporting its
 * translations, `{ [English message]: translation }`: translators keep the PO file, the page loads a plain object, and
 * only in the language it shows (decision 0270), its plurals and selects compiled (decision 0309). The object is
 * written as JSON (the catalog is ~250 KB; decision 0294). Imported with `?source`, the catalog gives the code's own
 * plurals and selects compiled instead (`sourceMessagesOf`).
 */
export function poCatalogs(): Plugin {
  return {
    name: 'cargodesk-po-catalogs',
    transform(code, id) {
      const [file, query] = id.split('?');
      if (!file!.endsWith('.po')) return null;
      const messages = poMessages(code);
      return { code: jsonModule(query === 'source' ? sourceMessagesOf(messages) : precompiled(messages)), map: null };
    },
  };
}
