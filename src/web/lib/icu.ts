/**
 * Lingui's ICU compiler (plurals, selects), for a message the build did not compile (lib/i18n.ts loads it on demand
 * only then; the catalog check in CI leaves no such message, decision 0309). It imports nothing of ours, so
 * lib/i18n.ts can load it without a circle.
 */
export { compileMessage } from '@lingui/message-utils/compileMessage';
