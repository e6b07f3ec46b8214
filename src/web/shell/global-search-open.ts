import { msg } from '@domain/common/i18n';

// How the global search opens, shared by its button and hotkeys (GlobalSearch.tsx) and its lazily loaded panel.
export const GLOBAL_SEARCH_PLACEHOLDER = msg('Reference, container, BL, MAWB, vessel, company, city...');

// The search panel (Mantine Spotlight and its styles) loads on first use, not with every signed-in page (decision
// record 0232). Until it has loaded, opening asks the host to load it; once loaded, it opens itself.
const wanting = new Set<() => void>();
let openLoaded: (() => void) | null = null;

/** Opens the global search (the button, Ctrl+K, '/'). */
export function openGlobalSearch(): void {
  if (openLoaded) openLoaded();
  else for (const want of wanting) want();
}

/** The loaded panel registers how it opens; answers the cleanup. */
export function whenOpened(open: () => void): () => void {
  openLoaded = open;
  return () => {
    if (openLoaded === open) openLoaded = null;
  };
}

/** The host (GlobalSearch) registers how it loads the panel when asked before it has loaded; answers the cleanup. */
export function whenWanted(want: () => void): () => void {
  wanting.add(want);
  return () => {
    wanting.delete(want);
  };
}
