/**
 * An invoice or credit note as a PDF (issue 38), rendered on demand from the stored document, never kept. Read as the
 * detail is (a customer: their company's issued documents only, under row-level security; staff: drafts too, marked
 * DRAFT on every page). Audited like the quote's paper.
 */
import type { Db } from '@server/db/client';
import type { Actor } from '@server/http/context';
import { recordAudit } from '@server/audit/audit-log';
import { letterheadForPrint } from '@server/features/generated-documents/index';
import { getInvoice } from './read';

export type InvoicePdf = { fileName: string; pdf: Buffer };

export async function invoicePdf(db: Db, actor: Actor, id: string): Promise<InvoicePdf> {
  const invoice = await getInvoice(db, actor.user, id);
  const letterhead = await letterheadForPrint(db);
  // pdfkit, fontkit and the fonts load with the first paper, not at start-up (decision 0236).
  const { renderInvoicePdf, invoiceFileName } = await import('@server/pdf/index');
  const pdf = await renderInvoicePdf({ ...invoice, letterhead });
  const fileName = invoiceFileName(invoice);
  await recordAudit(db, {
    action: 'money.invoice_pdf', actor: actor.user, target: invoice.number ?? invoice.id, ip: actor.ip,
    details: { kind: invoice.kind, status: invoice.status, file_name: fileName },
  });
  return { fileName, pdf };
}
