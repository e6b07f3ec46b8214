import type { Plugin } from 'vite';
import { poMessages } from '../src/domain/common/po';

/**
 * A language's catalog (src/locales/<language>.po) imported by the web app becomes a module exporting its
 * translations, `{ [English message]: translation }`: translators keep the PO file, the page loads a plain object, and
 * only in the language it shows (decision 0270).
 */
export function poCatalogs(): Plugin {
  return {
    name: 'cargodesk-po-catalogs',
    transform(code, id) {
      if (!id.endsWith('.po')) return null;
      return { code: `export default ${JSON.stringify(poMessages(code))};`, map: null };
    },
  };
}
