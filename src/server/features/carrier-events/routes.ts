import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import type { Hook } from '@hono/zod-openapi';
import {
  attachInputSchema, carrierEventSchema, inboxEventSchema, inboxQuerySchema,
} from '@domain/carrier-events/schema';
import { pageSchema } from '@domain/common/list-schema';
import { createRouter, errorResponses, validationHook } from '@server/http/openapi';
import { actorOf, type AppEnv } from '@server/http/context';
import { invalid } from '@server/http/errors';
import { requirePermission } from '@server/policy';
import type { FeatureDeps } from '@server/features/deps';
import { DCSA_VERSION, dcsaEventSchema, parseEventsBody, postEventsBodySchema } from './dcsa';
import { encodeCursor, readQuerySchema, toReadFilters } from './dcsa-query';
import { attachEvent, dismissEvent, listInbox, listShipmentCarrierEvents, readEvents, receiveEvents } from './service';

const TAGS = ['Carrier events (DCSA Track & Trace 3.0)'];
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }) });
const STAFF_ONLY = msg('Only staff can work with the carrier event inbox.');

const feedbackSchema = z.object({ severity: z.enum(['ERROR', 'WARN', 'INFO']), message: z.string(), propertyPath: z.string().optional() });
const intakeAnswerSchema = z.object({
  feedbackElements: z.array(feedbackSchema),
  results: z.array(
    z.object({
      eventID: z.string(),
      outcome: z.enum(['matched', 'unmatched', 'duplicate', 'skipped']),
      shipment_id: z.string().nullable(),
      warnings: z.array(z.string()),
    }),
  ),
});
const readAnswerSchema = z.object({ events: z.array(z.record(z.string(), z.unknown())) });
const apiVersionHeader = { 'API-Version': { description: 'The implemented DCSA standard version', schema: { type: 'string' as const, example: DCSA_VERSION } } };

/** A body that fails the schema is answered with every problem named by its JSON path ('[0].eventLocation.UNLocationCode'). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const eventsHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (!result.success && (result as { target?: string }).target === 'json') {
    const parsed = parseEventsBody((result as { data?: unknown }).data);
    if (!parsed.ok) throw invalid(parsed.message, parsed.fields);
  }
  validationHook(result, c);
};

/**
 * Carrier events in the DCSA Track & Trace 3.0 standard (issue 18, decision record 0244): staff (and service keys of
 * a staff role) post events; staff work the inbox of unmatched ones; staff and customers read a shipment's carrier
 * timeline and, in the standard's shape, the events of their reach.
 */
