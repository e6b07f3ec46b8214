import { createRoute, z } from '@hono/zod-openapi';
import { seaportInputSchema, seaportListQuerySchema, seaportPageSchema, seaportSchema } from '@domain/seaports/schema';
import type { Db } from '@server/db/client';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { createSeaport, deleteSeaport, getSeaport, listSeaports, updateSeaport } from './service';

const tags = ['Sea ports'];
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '00000000-0000-4000-8000-000000000000' }) });
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const read = requirePermission('reference:read');
const search = requirePermission('reference:search');
const write = requirePermission('reference:write');

/** Sea ports (the spec's ports_data): every staff role reads (pickers), only admins write. */
export function seaportRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/seaports',
      operationId: 'listSeaports',
      tags,
      summary: 'List or search sea ports (Port Name, Country, UN Code); an exact UN code match comes first, then by Port Name',
      middleware: [search] as const,
      request: { query: seaportListQuerySchema },
      responses: { 200: { description: 'A page of sea ports', content: json(seaportPageSchema) }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listSeaports(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/seaports',
      operationId: 'createSeaport',
      tags,
      summary: 'Add a sea port',
      middleware: [write] as const,
      request: { body: { content: json(seaportInputSchema), required: true } },
      responses: { 201: { description: 'Created', content: json(seaportSchema) }, ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => c.json(await createSeaport(db, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/seaports/{id}',
      operationId: 'getSeaport',
      tags,
      summary: 'One sea port',
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The sea port', content: json(seaportSchema) }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getSeaport(db, c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/seaports/{id}',
      operationId: 'updateSeaport',
      tags,
      summary: 'Change a sea port',
      middleware: [write] as const,
      request: { params: idParam, body: { content: json(seaportInputSchema), required: true } },
      responses: { 200: { description: 'Saved', content: json(seaportSchema) }, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => c.json(await updateSeaport(db, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/seaports/{id}',
      operationId: 'deleteSeaport',
      tags,
      summary: 'Delete a sea port that no shipment uses (one in use answers 409 with the number of shipments)',
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteSeaport(db, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return app;
}
