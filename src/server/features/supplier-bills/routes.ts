import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import {
  payablesAgeingQuerySchema, payablesAgeingSchema, supplierBillInputSchema, supplierBillListQuerySchema, supplierBillMatchInputSchema, supplierBillPageSchema,
  supplierBillPaymentInputSchema, supplierBillSchema,
} from '@domain/billing/supplier-bills-schema';
import { UPLOAD_NAME_HEADER } from '@domain/documents/schema';
import { actorOf } from '@server/http/context';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import type { FeatureDeps } from '@server/features/deps';
import { uploadDocument } from '@server/features/documents/index';
import { billForDocument, createSupplierBill, deleteSupplierBill, getSupplierBill, listSupplierBills, matchBillLine, recordBillDocument, recordBillPayment, unmatchBillLine, updateSupplierBill } from './service';
import { payablesAgeing } from './payables';

const TAGS = ['Supplier bills'];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const id = z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' });
const idParam = z.object({ id });
const lineParams = z.object({ id, position: z.string().openapi({ param: { name: 'position', in: 'path' }, example: '1' }) });
const rawFile = {
  headers: z.object({ [UPLOAD_NAME_HEADER.toLowerCase()]: z.string().optional().openapi({ example: 'MSC%20invoice%2042.pdf' }) }),
  body: { content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } }, required: true },
};
/** A position that is not a whole number names no line (404 from the service, never a database error). */
const positionOf = (p: string) => (/^\d{1,9}$/.test(p) ? Number(p) : Number.NaN);

const read = requirePermission('supplier_bills:read', msg('Only staff can read supplier bills.'));
const write = requirePermission('supplier_bills:write', msg('Only staff can enter and match supplier bills.'));
const pay = requirePermission('supplier_bills:pay', msg('Only administrators can record payments to suppliers.'));
const RULES =
  'Net is the sum of the lines and total = net + VAT, computed here in the currency\'s minor unit. A line may name a shipment and one of its cost (buy) lines in the bill\'s currency, ' +
  'which no other bill line matches (409 naming that bill). A handler names only the shipments they handle (403); administrators any. The number is unique per supplier (409). Audited.';

