import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import {
  SHIPMENT_MESSAGES, customerShipmentSchema, shipmentDetailSchema, shipmentEventsSchema, shipmentInputSchema, statusChangeSchema,
} from '@domain/shipments/index';
import { withCustomerScope } from '@server/db/customer-scope';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import type { FeatureDeps } from '@server/features/deps';
import { assertShipmentId, getShipment, listShipmentEvents, readScopeOf, type ReadScope } from './read';
import { changeShipmentStatus, createShipment, updateShipment } from './service';
import { assignHandler, listHandlerOptions } from './handlers';
import {
  MAX_BULK_ASSIGN, bulkHandlerAssignmentSchema, bulkHandlerResultSchema, handlerAssignmentSchema, handlerOptionsQuerySchema, handlerOptionsSchema,
} from '@domain/shipments/handlers-schema';
import { actorOf } from '@server/http/context';

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }) });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const detailResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.union([shipmentDetailSchema, customerShipmentSchema]) } },
});

const STAFF: ReadScope = { companyId: null };

export function shipmentRoutes(deps: FeatureDeps) {
  const { db } = deps;
  // Links in the mails a request causes start with PUBLIC_URL, or without it with the address the request came to.
  const write = (c: { req: { raw: Request } }) => ({ publicUrl: deps.linkBase(c.req.raw), linkSecret: deps.linkSecret });
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/shipments',
      operationId: 'createShipment',
      tags: ['Shipments'],
      summary: 'Create a shipment (staff)',
      description:
        "Validated in the spec's order; admins must send loading_type ('Please select a loading type'), handlers get their own role. Status in_progress, the creator as handler. Mails every contact of the company.",
      middleware: [requirePermission('shipments:create', msg("You don't have permission to create shipments."))] as const,
      request: { body: json(shipmentInputSchema) },
      responses: { 201: detailResponse('The created shipment'), ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => {
      const id = await createShipment(db, c.get('user'), c.req.valid('json'), write(c));
      return c.json(await getShipment(db, id, STAFF, deps.trackingEmbedUrl, c.get('tr')), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shipments/{id}',
      operationId: 'getShipment',
      tags: ['Shipments'],
      summary: 'One shipment: the staff detail, or the customer view for a customer of its company',
      description:
        'Both views carry date_moves: for the estimated departure and arrival, the date before its latest move (previous), when it moved (moved_at) and how many times (times), from the shipment history (staff edits and carrier arrival events); null for a date that never moved.',
      middleware: [requirePermission('shipments:read')] as const,
      request: { params: idParam },
      responses: { 200: detailResponse('The shipment'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const user = c.get('user');
      const id = c.req.valid('param').id;
      return c.json(await withCustomerScope(db, user, (db) => getShipment(db, id, readScopeOf(user), deps.trackingEmbedUrl, c.get('tr'))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/shipments/{id}',
      operationId: 'updateShipment',
      tags: ['Shipments'],
      summary: 'Edit a shipment (admins)',
      description: 'Same body and checks as create. Never changes the status or handler; total_cost, total_revenue and profit_margin are ignored; containers are replaced.',
      middleware: [requirePermission('shipments:edit', SHIPMENT_MESSAGES.cannotEdit)] as const,
      request: { params: idParam, body: json(shipmentInputSchema) },
      responses: { 200: detailResponse('The saved shipment'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await updateShipment(db, c.get('user'), id, c.req.valid('json'), write(c));
      return c.json(await getShipment(db, id, STAFF, deps.trackingEmbedUrl, c.get('tr')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/shipments/{id}/status',
      operationId: 'changeShipmentStatus',
      tags: ['Shipments'],
      summary: "Change a shipment's status (admin or its handler)",
      description: 'Any status may move to any other except itself; only an admin may reopen a completed shipment (decision 0141). Mails the primary contact.',
      middleware: [requirePermission('shipments:status', msg("You don't have permission to change shipment status."))] as const,
      request: { params: idParam, body: json(statusChangeSchema) },
      responses: { 200: detailResponse('The shipment with its new status'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await changeShipmentStatus(db, c.get('user'), id, c.req.valid('json').status, write(c));
      return c.json(await getShipment(db, id, STAFF, deps.trackingEmbedUrl, c.get('tr')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shipments/{id}/events',
      operationId: 'listShipmentEvents',
      tags: ['Shipments'],
      summary: "A shipment's history, newest first",
      description: 'Staff: every event with actor and changes. Customers (own company): creation and status changes only.',
      middleware: [requirePermission('shipments:read')] as const,
      request: { params: idParam },
      responses: {
        200: { description: 'History', content: { 'application/json': { schema: shipmentEventsSchema } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const user = c.get('user');
      const id = c.req.valid('param').id;
      const rows = await withCustomerScope(db, user, (db) => listShipmentEvents(db, id, readScopeOf(user)));
      return c.json({ rows }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/shipments/{id}/handler',
      operationId: 'assignShipmentHandler',
      tags: ['Shipments'],
      summary: "Set a shipment's handler (admins: anyone who can handle its direction, or null; handlers: take an unassigned one)",
      description:
        'Admins assign and reassign to an admin or a handler of the shipment\'s direction (export or import), or unassign with null. Export and import handlers may only take an unassigned shipment of their own direction for themselves; one already taken answers 409 naming its handler. Writes a handler_assigned history row and an audit row, and mails the new handler when someone else assigned them. The same handler again changes nothing.',
      middleware: [requirePermission('shipments:take')] as const,
      request: { params: idParam, body: json(handlerAssignmentSchema) },
      responses: { 200: detailResponse('The shipment with its handler'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      assertShipmentId(id);
      await assignHandler(db, actorOf(c), [id], c.req.valid('json').handler_id, write(c));
      return c.json(await getShipment(db, id, STAFF, deps.trackingEmbedUrl, c.get('tr')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/shipments/handler',
      operationId: 'assignHandlerToShipments',
      tags: ['Shipments'],
      summary: 'Assign one handler to several shipments (admins), all or none',
      description: `At most ${MAX_BULK_ASSIGN} shipments. Every shipment must fit the handler's direction; the first that does not refuses the whole request (400, its reference named). One mail to the new handler lists them all.`,
      middleware: [requirePermission('shipments:assign')] as const,
      request: { body: json(bulkHandlerAssignmentSchema) },
      responses: {
        200: { description: 'How many changed', content: { 'application/json': { schema: bulkHandlerResultSchema } } },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(await assignHandler(db, actorOf(c), body.shipment_ids, body.handler_id, write(c)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/handlers',
      operationId: 'listHandlerOptions',
      tags: ['Shipments'],
      summary: 'Staff who can handle shipments (admins): of one direction with loading_type, else all staff',
      middleware: [requirePermission('shipments:assign')] as const,
      request: { query: handlerOptionsQuerySchema },
      responses: {
        200: { description: 'Handlers by name', content: { 'application/json': { schema: handlerOptionsSchema } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listHandlerOptions(db, c.req.valid('query').loading_type), 200),
  );

  return app;
}
