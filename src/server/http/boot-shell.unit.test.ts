import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_THEME } from '@mantine/core';
import { IconShip } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { theme } from '@web/ui/theme';
import { BOOT_SHELL_HTML, BOOT_SHELL_ID, BOOT_SHELL_THEME, BRAND_ICON_SVG } from './boot-shell';

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
});
