/**
 * The text of a PDF as a reader extracts it (Mozilla's pdf.js, a real parser: not the bytes we wrote), page by page,
 * for tests that look for a shipment's values in a generated paper.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes over the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** All pages' text, whitespace runs folded to one space. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join('\n').replace(/\s+/g, ' ');
}
