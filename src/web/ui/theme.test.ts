import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, readable, theme } from './theme';

describe('contrast (WCAG 2.1 relative luminance)', () => {
  it('matches the published figures: black on white 21:1, #767676 on white 4.54:1, #777777 4.48:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });

  it('darkens a colour only as far as the ratio needs', () => {
    expect(readable('#1971c2', 4.5)).toBe('#1971c2'); // blue.8 passes already
    const yellow = readable('#f08c00', 4.8);
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(4.8);
    expect(contrastRatio(yellow, '#ffffff')).toBeLessThan(5.4);
  });
});

describe('the theme', () => {
  it('gives every palette variant colour its ratio against white, and dimmed text 4.5:1 on gray.0', () => {
    const vars = cssVariablesResolver(theme as never).light;
    for (const name of Object.keys(DEFAULT_THEME.colors).filter((c) => c !== 'dark' && c !== 'gray')) {
      expect(contrastRatio(vars[`--mantine-color-${name}-filled`]!, '#ffffff'), name).toBeGreaterThanOrEqual(4.6);
      expect(contrastRatio(vars[`--mantine-color-${name}-light-color`]!, '#ffffff'), name).toBeGreaterThanOrEqual(5.2);
      expect(contrastRatio(vars[`--mantine-color-${name}-outline`]!, '#ffffff'), name).toBeGreaterThanOrEqual(4.8);
      expect(contrastRatio(vars[`--mantine-color-${name}-text`]!, '#ffffff'), name).toBeGreaterThanOrEqual(4.8);
    }
    expect(contrastRatio(vars['--mantine-color-dimmed']!, DEFAULT_THEME.colors.gray[0])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--mantine-color-placeholder']!, '#ffffff')).toBeGreaterThanOrEqual(4.8);
  });
});
