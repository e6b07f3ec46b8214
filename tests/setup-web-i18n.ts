// The code's compiled plurals and selects load with the signed-in app (src/web/lib/i18n.ts, decision 0309); the unit
// tests of web modules run as a signed-in page does, with them loaded.
import { loadSourceMessages } from '@web/lib/i18n';

await loadSourceMessages();
