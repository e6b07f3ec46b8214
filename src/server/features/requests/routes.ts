import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import {
  declineInputSchema, quoteDeclineInputSchema, revisionInputSchema, requestBodyIssues, requestHandlerInputSchema, requestInputSchema, requestListQuerySchema, requestPageSchema, requestSchema,
} from '@domain/requests/schema';
import { customerQuoteSchema, quoteInputSchema, staffQuoteSchema } from '@domain/requests/quote-schema';
import { chargeCodeSchema } from '@domain/billing/schema';
import { createRouter, errorResponses, validationHook } from '@server/http/openapi';
import { invalid } from '@server/http/errors';
import { actorOf } from '@server/http/context';
import type { FeatureDeps } from '@server/features/deps';
import { getRequest, listRequests } from './read';
import { acceptRequest, cancelRequest, createRequest } from './service';
import { assignRequestHandler, declineRequest, saveQuote, sendQuote } from './quotes';
import { declineQuote, requestRevision } from './answers';
import { quotePdf } from './quote-pdf';
import { indicativePrice } from './indicative-price';
import { indicativePriceSchema } from '@domain/rates/schema';
import { contentDisposition } from '@server/http/disposition';
import { addressBookSchema } from '@domain/requests/parties';
import { requirePermission } from '@server/policy';
import { listAddressBook } from './address-book';

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }) });
const TAGS = ['Requests and quotes'];
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
/**
 * What every change answers: the request as the caller may see it, with its quote (a customer: sent, sell lines only),
 * and for staff the charge codes the quote editor offers.
 */
const viewSchema = z.object({
  request: requestSchema,
  quote: z.union([staffQuoteSchema, customerQuoteSchema]).nullable(),
  charge_codes: z.array(chargeCodeSchema).optional().openapi({ description: 'Staff only: the charge codes (FRT, BAF, THC ...) a quote line may name' }),
});
const view = (description: string) => ({ description, content: { 'application/json': { schema: viewSchema } } });

