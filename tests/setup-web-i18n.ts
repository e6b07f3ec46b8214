// The web's ICU compiler loads with the signed-in app (src/web/lib/i18n.ts); the unit tests of web modules run as a
// signed-in page does, with it loaded.
import { loadCompiler } from '@web/lib/i18n';

await loadCompiler();
