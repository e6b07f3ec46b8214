/**
 * Checks the per-component Mantine styles of src/web/ui/mantine-styles.ts against the build (decision record 0246).
 * Mantine's components name their CSS classes `m_` and eight hex digits in their JavaScript; its style sheets define
 * them (and their keyframes, named the same way). After the bundle is written:
 *  - a class used by the JavaScript that no emitted style sheet defines fails the build, naming the Mantine file
 *    that defines it: a component would render unstyled;
 *  - a component style sheet in the bundle whose classes no JavaScript uses is reported as a warning: bytes that
 *    every page loads for nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const CLASS = /m_[0-9a-f]{8}/g;

type Output = { type: 'chunk'; fileName: string; code: string } | { type: 'asset'; fileName: string; source: string | Uint8Array };

/** Each style sheet of @mantine/core/styles/ (the plain ones, not the `@layer` copies) and the names it defines. */
export function mantineStyleSheets(dir: string): Map<string, Set<string>> {
  const sheets = new Map<string, Set<string>>();
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.css') || name.endsWith('.layer.css')) continue;
    sheets.set(name, new Set(fs.readFileSync(path.join(dir, name), 'utf8').match(CLASS) ?? []));
  }
  return sheets;
}

/** What the JavaScript uses and no CSS defines (with the core file that would), and the core files used by nothing. */
export function checkMantineCss(js: string[], css: string[], sheets: Map<string, Set<string>>) {
  const used = new Set(js.flatMap((code) => code.match(CLASS) ?? []));
  const defined = new Set(css.flatMap((code) => code.match(CLASS) ?? []));
  const missing = [...used].filter((c) => !defined.has(c)).map((c) => ({ name: c, file: [...sheets].find(([, names]) => names.has(c))?.[0] ?? null }));
  const unused = [...sheets].filter(([, names]) => names.size > 0 && [...names].every((n) => defined.has(n)) && ![...names].some((n) => used.has(n))).map(([file]) => file);
  return { missing, unused };
}

export function mantineCssCheck(stylesDir: string): Plugin {
  return {
    name: 'cargodesk-mantine-css',
    apply: 'build',
    enforce: 'post',
    writeBundle(_options, bundle) {
      const outputs = Object.values(bundle as Record<string, Output>);
      const js = outputs.flatMap((o) => (o.type === 'chunk' ? [o.code] : []));
      const css = outputs.flatMap((o) => (o.type === 'asset' && o.fileName.endsWith('.css') ? [typeof o.source === 'string' ? o.source : Buffer.from(o.source).toString('utf8')] : []));
      const { missing, unused } = checkMantineCss(js, css, mantineStyleSheets(stylesDir));
      if (unused.length) this.warn(`Mantine style sheets that no component uses (remove them from src/web/ui/mantine-styles.ts): ${unused.join(', ')}`);
      if (missing.length) {
        const files = [...new Set(missing.map((m) => m.file ?? `? (${m.name})`))];
        this.error(`Mantine classes without styles: import ${files.map((f) => `'@mantine/core/styles/${f}'`).join(', ')} in src/web/ui/mantine-styles.ts, in the order of @mantine/core/styles.css`);
      }
    },
  };
}