/** Booking requests and their quotes (issue 15, decision record 0233). */
export function requestRoutes(deps: FeatureDeps) {
  const { db } = deps;
  const app = createRouter();
  const mailDeps = (req: Request) => ({ publicUrl: deps.linkBase(req), linkSecret: deps.linkSecret });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/requests',
      operationId: 'listRequests',
      tags: TAGS,
      summary: 'Requests, newest first: a customer’s company’s, or the staff queue',
      description: 'Filters: status (expired is a sent quote past its validity day), mode, and for staff company_id and handler (me, none). Searches the number, company, cargo and route.',
      middleware: [requirePermission('requests:read')] as const,
      request: { query: requestListQuerySchema },
      responses: { 200: { description: 'A page of requests', content: { 'application/json': { schema: requestPageSchema } } }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listRequests(db, c.get('user'), c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/address-book',
      operationId: 'listAddressBook',
      tags: TAGS,
      summary: 'The company’s address book (customers): parties its requests saved, the most recently used first',
      description: 'The shipper, consignee and notify parties a request of the company named with save_parties, one per name (case aside), at most 200. Staff: 403.',
      middleware: [requirePermission('requests:create')] as const,
      responses: { 200: { description: 'The address book', content: { 'application/json': { schema: addressBookSchema } } }, ...errorResponses(401, 403) },
    }),
    async (c) => c.json({ rows: await listAddressBook(db, c.get('user')) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/requests',
      operationId: 'createRequest',
      tags: TAGS,
      summary: 'Ask for a quote (customers): gets a number such as RQ-2611-0042',
      middleware: [requirePermission('requests:create')] as const,
      request: { body: json(requestInputSchema) },
      responses: {
        201: { description: 'The new request', content: { 'application/json': { schema: z.object({ id: z.string(), number: z.string() }) } } },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => c.json(await createRequest(db, actorOf(c), c.req.valid('json'), mailDeps(c.req.raw)), 201),
    // A body the schema refuses answers its format problems and the rules' together, in the form's order (issue 37).
    (result, c) => {
      const body = (result as { data?: unknown }).data; // the body as sent (zod-validator passes it beside the error)
      if (result.success || result.target !== 'json' || !body || typeof body !== 'object' || Array.isArray(body)) {
        validationHook(result, c);
        return;
      }
      const issues = requestBodyIssues(body as Record<string, unknown>);
      if (issues.length === 0) {
        validationHook(result, c);
        return;
      }
      throw invalid(issues[0]!.message, Object.fromEntries(issues.map((i) => [i.field, i.message])));
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/requests/{id}',
      operationId: 'getRequest',
      tags: TAGS,
      summary: 'One request with its quote and history',
      description: 'A customer reads only their company’s, only a sent quote and only its sell lines (never a cost or the margin); staff read the draft with its cost lines, cost and margin per currency, and the charge codes.',
      middleware: [requirePermission('requests:read')] as const,
      request: { params: idParam },
      responses: { 200: view('The request'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getRequest(db, c.get('user'), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/requests/{id}/indicative-price',
      operationId: 'getIndicativePrice',
      tags: TAGS,
      summary: 'What the matching sell rate card would charge for a request not yet quoted (when the forwarder shows indicative prices)',
      description:
        'The customer’s company’s own sell card, else the public tariff, priced for the request’s lane and cargo on its cargo-ready day (today when that is past). Sell lines only, never a cost. `price` is null with the reason: `off` (the billing setting is off), `quoted` (the request has a quote or is closed), `no_lane` (no lane a card prices), `no_card`.',
      middleware: [requirePermission('requests:read')] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The indicative price, or why there is none', content: { 'application/json': { schema: indicativePriceSchema } } }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await indicativePrice(db, c.get('user'), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/requests/{id}/quote.pdf',
      operationId: 'downloadQuotePdf',
      tags: TAGS,
      summary: 'The quote as a PDF (QUO-{number}.pdf), rendered from the quote as it is now',
      description:
        'A customer gets their company’s sent quote only: another company’s request, a request without a quote and a draft are all 404. Staff also get a draft, marked DRAFT on every page. Never prints a carrier cost or margin. Audited (request.quote_pdf).',
      middleware: [requirePermission('requests:read')] as const,
      request: { params: idParam },
      responses: {
        200: { description: 'The PDF, as an attachment', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const { fileName, pdf } = await quotePdf(db, actorOf(c), c.req.valid('param').id);
      return new Response(Readable.toWeb(pdf) as ReadableStream, {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': contentDisposition('attachment', fileName),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      });
    },
  );

  const change = (
    path: string,
    operationId: string,
    summary: string,
    action: Parameters<typeof requirePermission>[0],
    run: (c: { id: string; actor: ReturnType<typeof actorOf>; body: unknown; req: Request }) => Promise<void>,
    body?: z.ZodType,
    method: 'post' | 'put' = 'post',
  ) =>
    app.openapi(
      createRoute({
        method,
        path,
        operationId,
        tags: TAGS,
        summary,
        middleware: [requirePermission(action)] as const,
        request: body ? { params: idParam, body: json(body) } : { params: idParam },
        responses: { 200: view('The request after the change'), ...errorResponses(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const id = c.req.valid('param').id;
        const parsed = body ? (c.req.valid as (t: 'json') => unknown)('json') : undefined;
        await run({ id, actor: actorOf(c), body: parsed, req: c.req.raw });
        return c.json(await getRequest(db, c.get('user'), id), 200);
      },
    );

  change('/requests/{id}/cancel', 'cancelRequest', 'Cancel a request before accepting it (customers)', 'requests:cancel', (x) => cancelRequest(db, x.actor, x.id, mailDeps(x.req)));
  change(
    '/requests/{id}/handler', 'assignRequestHandler', 'Set the handler (admins: anyone of the direction; handlers: themselves)', 'requests:quote',
    (x) => assignRequestHandler(db, x.actor, x.id, (x.body as z.output<typeof requestHandlerInputSchema>).handler_id), requestHandlerInputSchema, 'put',
  );
  change(
    '/requests/{id}/quote', 'saveQuote', 'Save the quote as a draft (a sent quote becomes a draft again)', 'requests:quote',
    (x) => saveQuote(db, x.actor, x.id, x.body as z.output<typeof quoteInputSchema>), quoteInputSchema, 'put',
  );
  change('/requests/{id}/quote/send', 'sendQuote', 'Send the saved quote to the customer', 'requests:quote', (x) => sendQuote(db, x.actor, x.id, mailDeps(x.req)));
  change(
    '/requests/{id}/decline', 'declineRequest', 'Decline the request with a reason the customer reads', 'requests:quote',
    (x) => declineRequest(db, x.actor, x.id, (x.body as z.output<typeof declineInputSchema>).reason, mailDeps(x.req)), declineInputSchema,
  );

  change(
    '/requests/{id}/quote/decline', 'declineQuote',
    'Decline the sent quote with a reason: too expensive, transit too long, or other with a note (customers; the handler is told)', 'requests:accept',
    (x) => declineQuote(db, x.actor, x.id, x.body as z.output<typeof quoteDeclineInputSchema>, mailDeps(x.req)), quoteDeclineInputSchema,
  );
  change(
    '/requests/{id}/quote/revision', 'requestQuoteRevision',
    'Ask for a revised quote with a note: the request goes back to the handler’s queue, the quote becomes their draft, the history keeps it (customers)', 'requests:accept',
    (x) => requestRevision(db, x.actor, x.id, (x.body as z.output<typeof revisionInputSchema>).note, mailDeps(x.req)), revisionInputSchema,
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/requests/{id}/accept',
      operationId: 'acceptQuote',
      tags: TAGS,
      summary: 'Accept the sent quote (customers): books the shipment, once',
      description: 'The shipment gets the route, cargo, pieces, incoterm, the quote’s charge lines (sell and buy), the FCL request’s containers (types and counts) and the customer as shipper (export) or consignee (import), status pending_approval and the request’s handler. A second acceptance, an expired quote or a closed request answers 409.',
      middleware: [requirePermission('requests:accept')] as const,
      request: { params: idParam },
      responses: {
        201: { description: 'The booked shipment', content: { 'application/json': { schema: z.object({ shipment_id: z.string(), reference_number: z.string() }) } } },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => c.json(await acceptRequest(db, actorOf(c), c.req.valid('param').id, mailDeps(c.req.raw)), 201),
  );
  return app;
}
