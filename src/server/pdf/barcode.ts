/**
 * The Code 128 barcode of a paper's number: bwip-js encodes it, and the bars are drawn as vector rectangles.
 *
 * bwip-js's toBuffer makes a PNG only asynchronously (it deflates through a zlib stream), while a paper is rendered
 * in one synchronous call; so the encoder's raw result (the widths of bars and spaces, in modules) is used instead.
 * Exact widths also print sharper than a scaled bitmap, which matters to scanners.
 */
// The Node build by its own entry: the package's main entry declares its types only under a 'node' condition that
// TypeScript's bundler resolution does not use.
import bwipjs from 'bwip-js/node';

type Bar = { x: number; width: number };
type Symbol = { modules: number; bars: Bar[] };

/** The bars of `value` in modules (the narrowest bar's width); null when it cannot be encoded. */
export function code128(value: string): Symbol | null {
  // Code 128 encodes ASCII only; a number with other characters gets no barcode rather than a failed paper.
  if (!value || !/^[\x20-\x7e]+$/.test(value)) return null;
  let encoded;
  try {
    encoded = bwipjs.raw({ bcid: 'code128', text: value })[0];
  } catch {
    return null;
  }
  if (!encoded || !('sbs' in encoded)) return null;
  // Widths alternate bar, space, bar, ..., starting with a bar.
  const bars: Bar[] = [];
  let x = 0;
  encoded.sbs.forEach((width, i) => {
    if (i % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { modules: x, bars };
}

/**
 * Draws the barcode right-aligned to `right` at `y`, at most `maxWidth` wide and `height` high. Answers the height
 * used (0 when nothing was drawn).
 */
export function drawBarcode(doc: PDFKit.PDFDocument, value: string, right: number, y: number, maxWidth: number, height: number): number {
  const symbol = code128(value);
  if (!symbol) return 0;
  // About 0.3 mm per module reads well on office scanners; a long number is narrowed to fit its space.
  const module = Math.min(0.85, maxWidth / symbol.modules);
  const left = right - symbol.modules * module;
  for (const bar of symbol.bars) doc.rect(left + bar.x * module, y, bar.width * module, height);
  doc.fillColor('#000000').fill();
  return height;
}
