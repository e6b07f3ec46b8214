import { createRoute, z } from '@hono/zod-openapi';
import { airportInputSchema, airportListQuerySchema, airportPageSchema, airportSchema } from '@domain/airports/schema';
import type { Db } from '@server/db/client';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { createAirport, deleteAirport, getAirport, listAirports, updateAirport } from './service';

const tags = ['Airports'];
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '00000000-0000-4000-8000-000000000000' }) });
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const read = requirePermission('reference:read');
const search = requirePermission('reference:search');
const write = requirePermission('reference:write');

/** Airports (the spec's airport_data): every staff role reads (pickers), only admins write. */
export function airportRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/airports',
      operationId: 'listAirports',
      tags,
      summary: 'List or search airports (IATA code, name, city); an exact IATA match comes first, then by name',
      middleware: [search] as const,
      request: { query: airportListQuerySchema },
      responses: { 200: { description: 'A page of airports', content: json(airportPageSchema) }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listAirports(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/airports',
      operationId: 'createAirport',
      tags,
      summary: 'Add an airport',
      middleware: [write] as const,
      request: { body: { content: json(airportInputSchema), required: true } },
      responses: { 201: { description: 'Created', content: json(airportSchema) }, ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => c.json(await createAirport(db, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/airports/{id}',
      operationId: 'getAirport',
      tags,
      summary: 'One airport',
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The airport', content: json(airportSchema) }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getAirport(db, c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/airports/{id}',
      operationId: 'updateAirport',
      tags,
      summary: 'Change an airport',
      middleware: [write] as const,
      request: { params: idParam, body: { content: json(airportInputSchema), required: true } },
      responses: { 200: { description: 'Saved', content: json(airportSchema) }, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => c.json(await updateAirport(db, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/airports/{id}',
      operationId: 'deleteAirport',
      tags,
      summary: 'Delete an airport that no shipment uses (one in use answers 409 with the number of shipments)',
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteAirport(db, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return app;
}
