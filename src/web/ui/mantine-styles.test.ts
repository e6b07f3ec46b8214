import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMantineCss, mantineStyleSheets } from '../../../scripts/vite-mantine-css';

const core = path.resolve(import.meta.dirname, '../../../node_modules/@mantine/core');
const imported = [...fs.readFileSync(path.join(import.meta.dirname, 'mantine-styles.ts'), 'utf8').matchAll(/^import '@mantine\/core\/styles\/([\w-]+\.css)';$/gm)].map((m) => m[1]!);

describe('per-component Mantine styles (decision 0246)', () => {
  it('keeps the global styles and the order of @mantine/core/styles.css, so each kept rule cascades as before', () => {
    const full = fs.readFileSync(path.join(core, 'styles.css'), 'utf8');
    const at = imported.map((f) => full.indexOf(fs.readFileSync(path.join(core, 'styles', f), 'utf8').trim()));
    expect(imported.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(new Set(imported).size).toBe(imported.length);
  });

  it('finds a class used without its style sheet, and a style sheet nobody uses', () => {
    const sheets = mantineStyleSheets(path.join(core, 'styles'));
    const css = (f: string) => fs.readFileSync(path.join(core, 'styles', f), 'utf8');
    const tabs = [...sheets.get('Tabs.css')!][0]!;
    const button = [...sheets.get('Button.css')!][0]!;
    const js = [`const classes = { root: "${tabs}", inner: "${button}" };`];
    expect(checkMantineCss(js, [css('Button.css')], sheets)).toEqual({ missing: [{ name: tabs, file: 'Tabs.css' }], unused: [] });
    expect(checkMantineCss(js, [css('Button.css'), css('Tabs.css'), css('Accordion.css')], sheets)).toEqual({ missing: [], unused: ['Accordion.css'] });
  });
});
