import { useLayoutEffect } from 'react';

/** The element the server draws a signed-in page's first screen with, before the app runs (server/http/boot-shell.ts). */
const BOOT_SHELL_ID = 'boot-shell';

/**
 * Takes the HTML's first screen away once the app has drawn its own (issue 17, decision record 0248): in a layout
 * effect, so the browser never paints the page without either. Rendered by the shell once it is shown, and by the
 * root for a page outside the shell (the sign-in page after a session ended, a not-found page, an error).
 */
export function RemoveBootShell({ when = true }: { when?: boolean }) {
  useLayoutEffect(() => {
    if (when) document.getElementById(BOOT_SHELL_ID)?.remove();
  }, [when]);
  return null;
}
