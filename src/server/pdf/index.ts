/**
 * The PDF layouts of the papers the portal generates from a shipment (issue 16): House Bill of Lading, House Air
 * Waybill, CMR consignment note, arrival notice, booking confirmation and debit note. Each prints the fields its kind
 * lists in GENERATED_KIND_INFO, inside the shared frame (letterhead, title, number, barcode, page footer). And the
 * quote from a booking request, in the same frame, rendered on demand (decision 0237).
 */
import { GENERATED_KIND_INFO, type GeneratedKind, versionLabel } from '@domain/generated-documents/schema';
import type { Translator } from '@server/i18n';
import { Sheet } from './frame';
import { drawArrivalNotice } from './layouts/arrival-notice';
import { drawBookingConfirmation } from './layouts/booking-confirmation';
import { drawCmr } from './layouts/cmr';
import { drawDebitNote } from './layouts/debit-note';
import { drawHawb } from './layouts/hawb';
import { drawHbl } from './layouts/hbl';
import { drawInvoice, invoiceDate, invoiceTitle } from './layouts/invoice';
import { drawQuote, quoteDate } from './layouts/quote';
import type { InvoicePdfView, PdfInput, QuotePdfInput } from './types';

export type { InvoicePdfView, PdfInput, QuotePdfInput } from './types';
export { debitNoteNumber } from './layouts/debit-note';
export { invoiceFileName } from './layouts/invoice';
export { quoteFileName } from './layouts/quote';

const LAYOUTS: Record<GeneratedKind, (sheet: Sheet, input: PdfInput) => void> = {
  hbl: drawHbl,
  hawb: drawHawb,
  cmr: drawCmr,
  arrival_notice: drawArrivalNotice,
  booking_confirmation: drawBookingConfirmation,
  debit_note: drawDebitNote,
};

/** The paper's printed title: the CMR's carries the convention's name. */
function titleOf(tr: Translator, kind: GeneratedKind): string {
  return kind === 'cmr' ? tr.t('CMR — International Consignment Note') : tr.t(GENERATED_KIND_INFO[kind].label);
}

/** The paper as a pdfkit document, already ended (doc.end() called): a Readable stream of the PDF bytes. */
export function renderGeneratedDocument(input: PdfInput): PDFKit.PDFDocument {
  const { kind, shipment: s } = input;
  const sheet = new Sheet({
    title: titleOf(input.tr, kind),
    versionLabel: versionLabel(kind, input.version),
    reference: s.reference_number,
    version: input.version,
    generatedAt: input.generatedAt,
    // An air waybill is scanned by its HAWB number; every other paper by the shipment's reference.
    barcode: kind === 'hawb' ? s.hawb_number?.trim() || s.reference_number : s.reference_number,
    letterhead: input.letterhead,
    tr: input.tr,
  });
  LAYOUTS[kind](sheet, input);
  return sheet.finish();
}

/**
 * The quote of a request as a pdfkit document, already ended: numbered and barcoded by the request's number, dated
 * the day it was sent (a draft: today, marked DRAFT on every page).
 */
export function renderQuote(input: QuotePdfInput): PDFKit.PDFDocument {
  const number = input.request.number;
  const title = input.tr.t('Quotation');
  const sheet = new Sheet({
    title,
    versionLabel: title,
    reference: number,
    generatedAt: quoteDate(input),
    stampLabel: input.draft ? 'draft printed' : 'issued',
    draft: input.draft,
    barcode: number,
    letterhead: input.letterhead,
    tr: input.tr,
  });
  drawQuote(sheet, input);
  return sheet.finish();
}

/**
 * The invoice or credit note as PDF bytes: numbered and barcoded by its number, dated by its issue; a draft (no number
 * yet) is marked DRAFT on every page and dated the day it is printed. `view` is GET /api/invoices/{id}'s answer (with
 * its lines, seller and buyer, tax subtotals, totals and payments) plus the letterhead.
 */
export function renderInvoicePdf(view: InvoicePdfView): Promise<Buffer> {
  const title = view.tr.t(invoiceTitle(view));
  const draft = view.status === 'draft' || !view.number;
  const reference = view.number ?? view.tr.t('DRAFT');
  const sheet = new Sheet({
    title,
    versionLabel: title,
    reference,
    generatedAt: invoiceDate(view),
    stampLabel: draft ? 'draft printed' : 'issued',
    draft,
    barcode: reference,
    letterhead: view.letterhead,
    tr: view.tr,
  });
  drawInvoice(sheet, view);
  return bytesOf(sheet.finish());
}

/** The bytes of an ended pdfkit document. */
function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
