import { createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

/**
 * The theme (issue 17, accessibility): every colour the components draw text with meets WCAG 2.1 AA contrast
 * (4.5:1 for normal text), fixed here once rather than page by page. `e2e/accessibility.spec.ts` runs axe-core on
 * every route, role and width to keep it so.
 *
 * - Mantine's palettes are kept; the colours its variants use (filled backgrounds under white text, light, outline
 *   and subtle text, `c="teal"` text) are darkened, only as far as needed, until they reach the ratio (`readable`).
 * - "Dimmed" text is #5c636a: 6.0:1 on white and 5.7:1 on gray.0 (Mantine's gray.6 gives 3.3:1 and 3.2:1).
 * - A scrolling region (a wide table on a phone) can take keyboard focus, so it can be scrolled without a mouse.
 */
/** Phones (below 768 px): a customer's lists show cards, and their detail pages stack, instead of tables wider than the screen. */
export const PHONE_QUERY = '(max-width: 48em)';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  components: {
    // Plain objects, not ScrollArea.extend(): importing the components here would put them in the sign-in page's bundle.
    ScrollArea: { defaultProps: { viewportProps: { tabIndex: 0 } } },
    TableScrollContainer: { defaultProps: { tabIndex: 0 } },
    // A clearable select with a value shows its clear button in place of the chevron (Mantine 7's way; 9 draws both,
    // which on a phone, where the right section is one 44 px target, overlapped).
    Select: { defaultProps: { clearSectionMode: 'clear' } },
  },
});

const rgbOf = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const hexOf = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
export function luminanceOf(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex`, mixed with black in small steps until it has `ratio` against white (unchanged when it has it already). */
export function readable(hex: string, ratio: number): string {
  let rgb = rgbOf(hex);
  for (let i = 0; i < 40 && contrastRatio(hexOf(rgb), '#ffffff') < ratio; i++) rgb = rgbOf(hexOf(rgb.map((v) => v * 0.95)));
  return hexOf(rgb);
}

/**
 * Text on a light tint (a light badge, about 90% white) keeps 4.5:1 with 5.2:1 against white; text on white or
 * gray.0 with 4.8:1; white text on a filled background with 4.6:1.
 */
const ON_TINT = 5.2;
const ON_WHITE = 4.8;
const UNDER_WHITE = 4.6;

export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    // Placeholder text (an input's hint, a file picker's "Choose a file") is read like any text: 4.8:1 on white.
    '--mantine-color-placeholder': readable(DEFAULT_THEME.colors.gray[5], ON_WHITE),
  };
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const filled = readable(shades[8], UNDER_WHITE);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = readable(shades[9], UNDER_WHITE + 0.6);
    light[`--mantine-color-${name}-light-color`] = readable(shades[9], ON_TINT);
    light[`--mantine-color-${name}-outline`] = readable(shades[8], ON_WHITE);
    light[`--mantine-color-${name}-text`] = readable(shades[8], ON_WHITE);
  }
  return { variables: {}, light, dark: {} };
};
