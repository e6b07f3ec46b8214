import { createRoute, z } from '@hono/zod-openapi';
import {
  consolidationAgentInputSchema,
  consolidationAgentListQuerySchema,
  consolidationAgentPageSchema,
  consolidationAgentSchema,
} from '@domain/partners/schema';
import type { Db } from '@server/db/client';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import {
  createConsolidationAgent,
  deleteConsolidationAgent,
  getConsolidationAgent,
  listConsolidationAgents,
  updateConsolidationAgent,
} from './service';

const tags = ['Consolidation agents'];
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '00000000-0000-4000-8000-000000000000' }) });
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const read = requirePermission('reference:read');
const write = requirePermission('reference:write');

/** Consolidation agents: every staff role reads (the partial shipment form picks one), only admins write. */
export function consolidationAgentRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/consolidation-agents',
      operationId: 'listConsolidationAgents',
      tags,
      summary: 'List or search consolidation agents (name or country), by name',
      middleware: [read] as const,
      request: { query: consolidationAgentListQuerySchema },
      responses: { 200: { description: 'A page of consolidation agents', content: json(consolidationAgentPageSchema) }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listConsolidationAgents(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/consolidation-agents',
      operationId: 'createConsolidationAgent',
      tags,
      summary: 'Add a consolidation agent',
      middleware: [write] as const,
      request: { body: { content: json(consolidationAgentInputSchema), required: true } },
      responses: { 201: { description: 'Created', content: json(consolidationAgentSchema) }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await createConsolidationAgent(db, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/consolidation-agents/{id}',
      operationId: 'getConsolidationAgent',
      tags,
      summary: 'One consolidation agent',
      middleware: [read] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The consolidation agent', content: json(consolidationAgentSchema) }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getConsolidationAgent(db, c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/consolidation-agents/{id}',
      operationId: 'updateConsolidationAgent',
      tags,
      summary: 'Change a consolidation agent',
      middleware: [write] as const,
      request: { params: idParam, body: { content: json(consolidationAgentInputSchema), required: true } },
      responses: { 200: { description: 'Saved', content: json(consolidationAgentSchema) }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => c.json(await updateConsolidationAgent(db, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/consolidation-agents/{id}',
      operationId: 'deleteConsolidationAgent',
      tags,
      summary: 'Delete a consolidation agent that no shipment uses (409 with the count otherwise)',
      middleware: [write] as const,
      request: { params: idParam },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteConsolidationAgent(db, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return app;
}
