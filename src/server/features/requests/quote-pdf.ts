/**
 * The quote of a request as a PDF (issue 16, decision record 0237), rendered on demand from the quote as it is now and
 * never stored. A customer gets their company's sent quote only (read under row-level security, as the request's
 * page is); staff also preview a draft, marked DRAFT on the paper. A cost (buy line) never reaches the renderer.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { companies } from '@server/db/schema';
import { QUOTE_MESSAGES } from '@domain/requests/quote-schema';
import type { Actor } from '@server/http/context';
import { notFound } from '@server/http/errors';
import { recordAudit } from '@server/audit/audit-log';
import { letterheadForPrint } from '@server/features/generated-documents/index';
import { translatorFor } from '@server/i18n';
import { getRequest } from './read';

export type QuotePdf = { fileName: string; pdf: PDFKit.PDFDocument };

/**
 * The PDF of the request's quote, ready to stream. 404 as the request's read gives it (missing, or another company's
 * for a customer), and 404 when there is no quote the user may read (none yet; a draft, for a customer). Audited.
 */
export async function quotePdf(db: Db, actor: Actor, id: string): Promise<QuotePdf> {
  const user = actor.user;
  const { request: r, quote } = await getRequest(db, user, id);
  if (!quote) throw notFound(QUOTE_MESSAGES.notFound);
  const [company] = await withCustomerScope(db, user, (d) =>
    d.select({ name: companies.name, address: companies.address, language: companies.language }).from(companies).where(eq(companies.id, r.company_id)),
  );
  const letterhead = await letterheadForPrint(db);
  const draft = quote.sent_at === null;
  // pdfkit, fontkit and the fonts load with the first paper, not at start-up (decision 0236).
  const { renderQuote, quoteFileName } = await import('@server/pdf/index');
  const fileName = quoteFileName(r.number);
  const pdf = renderQuote({
    request: r,
    quote: {
      mode: quote.mode, transport_mode: quote.transport_mode, valid_until: quote.valid_until, transit_days: quote.transit_days,
      terms: quote.terms, customer_note: quote.customer_note, sent_at: quote.sent_at,
      // The sell lines' printed fields only: staff's quote carries its costs (buy lines), which no quote paper prints.
      lines: quote.lines
        .filter((l) => l.side === 'sell')
        .map((l) => ({
          category: l.category, code: l.code, description: l.description, quantity: l.quantity, unit: l.unit, unit_price: l.unit_price,
          amount: l.amount, currency: l.currency, vat_category: l.vat_category, vat_rate: l.vat_rate,
        })),
    },
    company: company ?? { name: r.company_name, address: null },
    letterhead,
    draft,
    printedAt: new Date(),
    // In the request's company's language (issue 42).
    tr: translatorFor(company?.language, 'UTC', ''),
  });
  try {
    await recordAudit(db, {
      action: 'request.quote_pdf', actor: user, target: r.number, ip: actor.ip,
      details: { file_name: fileName, draft, sent_at: quote.sent_at },
    });
  } catch (e) {
    pdf.destroy();
    throw e;
  }
  return { fileName, pdf };
}
