/**
 * An invoice or credit note as a PDF (issue 38) or as a UBL e-invoice (issue 39), made on demand from the stored
 * document, never kept. Read as the detail is (a customer: their company's issued documents only, under row-level
 * security; staff: drafts too, a draft's PDF marked DRAFT on every page, a draft has no UBL). Audited like the quote's
 * paper.
 */
import { msg } from '@domain/common/i18n';
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { companies } from '@server/db/schema';
import { translatorFor } from '@server/i18n';
import type { Actor } from '@server/http/context';
import { recordAudit } from '@server/audit/audit-log';
import { conflict } from '@server/http/errors';
import { letterheadForPrint } from '@server/features/generated-documents/index';
import { getInvoice } from './read';
import { invoiceUbl } from './ubl';

export type InvoicePdf = { fileName: string; pdf: Buffer };

export async function invoicePdf(db: Db, actor: Actor, id: string): Promise<InvoicePdf> {
  const invoice = await getInvoice(db, actor.user, id);
  // The paper is in the buyer company's language (issue 42), whoever prints it.
  const [buyer] = await withCustomerScope(db, actor.user, (d) =>
    d.select({ language: companies.language }).from(companies).where(eq(companies.id, invoice.company_id)),
  );
  const letterhead = await letterheadForPrint(db);
  // pdfkit, fontkit and the fonts load with the first paper, not at start-up (decision 0236).
  const { renderInvoicePdf, invoiceFileName } = await import('@server/pdf/index');
  const pdf = await renderInvoicePdf({ ...invoice, letterhead, tr: translatorFor(buyer?.language, 'UTC', '') });
  const fileName = invoiceFileName(invoice);
  await recordAudit(db, {
    action: 'money.invoice_pdf', actor: actor.user, target: invoice.number ?? invoice.id, ip: actor.ip,
    details: { kind: invoice.kind, status: invoice.status, file_name: fileName },
  });
  return { fileName, pdf };
}

export type InvoiceUbl = { fileName: string; xml: string };

export const UBL_MESSAGES = { draft: msg('A draft has no e-invoice yet: issue it first') } as const;

/** The issued document as Peppol BIS 3.0 UBL ({number}.xml); a draft is 409. */
export async function invoiceUblDocument(db: Db, actor: Actor, id: string): Promise<InvoiceUbl> {
  const invoice = await getInvoice(db, actor.user, id);
  if (invoice.status !== 'issued') throw conflict(UBL_MESSAGES.draft);
  const xml = invoiceUbl(invoice);
  const fileName = `${invoice.number}.xml`;
  await recordAudit(db, { action: 'money.invoice_ubl', actor: actor.user, target: invoice.number!, ip: actor.ip, details: { kind: invoice.kind, file_name: fileName } });
  return { fileName, xml };
}
