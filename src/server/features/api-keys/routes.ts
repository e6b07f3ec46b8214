import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import { apiKeyInputSchema, apiKeyListSchema, apiKeySchema, createdApiKeySchema } from '@domain/api-keys/schema';
import { createRouter, errorResponses } from '@server/http/openapi';
import { actorOf } from '@server/http/context';
import { requirePermission } from '@server/policy';
import type { Db } from '@server/db/client';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3f2c1b0a-9e8d-4c7b-a6f5-e4d3c2b1a090' }) });
const TAGS = ['API keys'];
const manage = requirePermission('api_keys:manage', msg('Only administrators and customer contacts can manage API keys.'));

/** Service keys (issue 18, decision record 0242): administrators for staff integrations, customers for their company. */
export function apiKeyRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api-keys',
      operationId: 'listApiKeys',
      tags: TAGS,
      summary: 'Service keys, newest first, with state, last use and request count',
      description: 'An administrator sees every key (staff and company keys); a customer their company’s. The secret is never listed: only its first 12 characters. Not with a key.',
      middleware: [manage] as const,
      responses: { 200: { description: 'The keys', content: { 'application/json': { schema: apiKeyListSchema } } }, ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await listApiKeys(db, actorOf(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api-keys',
      operationId: 'createApiKey',
      tags: TAGS,
      summary: 'Make a service key (its secret is answered this once)',
      description:
        'Use it as `Authorization: Bearer <secret>` on any route its role may use. An administrator chooses a staff role; a customer’s key acts as a customer of their company (leave out `role`). Optional expiry in days; requests per minute default 120. Audited.',
      middleware: [manage] as const,
      request: { body: { content: { 'application/json': { schema: apiKeyInputSchema } }, required: true } },
      responses: { 201: { description: 'The key with its secret', content: { 'application/json': { schema: createdApiKeySchema } } }, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => c.json(await createApiKey(db, actorOf(c), c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api-keys/{id}',
      operationId: 'revokeApiKey',
      tags: TAGS,
      summary: 'Revoke a key at once (audited; revoking twice changes nothing)',
      middleware: [manage] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The revoked key', content: { 'application/json': { schema: apiKeySchema } } }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await revokeApiKey(db, actorOf(c), c.req.valid('param').id), 200),
  );
  return app;
}
