/**
 * DejaVu Sans for every paper: it covers Turkish, Polish and German letters (İ, Ş, ń, Ł, ü), which the standard PDF
 * fonts cannot show. The files are read once per process and kept as Buffers; pdfkit parses them per document and
 * embeds only the glyphs that document uses.
 *
 * Two faces only, regular and bold: parsing a face and decoding its layout tables is most of a paper's render time,
 * so the condensed faces (tried for tables) cost about 40% more for little gain. Sharing one parsed font between
 * documents is not safe either: tried, later documents lost the text of some glyphs (the S of a bold reference).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const FONT_STYLES = ['regular', 'bold'] as const;
export type FontStyle = (typeof FONT_STYLES)[number];

/** Registered under the fonts' PostScript names: pdfkit then reuses the starting font instead of parsing it again. */
const FILES: Record<FontStyle, { name: string; file: string }> = {
  regular: { name: 'DejaVuSans', file: 'DejaVuSans.ttf' },
  bold: { name: 'DejaVuSans-Bold', file: 'DejaVuSans-Bold.ttf' },
};

let cache: Record<FontStyle, Buffer> | null = null;

/**
 * The font files. The package is resolved from this module's URL (not a path relative to the source), so the same
 * code works from src/ under tsx and from the esbuild bundle in dist/, where node_modules is still beside the project.
 */
export function fontBuffers(): Record<FontStyle, Buffer> {
  if (!cache) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const read = (s: FontStyle) => readFileSync(path.join(dir, FILES[s].file));
    cache = { regular: read('regular'), bold: read('bold') };
  }
  return cache;
}

/** The document's starting font: given to the constructor, pdfkit never loads its default Helvetica. */
export function startingFont(): Buffer {
  return fontBuffers().regular;
}

export function registerFonts(doc: PDFKit.PDFDocument): void {
  const buffers = fontBuffers();
  for (const s of FONT_STYLES) doc.registerFont(FILES[s].name, buffers[s]);
}

export function fontName(style: FontStyle): string {
  return FILES[style].name;
}
