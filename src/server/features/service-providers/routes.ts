import { createRoute, z } from '@hono/zod-openapi';
import {
  serviceProviderCreateSchema,
  serviceProviderUpdateSchema,
  serviceProviderListQuerySchema,
  serviceProviderPageSchema,
  serviceProviderSchema,
} from '@domain/partners/schema';
import type { Db } from '@server/db/client';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import {
  createServiceProvider,
  deleteServiceProvider,
  getServiceProvider,
  listServiceProviders,
  updateServiceProvider,
} from './service';

const tags = ['Service providers'];
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '00000000-0000-4000-8000-000000000000' }) });
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const read = requirePermission('reference:read');
const write = requirePermission('reference:write');

/** Service providers: every staff role reads (the shipment form picks one), only admins write. */
export function serviceProviderRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/service-providers',
      operationId: 'listServiceProviders',
      tags,
      summary: 'List or search service providers (name, country or service type), by name',
      middleware: [read] as const,
      request: { query: serviceProviderListQuerySchema },
      responses: { 200: { description: 'a page of service providers', content: json(serviceProviderPageSchema) }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listServiceProviders(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/service-providers',
      operationId: 'createServiceProvider',
      tags,
      summary: 'Add a service provider',
      middleware: [write] as const,
      request: { body: { content: json(serviceProviderCreateSchema), required: true } },
      responses: { 201: { description: 'Created', content: json(serviceProviderSchema) }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await createServiceProvider(db, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/service-providers/{id}',
      operationId: 'getServiceProvider',
      tags,
      summary: 'One service provider',
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The service provider', content: json(serviceProviderSchema) }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getServiceProvider(db, c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/service-providers/{id}',
      operationId: 'updateServiceProvider',
      tags,
      summary: 'Change a service provider (Consolidation Agent only if it already has that type)',
      middleware: [write] as const,
      request: { params: idParam, body: { content: json(serviceProviderUpdateSchema), required: true } },
      responses: { 200: { description: 'Saved', content: json(serviceProviderSchema) }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => c.json(await updateServiceProvider(db, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/service-providers/{id}',
      operationId: 'deleteServiceProvider',
      tags,
      summary: 'Delete a service provider that no shipment uses (409 with the count otherwise)',
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteServiceProvider(db, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return app;
}
