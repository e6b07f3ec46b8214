/**
 * Lingui's ICU compiler (plurals, selects) for the web's `t()`: the signed-in shell imports it and hands it to
 * `takeCompiler`, so the pages that use it name it in their HTML with the shell's files, and the sign-in page never
 * loads it (lib/i18n.ts). It imports nothing of ours, so lib/i18n.ts can load it on demand without a circle.
 */
export { compileMessage } from '@lingui/message-utils/compileMessage';