/** Supplier bills and the payables ageing (issue 39, decision record 0264): staff only. */
export function supplierBillRoutes(deps: FeatureDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/supplier-bills',
      operationId: 'listSupplierBills',
      tags: TAGS,
      summary: 'Supplier bills, newest first, searched in the number and the supplier, by supplier and state (staff)',
      description: 'Each row has its total, what was paid, what is open, its state (open, partly paid, paid, overdue) and how many lines are matched to cost lines.',
      middleware: [read] as const,
      request: { query: supplierBillListQuerySchema },
      responses: { 200: json(supplierBillPageSchema, 'A page of supplier bills'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listSupplierBills(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/supplier-bills',
      operationId: 'createSupplierBill',
      tags: TAGS,
      summary: "Enter a supplier's bill with its lines (staff)",
      description: RULES,
      middleware: [write] as const,
      request: body(supplierBillInputSchema),
      responses: { 201: json(supplierBillSchema, 'The bill as stored'), ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => c.json(await createSupplierBill(db, actorOf(c), c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/supplier-bills/{id}',
      operationId: 'getSupplierBill',
      tags: TAGS,
      summary: 'A supplier bill with its lines, each match with the accrued amount and the difference, and its payments (staff)',
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: json(supplierBillSchema, 'The bill'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getSupplierBill(db, c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/supplier-bills/{id}',
      operationId: 'updateSupplierBill',
      tags: TAGS,
      summary: 'Change a supplier bill (the body is the whole bill, its lines replaced) (staff)',
      description: `${RULES} A bill with payments keeps its currency and a total of at least what was paid (409).`,
      middleware: [write] as const,
      request: { params: idParam, ...body(supplierBillInputSchema) },
      responses: { 200: json(supplierBillSchema, 'The bill as stored'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => c.json(await updateSupplierBill(db, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/supplier-bills/{id}',
      operationId: 'deleteSupplierBill',
      tags: TAGS,
      summary: 'Delete a bill entered by mistake, with its lines and matches (staff)',
      description:
        "The matched costs are accrued again. A bill with payments is in the books and stays (409: correct it instead). A handler deletes only a bill whose lines name shipments they handle (403). The bill's file stays in Documents. Audited.",
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteSupplierBill(db, actorOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/supplier-bills/{id}/document',
      operationId: 'uploadSupplierBillDocument',
      tags: TAGS,
      summary: "Upload the supplier's file of the bill, kept as a document (staff)",
      description:
        `The raw file is the body, its original name URL-encoded in ${UPLOAD_NAME_HEADER}; the document rules apply (type by extension and content: 415; under 100 MB: 413; ` +
        'nothing kept on a refusal). The file is kept in Documents, on no shipment (a customer never sees it); a new file replaces the bill\'s link to the old one. Audited.',
      middleware: [write] as const,
      request: { params: idParam, ...rawFile },
      responses: { 201: json(supplierBillSchema, 'The bill with its document'), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (c) => {
      const billId = c.req.valid('param').id;
      const actor = actorOf(c);
      await uploadDocument({ db, storage: deps.storage, log: c.get('log'), notices: { publicUrl: deps.linkBase(c.req.raw), linkSecret: deps.linkSecret } }, actor, {
        encodedName: c.req.header(UPLOAD_NAME_HEADER),
        contentLength: c.req.header('content-length'),
        body: c.req.raw.body,
        attach: { check: async (d) => void (await billForDocument(d, billId, false)), record: (tx, file) => recordBillDocument(tx, actor, billId, file) },
      });
      return c.json(await getSupplierBill(db, billId), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/supplier-bills/{id}/lines/{position}/match',
      operationId: 'matchSupplierBillLine',
      tags: TAGS,
      summary: "Match a bill line to a shipment's cost (buy) line; the answer shows the difference (staff)",
      description:
        "The cost line must be on the line's shipment (or on shipment_id, which then becomes the line's), a buy line, in the bill's currency (400 naming both currencies), " +
        'and matched by no other bill line (409). A handler matches only on the shipments they handle (403). The job\'s profit then uses the billed amount for that cost. Audited.',
      middleware: [write] as const,
      request: { params: lineParams, ...body(supplierBillMatchInputSchema) },
      responses: { 200: json(supplierBillSchema, 'The bill with the match'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return c.json(await matchBillLine(db, actorOf(c), p.id, positionOf(p.position), c.req.valid('json')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/supplier-bills/{id}/lines/{position}/match',
      operationId: 'unmatchSupplierBillLine',
      tags: TAGS,
      summary: 'Take a bill line off its cost line and its shipment (staff)',
      description: "The cost line is accrued again and the line no longer counts in the job's cost. A handler only on the shipments they handle (403). Audited.",
      middleware: [write] as const,
      request: { params: lineParams },
      responses: { 200: json(supplierBillSchema, 'The bill without the match'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const p = c.req.valid('param');
      return c.json(await unmatchBillLine(db, actorOf(c), p.id, positionOf(p.position)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/supplier-bills/{id}/payments',
      operationId: 'recordSupplierBillPayment',
      tags: TAGS,
      summary: 'Record a payment made to the supplier against the bill (administrators)',
      description: 'At most what is open on the bill (409), not dated before the bill (400), in the bill\'s currency and its minor unit. Audited.',
      middleware: [pay] as const,
      request: { params: idParam, ...body(supplierBillPaymentInputSchema) },
      responses: { 201: json(supplierBillSchema, 'The bill with the payment'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => c.json(await recordBillPayment(db, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/payables/ageing',
      operationId: 'payablesAgeing',
      tags: TAGS,
      summary: 'The payables ageing: open supplier bill amounts per supplier and currency by days past due (administrators)',
      description:
        'as_of: the day (default today); a bill dated after it is not counted, and only payments made by then. Buckets current, 1-30, 31-60, 61-90 and 91+ days past due. ' +
        'A page of suppliers by name (50, at most 500), with a row per currency; the totals per currency are over all suppliers.',
      middleware: [requirePermission('payables:read', msg('Only administrators can read the payables ageing.'))] as const,
      request: { query: payablesAgeingQuerySchema },
      responses: { 200: json(payablesAgeingSchema, 'The payables ageing'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await payablesAgeing(db, c.req.valid('query')), 200),
  );

  return app;
}
