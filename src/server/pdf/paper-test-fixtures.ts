/** Reading a rendered paper in the PDF tests: its text by page, an input per paper kind, the fixture's parties. */
import { expect } from 'vitest';
import { pdfPages } from '@tests/helpers/pdf-text';
import type { GeneratedKind } from '@domain/generated-documents/schema';
import { renderGeneratedDocument, type PdfInput } from './index';
import { inputFor, pdfBytes, shipmentFixture } from './test-fixtures';

export type Parsed = { pages: string[]; text: string; bytes: Buffer };

/** Each page's text as pdf.js reads it, runs of whitespace collapsed (wrapped lines become one). */
export async function parse(input: PdfInput): Promise<Parsed> {
  const bytes = await pdfBytes(renderGeneratedDocument(input));
  const pages = (await pdfPages(bytes)).map((p) => p.replace(/\s+/g, ' '));
  return { pages, text: pages.join(' '), bytes };
}

/** Input of a kind on a shipment of the kind's transport (air for the HAWB, land for the CMR, sea otherwise). */
export function inputOf(kind: GeneratedKind, over: Parameters<typeof shipmentFixture>[0] = {}): PdfInput {
  const transport = kind === 'hawb' ? { type: 'air' as const, containers: [] } : kind === 'cmr' ? { type: 'land' as const, containers: [] } : {};
  return inputFor(kind, { shipment: shipmentFixture({ ...transport, ...over }) });
}

export const PARTIES = ['Anatolia Tekstil A.Ş.', 'Büyükdere Cad. No: 120, Şişli, İstanbul', 'Müller Maschinenbau GmbH', 'Gdańsk'];
export const NOTIFY = 'Łódź Logistyka Sp. z o.o.';

export function expectAll(text: string, values: string[]): void {
  for (const v of values) expect(text, `expected "${v}"`).toContain(v);
}
