/**
 * The signed-in pages' first screen, drawn by the HTML alone (issue 17, decision record 0248): the shell's header
 * on a phone (menu button and brand) or its sidebar's brand on a desktop, over the page's grey, in the app's colours.
 * A phone on a slow network shows it as soon as the HTML is here, a second or two before the app's stylesheet and
 * JavaScript have arrived and run, instead of a white screen. It lies over the page (fixed, hidden from assistive
 * technology) until the app's shell has rendered, which takes it away before the browser paints (web/ui/BootShell.tsx),
 * so nothing moves.
 */
import { escapeHtml } from '@domain/common/html';

/** The element's id, which web/ui/BootShell.tsx removes. */
export const BOOT_SHELL_ID = 'boot-shell';

/** Tabler's ship icon (the brand mark of web/ui/BrandLogo.tsx), as @tabler/icons-react draws it; a unit test keeps them equal. */
export const BRAND_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="19" height="19" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" class="tabler-icon tabler-icon-ship"><path d="M2 20a2.4 2.4 0 0 0 2 1a2.4 2.4 0 0 0 2 -1a2.4 2.4 0 0 1 2 -1a2.4 2.4 0 0 1 2 1a2.4 2.4 0 0 0 2 1a2.4 2.4 0 0 0 2 -1a2.4 2.4 0 0 1 2 -1a2.4 2.4 0 0 1 2 1a2.4 2.4 0 0 0 2 1a2.4 2.4 0 0 0 2 -1"></path><path d="M4 18l-1 -5h18l-2 4"></path><path d="M5 13v-6h8l4 6"></path><path d="M7 7v-4h-1"></path></svg>';

/** The shell's colours and font (Mantine's default palette and web/ui/theme.ts; a unit test keeps them equal). */
export const BOOT_SHELL_THEME = {
  font: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  page: '#f8f9fa', // gray.0, the AppShell's background
  border: '#dee2e6', // gray.3, the AppShell's borders
  from: '#1c7ed6', // blue.7 to cyan.5: BrandLogo's gradient
  to: '#22b8cf',
  name: '#1864ab', // blue.9: BrandLogo's name
};

// Its own rules only, with the values written out: it is painted before the app's stylesheet has arrived. The sizes
// are the shell's (AppLayout.tsx: a 56 px header below 48em, a 260 px navbar above; Mantine's sm Burger; BrandLogo
// size "sm": a 32 px mark, 18 px name, 10 px apart).
const t = BOOT_SHELL_THEME;
const STYLE = `
#${BOOT_SHELL_ID}{position:fixed;inset:0;z-index:400;background:${t.page};font-family:${t.font}}
#${BOOT_SHELL_ID} .bs-bar{box-sizing:border-box;display:flex;align-items:center;gap:12px;height:56px;padding:0 16px;background:#fff;border-bottom:1px solid ${t.border}}
#${BOOT_SHELL_ID} .bs-burger{box-sizing:border-box;width:28px;height:28px;padding:7.25px 5px;display:flex;flex-direction:column;justify-content:space-between}
#${BOOT_SHELL_ID} .bs-burger i{display:block;height:1.5px;background:#000}
#${BOOT_SHELL_ID} .bs-brand{display:flex;align-items:center;gap:10px}
#${BOOT_SHELL_ID} .bs-mark{display:flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:8px;color:#fff;background:linear-gradient(135deg,${t.from},${t.to})}
#${BOOT_SHELL_ID} .bs-name{font-size:18px;line-height:1.55;font-weight:800;letter-spacing:-0.5px;color:${t.name}}
@media (min-width:48em){
#${BOOT_SHELL_ID} .bs-bar{width:260px;height:100%;align-items:flex-start;padding:16px;border-bottom:0;border-right:1px solid ${t.border}}
#${BOOT_SHELL_ID} .bs-burger{display:none}
}`.trim();

/** The markup put before the app's root element of a signed-in page's HTML. */
export const BOOT_SHELL_HTML = [
  `<div id="${BOOT_SHELL_ID}" aria-hidden="true"><style>${STYLE.replace(/\n/g, '')}</style><div class="bs-bar">`,
  '<span class="bs-burger"><i></i><i></i><i></i></span>',
  `<span class="bs-brand"><span class="bs-mark">${BRAND_ICON_SVG}</span><span class="bs-name">Cargodesk</span></span>`,
  '</div></div>',
].join('');

/** The element holding a page's own heading drawn by the HTML (bootPageHtml), which the page removes when it has drawn its own. */
export const BOOT_PAGE_ID = 'boot-page';

// Over the shell's first screen (z-index 400), beside its bar. Where the page draws its heading: a 20 px page padding;
// the shipment page's header card below its back link (64 px), with a 1 px border and 20 px padding; a list's title
// (PageHeader) at the top. The heading a 26 px bold Title, line height 1.3. An e2e test holds the two to the same box.
const PAGE_STYLE = `
#${BOOT_PAGE_ID}{position:fixed;top:56px;left:0;right:0;bottom:0;z-index:401;box-sizing:border-box;padding:20px;background:${t.page};font-family:${t.font};color:#000}
#${BOOT_PAGE_ID} .bp-card{margin-top:64px;background:#fff;border:1px solid ${t.border};border-radius:8px;padding:20px}
#${BOOT_PAGE_ID} .bp-title{display:inline-block;margin:0;font-size:26px;line-height:1.3;font-weight:700;overflow-wrap:anywhere}
@media (min-width:48em){
#${BOOT_PAGE_ID}{top:0;left:260px}
}`.trim();

/** How a drawn heading sits: in the shipment page's header card, or as a list page's title. */
export type DrawnHeading = { text: string; place: 'card' | 'title' };

/**
 * A page's heading drawn by the HTML, beside the shell's first screen (decision record 0306): the shipment's reference
 * in its header card, a list's title, where the page will show it, so a phone on a slow network shows which page it is
 * opening as soon as the HTML is here. It lies over the page's area until the page has drawn its own heading
 * (web/ui/BootShell.tsx). `text` is escaped here.
 */
export function bootPageHtml({ text, place }: DrawnHeading): string {
  const title = `<div class="bp-title">${escapeHtml(text)}</div>`;
  return `<div id="${BOOT_PAGE_ID}" aria-hidden="true"><style>${PAGE_STYLE.replace(/\n/g, '')}</style>${place === 'card' ? `<div class="bp-card">${title}</div>` : title}</div>`;
}
