import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import { withCustomerScope } from '@server/db/customer-scope';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import {
  assignDocumentSchema, assignableShipmentsQuerySchema, assignableShipmentsSchema, documentSchema, shipmentDocumentsSchema,
} from '@domain/documents/schema';
import type { FeatureDeps } from '@server/features/deps';
import { readScopeOf } from '@server/features/shipments/index';
import { assignDocument, listAssignableShipments, listShipmentDocuments, unassignDocument } from './assignments';

const tags = ['Documents'];
const nameParam = z.object({ name: z.string().openapi({ param: { name: 'name', in: 'path' } }) });
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/** Assigning documents to shipments (spec sections 2, 4, 6): one shipment per document, a history event each way. */
export function assignmentRoutes(deps: FeatureDeps) {
  const { db } = deps;
  const app = createRouter();
  const manage = requirePermission('documents:manage', msg('Only staff can manage documents.'));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/documents/assignable-shipments',
      operationId: 'listAssignableShipments',
      tags,
      summary: "The assign dialog's shipments (staff), newest first, at most 50",
      description: 'q matches the reference number or the company name. Export and import handlers get only the shipments they handle.',
      middleware: [manage] as const,
      request: { query: assignableShipmentsQuerySchema },
      responses: { 200: json(assignableShipmentsSchema, 'Shipments to choose from'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json({ rows: await listAssignableShipments(db, c.get('user'), c.req.valid('query').q) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/documents/{name}/assignment',
      operationId: 'assignDocument',
      tags,
      summary: 'Assign a document to a shipment (staff; handlers only to shipments they handle)',
      description: 'The same shipment again changes nothing; a document assigned elsewhere is a 409 (remove that assignment first).',
      middleware: [manage] as const,
      request: { params: nameParam, body: { content: { 'application/json': { schema: assignDocumentSchema } }, required: true } },
      responses: { 200: json(documentSchema, 'The document with its assignment'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) =>
      c.json(await assignDocument(db, c.get('user'), c.req.valid('param').name, c.req.valid('json').shipment_id, { publicUrl: deps.linkBase(c.req.raw), linkSecret: deps.linkSecret }), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/documents/{name}/assignment',
      operationId: 'unassignDocument',
      tags,
      summary: "Remove a document's assignment (staff)",
      middleware: [manage] as const,
      request: { params: nameParam },
      responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      await unassignDocument(db, c.get('user'), c.req.valid('param').name);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shipments/{id}/documents',
      operationId: 'listShipmentDocuments',
      tags,
      summary: "A shipment's documents, newest assignment first",
      description: "Everyone signed in; a customer only for their own company's shipments (404 otherwise).",
      middleware: [requirePermission('documents:read')] as const,
      request: { params: idParam },
      responses: { 200: json(shipmentDocumentsSchema, 'The assigned documents'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const user = c.get('user');
      const id = c.req.valid('param').id;
      return c.json({ rows: await withCustomerScope(db, user, (db) => listShipmentDocuments(db, id, readScopeOf(user))) }, 200);
    },
  );

  return app;
}
