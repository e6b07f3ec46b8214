import { createRoute, z } from '@hono/zod-openapi';
import {
  carrierInputSchema,
  carrierListQuerySchema,
  carrierPageSchema,
  carrierSchema,
} from '@domain/partners/schema';
import type { Db } from '@server/db/client';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import {
  createCarrier,
  deleteCarrier,
  getCarrier,
  listCarriers,
  updateCarrier,
} from './service';

const tags = ['Carriers'];
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '00000000-0000-4000-8000-000000000000' }) });
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const read = requirePermission('reference:read');
const write = requirePermission('reference:write');

/** Carriers: every staff role reads (the shipment form picks an airline, shipping line or trucking company), only admins write. */
export function carrierRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/carriers',
      operationId: 'listCarriers',
      tags,
      summary: 'List or search carriers (name or country), filtered by carrier_type, by name; also the shipment form picker',
      middleware: [read] as const,
      request: { query: carrierListQuerySchema },
      responses: { 200: { description: 'a page of carriers', content: json(carrierPageSchema) }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listCarriers(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/carriers',
      operationId: 'createCarrier',
      tags,
      summary: 'Add a carrier',
      middleware: [write] as const,
      request: { body: { content: json(carrierInputSchema), required: true } },
      responses: { 201: { description: 'Created', content: json(carrierSchema) }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await createCarrier(db, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/carriers/{id}',
      operationId: 'getCarrier',
      tags,
      summary: 'One carrier',
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The carrier', content: json(carrierSchema) }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getCarrier(db, c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/carriers/{id}',
      operationId: 'updateCarrier',
      tags,
      summary: 'Change a carrier',
      middleware: [write] as const,
      request: { params: idParam, body: { content: json(carrierInputSchema), required: true } },
      responses: { 200: { description: 'Saved', content: json(carrierSchema) }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => c.json(await updateCarrier(db, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/carriers/{id}',
      operationId: 'deleteCarrier',
      tags,
      summary: 'Delete a carrier that no shipment uses (409 with the count otherwise)',
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteCarrier(db, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return app;
}
