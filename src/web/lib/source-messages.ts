/**
 * The code's own plurals and selects, compiled when the app is built (scripts/vite-po.ts, decision 0309): English needs
 * no catalog, but `{count, plural, ...}` must be compiled to be shown, and no page carries the ICU compiler for it. The
 * signed-in shell imports this module and hands the table to `takeSourceMessages`, so the pages that use it name it in
 * their HTML with the shell's files, and the sign-in page never loads it (lib/i18n.ts). It imports nothing of ours, so
 * lib/i18n.ts can load it on demand without a circle.
 */
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

// Every catalog has each of the code's messages as a key (`npm run i18n`, checked in CI): the tables are the same.
const tables = import.meta.glob<Record<string, CompiledMessage>>('../../locales/*.po', { query: '?source', import: 'default', eager: true });

export const SOURCE_MESSAGES: Readonly<Record<string, CompiledMessage>> = Object.values(tables).reduce<Record<string, CompiledMessage>>((all, table) => ({ ...all, ...table }), {});