export function carrierEventRoutes(deps: FeatureDeps) {
  const { db } = deps;
  const app = createRouter();
  const write = (c: { req: { raw: Request } }) => ({ publicUrl: deps.linkBase(c.req.raw), linkSecret: deps.linkSecret });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/dcsa/v3/events',
      operationId: 'postDcsaEvents',
      tags: TAGS,
      summary: 'Receive DCSA Track & Trace 3.0 events (shipment, transport, equipment) from a carrier or visibility provider',
      description:
        'The body is the standard\'s `{ "events": [...] }`; a bare list of events or one event object is taken too. Every event is checked first: a 400 names each problem by its JSON path and stores nothing; a Track & Trace 2.x message gets one problem that names its version. ' +
        'Each event is stored once per eventID (a repeat is answered `duplicate`), matched to a shipment by container number, then BL number, then carrier booking reference, or left in the inbox. ' +
        'An estimated or actual arrival at the destination port moves the estimated arrival. A container number failing its check digit is kept, with a WARN. IoT and reefer events and retractions are answered `skipped`.',
      middleware: [requirePermission('carrier_events:write', msg('Only staff and staff service keys can send carrier events.'))] as const,
      request: {
        body: { content: { 'application/json': { schema: z.union([postEventsBodySchema, z.array(dcsaEventSchema), dcsaEventSchema]) } }, required: true },
      },
      responses: {
        200: { description: 'What became of each event, and feedback in the standard\'s shape', headers: apiVersionHeader, content: { 'application/json': { schema: intakeAnswerSchema } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      c.header('API-Version', DCSA_VERSION);
      // The body as sent (the hook has checked it): it is kept with each event.
      const body: unknown = await c.req.json();
      return c.json(await receiveEvents(db, { user: c.get('user'), ip: c.get('ip') }, body, write(c)), 200);
    },
    eventsHook,
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/dcsa/v3/events',
      operationId: 'getDcsaEvents',
      tags: TAGS,
      summary: "Read shipment events as DCSA Track & Trace 3.0 events (a customer: their company's shipments)",
      description:
        'Filters of the standard: carrierBookingReference, transportDocumentReference, equipmentReference, eventTypes (comma-separated), eventUpdatedDateTimeMin/Max; also the event type codes ' +
        '(comma-separated) and eventCreatedDateTime with :gte, :gt, :lte, :lt, :eq. eventUpdatedDateTime is the carrier\'s (when it sent none, when we received the event), and eventUpdatedDateTimeMin/Max compare it; eventCreatedDateTime compares when we received each event. Paging: `limit` (at most 100) and the ' +
        '`Next-Page-Cursor` response header, sent back as `cursor` with the same filters; the last page has no such header. Oldest received first.',
      middleware: [requirePermission('carrier_events:read')] as const,
      request: { query: readQuerySchema },
      responses: {
        200: {
          description: 'The events of this page',
          headers: { ...apiVersionHeader, 'Next-Page-Cursor': { description: 'The cursor of the next page (absent on the last page)', schema: { type: 'string' as const } } },
          content: { 'application/json': { schema: readAnswerSchema } },
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const q = toReadFilters(c.req.valid('query'));
      if (!q.ok) throw invalid(q.message, { [q.field]: q.message });
      const page = await readEvents(db, actorOf(c), q.filters);
      c.header('API-Version', DCSA_VERSION);
      if (page.nextAfter) c.header('Next-Page-Cursor', encodeCursor(page.nextAfter));
      return c.json({ events: page.events }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shipments/{id}/carrier-events',
      operationId: 'listShipmentCarrierEvents',
      tags: TAGS,
      summary: "A shipment's carrier events for its timeline, latest first (staff; a customer their company's shipments)",
      middleware: [requirePermission('carrier_events:read')] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The events', content: { 'application/json': { schema: z.array(carrierEventSchema) } } }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await listShipmentCarrierEvents(db, actorOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/carrier-events/inbox',
      operationId: 'listCarrierEventInbox',
      tags: TAGS,
      summary: 'The carrier event inbox: events by state (unmatched by default), newest first, with the exact total',
      description: 'state: unmatched, dismissed or matched. q searches the event id, container, BL number, booking reference and place.',
      middleware: [requirePermission('carrier_events:inbox', STAFF_ONLY)] as const,
      request: { query: inboxQuerySchema },
      responses: { 200: { description: 'One page of events', content: { 'application/json': { schema: pageSchema(inboxEventSchema) } } }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listInbox(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/carrier-events/{id}/attach',
      operationId: 'attachCarrierEvent',
      tags: TAGS,
      summary: 'Attach an inbox event to the shipment of a reference number, as a match would (audited)',
      middleware: [requirePermission('carrier_events:inbox', STAFF_ONLY)] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: attachInputSchema } }, required: true } },
      responses: { 200: { description: 'The attached event', content: { 'application/json': { schema: inboxEventSchema } } }, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => c.json(await attachEvent(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), write(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/carrier-events/{id}/dismiss',
      operationId: 'dismissCarrierEvent',
      tags: TAGS,
      summary: 'Dismiss an unmatched event (audited; dismissing twice changes nothing)',
      middleware: [requirePermission('carrier_events:inbox', STAFF_ONLY)] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The dismissed event', content: { 'application/json': { schema: inboxEventSchema } } }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => c.json(await dismissEvent(db, actorOf(c), c.req.valid('param').id), 200),
  );
  return app;
}
