import type { Plugin } from 'vite';
import { poMessages } from '../src/domain/common/po';

/**
 * A language's catalog (src/locales/<language>.po) imported by the web app becomes a module exporting its
 * translations, `{ [English message]: translation }`: translators keep the PO file, the page loads a plain object, and
 * only in the language it shows (decision 0270). The object is written as `JSON.parse('...')`: a phone reads JSON
 * several times faster than an object literal of the same size (the catalog is ~250 KB; decision 0294).
 */
export function poCatalogs(): Plugin {
  return {
    name: 'cargodesk-po-catalogs',
    transform(code, id) {
      if (!id.endsWith('.po')) return null;
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(poMessages(code)))});`, map: null };
    },
  };
}
