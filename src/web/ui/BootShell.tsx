import { useLayoutEffect } from 'react';

/** The elements the server draws a signed-in page's first screen with, before the app runs (server/http/boot-shell.ts). */
const BOOT_SHELL_ID = 'boot-shell';
const BOOT_PAGE_ID = 'boot-page';
/** The AppShell's header and navbar (Mantine's default `app` z-index). */
const SHELL_Z_INDEX = 100;

/**
 * Takes the HTML's first screen away once the app has drawn its own (issue 17, decision record 0248): in a layout
 * effect, so the browser never paints the page without either. Rendered by the shell once it is shown, and by the
 * root for a page outside the shell (the sign-in page after a session ended, a not-found page, an error).
 * The page's heading drawn with it (decision record 0306) goes too, unless `keepPage`: the page it was drawn for is
 * the one showing, and takes it away itself (RemoveBootPage) when it has drawn its own header or its error.
 */
export function RemoveBootShell({ when = true, keepPage = false }: { when?: boolean; keepPage?: boolean }) {
  useLayoutEffect(() => {
    if (!when) return;
    document.getElementById(BOOT_SHELL_ID)?.remove();
    const page = document.getElementById(BOOT_PAGE_ID);
    // Kept, it goes below the shell's header and menu (Mantine's AppShell: z-index 100), so the menu opens over it.
    if (keepPage) page?.style.setProperty('z-index', String(SHELL_Z_INDEX - 1));
    else page?.remove();
  }, [when, keepPage]);
  return null;
}

/** Takes the page's heading drawn by the HTML away, in the commit that draws the page's own (decision record 0306). */
export function RemoveBootPage() {
  useLayoutEffect(() => {
    document.getElementById(BOOT_PAGE_ID)?.remove();
  }, []);
  return null;
}
