/**
 * Lingui's ICU compiler (plurals, selects) for the web's `t()`: imported by the signed-in shell, so the pages that use
 * it name it in their HTML with the shell's files, and the sign-in page never loads it (lib/i18n.ts).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { takeCompiler } from './i18n';

takeCompiler(compileMessage);
