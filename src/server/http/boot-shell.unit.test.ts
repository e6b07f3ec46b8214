import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_THEME } from '@mantine/core';
import { IconShip } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { theme } from '@web/ui/theme';
import { BOOT_PAGE_ID, BOOT_SHELL_HTML, BOOT_SHELL_ID, BOOT_SHELL_THEME, BRAND_ICON_SVG, bootPageHtml } from './boot-shell';

// Decision 0248: the HTML's first screen is drawn without the app's stylesheet, so it writes the shell's values out;
// these keep them the app's.
describe('the first screen of a signed-in page', () => {
  it("draws the brand mark the app draws (BrandLogo's IconShip at its size and stroke)", () => {
    expect(BRAND_ICON_SVG).toBe(renderToStaticMarkup(createElement(IconShip, { size: 19, stroke: 1.8 })));
    expect(BOOT_SHELL_HTML).toContain(BRAND_ICON_SVG);
  });

  it("uses the theme's font and Mantine's colours for the shell's background, borders and brand", () => {
    const c = DEFAULT_THEME.colors;
    expect(BOOT_SHELL_THEME).toEqual({ font: theme.fontFamily, page: c.gray[0], border: c.gray[3], from: c.blue[7], to: c.cyan[5], name: c.blue[9] });
  });

  it('is one element, hidden from assistive technology, with its style inside it (removing it removes both)', () => {
    expect(BOOT_SHELL_HTML.startsWith(`<div id="${BOOT_SHELL_ID}" aria-hidden="true"><style>`)).toBe(true);
    expect(BOOT_SHELL_HTML.endsWith('</div></div>')).toBe(true);
    expect(BOOT_SHELL_HTML).not.toContain('var(--mantine');
    expect(BOOT_SHELL_HTML).toContain('>Cargodesk<');
  });

  it("draws a page's heading as one element over the shell's, hidden from assistive technology, its text escaped (decision 0306)", () => {
    const html = bootPageHtml({ text: 'CD-<b>&"1\'', place: 'card' });
    expect(html.startsWith(`<div id="${BOOT_PAGE_ID}" aria-hidden="true"><style>`)).toBe(true);
    expect(html.endsWith('</div></div></div>')).toBe(true);
    expect(html).toContain('>CD-&lt;b&gt;&amp;&quot;1&#39;</div>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('var(--mantine');
    // Above the shell's first screen (which covers the whole window), so it is seen; beside its bar on a phone and its
    // sidebar on a desktop.
    const z = (style: string, id: string) => Number(new RegExp(`#${id}\\{[^}]*z-index:(\\d+)`).exec(style)?.[1]);
    expect(z(html, BOOT_PAGE_ID)).toBeGreaterThan(z(BOOT_SHELL_HTML, BOOT_SHELL_ID));
    expect(html).toContain(`#${BOOT_PAGE_ID}{position:fixed;top:56px;`);
    // A list's title sits at the page's top, without the card.
    const title = bootPageHtml({ text: 'Gönderilerim', place: 'title' });
    expect(title).toContain('</style><div class="bp-title">Gönderilerim</div></div>');
    expect(title).not.toContain('bp-card"');
    expect(html).toContain(`@media (min-width:48em){#${BOOT_PAGE_ID}{top:0;left:260px}}`);
  });
});
