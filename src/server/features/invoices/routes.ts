import { msg } from '@domain/common/i18n';
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { creditNoteInputSchema, invoiceDraftInputSchema, invoiceDraftPatchSchema, invoiceListQuerySchema, invoicePageSchema, invoiceSchema, issueInputSchema, readyToInvoiceQuerySchema, readyToInvoiceSchema } from '@domain/billing/schema';
import type { Db } from '@server/db/client';
import { actorOf } from '@server/http/context';
import { contentDisposition } from '@server/http/disposition';
import { notFound } from '@server/http/errors';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { createCreditNote } from './credit-notes';
import { createDraft, deleteDraft, INVOICE_MESSAGES, patchDraft } from './drafts';
import { issueInvoice } from './issue';
import { invoicePdf, invoiceUblDocument } from './pdf';
import { getInvoice, listInvoices } from './read';
import { readyToInvoice } from './ready';

const TAGS = ['Invoices'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string() });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const read = requirePermission('invoices:read');
const draft = requirePermission('invoices:draft', msg('Only staff can draft invoices.'));
const issue = requirePermission('invoices:issue', msg('Only administrators can issue invoices and credit notes.'));
/** A path id that is not a UUID names no invoice (404, not a database error). */
const idOf = (id: string) => {
  if (!UUID.test(id)) throw notFound(INVOICE_MESSAGES.notFound);
  return id;
};

/** A document made on demand, as a private download that is never cached. */
const attachment = (body: BodyInit, type: string, fileName: string) =>
  new Response(body, {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': contentDisposition('attachment', fileName), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' },
  });

/** Invoices and credit notes (issue 38, decision records 0258 and 0261). */
export function invoiceRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get', path: '/invoices', operationId: 'listInvoices', tags: TAGS,
      summary: 'Invoices and credit notes, drafts first then newest issue day; filters company, kind, status, state (as of today), issue days; a customer sees only their company\'s issued documents',
      middleware: [read] as const,
      request: { query: invoiceListQuerySchema },
      responses: { 200: json(invoicePageSchema, 'A page of invoices with totals, paid, credited, open and state'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listInvoices(db, c.get('user'), c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/invoices/ready', operationId: 'listReadyToInvoice', tags: TAGS,
      summary: 'Ready to invoice: delivered or completed shipments with unbilled, non-zero charges, their sums per currency (staff)',
      middleware: [draft] as const,
      request: { query: readyToInvoiceQuerySchema },
      responses: { 200: json(readyToInvoiceSchema, 'A page of shipments with unbilled charges'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await readyToInvoice(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/invoices/{id}', operationId: 'getInvoice', tags: TAGS,
      summary: 'One invoice or credit note: lines (with shipment references and conversions), payments applied, credit notes, paid, credited, open and state as of today',
      middleware: [read] as const,
      request: { params: idParams },
      responses: { 200: json(invoiceSchema, 'The invoice'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getInvoice(db, c.get('user'), idOf(c.req.valid('param').id)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/invoices/{id}/ubl', operationId: 'downloadInvoiceUbl', tags: TAGS,
      summary: 'The issued invoice or credit note as a UBL 2.1 e-invoice following Peppol BIS Billing 3.0 (EN 16931) ({number}.xml)',
      description:
        'An `Invoice` (type 380) or a `CreditNote` (type 381): seller and buyer with VAT numbers and addresses, payment means with the IBAN, due day, allowances and charges, VAT breakdown per category with exemption reasons, totals and lines (a converted line names its rate in its note). A customer gets their company’s issued documents only; another company’s is 404; a draft is 409. Audited (money.invoice_ubl).',
      middleware: [read] as const,
      request: { params: idParams },
      responses: {
        200: { description: 'The UBL document, as an attachment', content: { 'application/xml': { schema: z.string() } } },
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { fileName, xml } = await invoiceUblDocument(db, actorOf(c), idOf(c.req.valid('param').id));
      return attachment(xml, 'application/xml; charset=utf-8', fileName);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/invoices/{id}/pdf', operationId: 'downloadInvoicePdf', tags: TAGS,
      summary: 'The invoice or credit note as a PDF ({number}.pdf) on the letterhead, with the tax summary, rates used and bank details',
      description:
        'A customer gets their company’s issued documents only: another company’s and a draft are 404. Staff also get a draft, marked DRAFT on every page. Audited (money.invoice_pdf).',
      middleware: [read] as const,
      request: { params: idParams },
      responses: {
        200: { description: 'The PDF, as an attachment', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const { fileName, pdf } = await invoicePdf(db, actorOf(c), idOf(c.req.valid('param').id));
      return attachment(Readable.toWeb(Readable.from([pdf])) as ReadableStream, 'application/pdf', fileName);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/invoices', operationId: 'createInvoiceDraft', tags: TAGS,
      summary:
        "Draft an invoice for a company in one currency from typed lines and the unbilled charges of its shipments (a handler only the shipments they handle); other currencies converted at the stored rates of rate_date (default today); a charge without VAT takes the settings' default; audited",
      middleware: [draft] as const,
      request: body(invoiceDraftInputSchema),
      responses: { 201: json(invoiceSchema, 'The draft with its lines and totals'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const user = c.get('user');
      const id = await createDraft(db, c.req.valid('json'), actorOf(c));
      return c.json(await getInvoice(db, user, id), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch', path: '/invoices/{id}', operationId: 'updateInvoiceDraft', tags: TAGS,
      summary: 'Change a draft: header, currency, rate day or all its lines (given lines replace them and its charges become unbilled again); totals recomputed; an issued document is 409',
      middleware: [draft] as const,
      request: { params: idParams, ...body(invoiceDraftPatchSchema) },
      responses: { 200: json(invoiceSchema, 'The draft'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const id = idOf(c.req.valid('param').id);
      await patchDraft(db, id, c.req.valid('json'), actorOf(c));
      return c.json(await getInvoice(db, c.get('user'), id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/invoices/{id}', operationId: 'deleteInvoiceDraft', tags: TAGS,
      summary: 'Delete a draft; its charges become unbilled again; an issued document is 409 (audited)',
      middleware: [draft] as const,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteDraft(db, idOf(c.req.valid('param').id), actorOf(c));
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/invoices/{id}/issue', operationId: 'issueInvoice', tags: TAGS,
      summary:
        "Issue a draft invoice or credit note: the next gapless number of its series and year (INV-2026-000001, CN-2026-000001), the issue day (default today), the due day from the company's payment terms (else the settings'), the seller's and buyer's details copied; never changed afterwards (administrators, audited)",
      middleware: [issue] as const,
      request: { params: idParams, ...body(issueInputSchema) },
      responses: { 200: json(invoiceSchema, 'The issued document'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const id = idOf(c.req.valid('param').id);
      await issueInvoice(db, id, c.req.valid('json').issue_date, actorOf(c));
      return c.json(await getInvoice(db, c.get('user'), id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/invoices/{id}/credit-notes', operationId: 'createCreditNote', tags: TAGS,
      summary:
        'Draft a credit note for an issued invoice: all that is left of it, or given line positions and quantities (never more than invoiced minus already credited), the reason as its note; issue it with /issue (administrators, audited)',
      middleware: [issue] as const,
      request: { params: idParams, ...body(creditNoteInputSchema) },
      responses: { 201: json(invoiceSchema, 'The credit note draft'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const id = await createCreditNote(db, idOf(c.req.valid('param').id), c.req.valid('json'), actorOf(c));
      return c.json(await getInvoice(db, c.get('user'), id), 201);
    },
  );

  return app;
}
