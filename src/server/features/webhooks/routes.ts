import { createRoute, z } from '@hono/zod-openapi';
import {
  webhookDeliveryListSchema, webhookInputSchema, webhookListSchema, webhookSchema, webhookUpdateSchema, webhookWithSecretSchema,
} from '@domain/webhooks/schema';
import { createRouter, errorResponses } from '@server/http/openapi';
import { actorOf } from '@server/http/context';
import { requirePermission } from '@server/policy';
import type { FeatureDeps } from '@server/features/deps';
import { createWebhook, deleteWebhook, getWebhook, listDeliveries, listWebhooks, replayDelivery, rotateWebhookSecret, updateWebhook } from './service';

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3f0c2a1e-5b6d-4c7e-8f90-a1b2c3d4e5f6' }) });
const deliveryParams = idParam.extend({ deliveryId: z.string().openapi({ param: { name: 'deliveryId', in: 'path' }, example: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d' }) });
const TAGS = ['Webhooks'];
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

/** Signed webhooks (issue 18, decision record 0243): admins all, a customer their company's (another's is a 404). */
export function webhookRoutes(deps: FeatureDeps) {
  const { db, webhookNet: net } = deps;
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get', path: '/webhooks', operationId: 'listWebhooks', tags: TAGS, middleware: [requirePermission('webhooks:manage')] as const,
      summary: 'Webhook subscriptions: all for an admin, the company’s for a customer; the secret is never listed',
      responses: { 200: { description: 'The subscriptions, newest first', ...json(webhookListSchema) }, ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await listWebhooks(db, c.get('user')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/webhooks', operationId: 'createWebhook', tags: TAGS, middleware: [requirePermission('webhooks:manage')] as const,
      summary: 'Subscribe an HTTPS address to events; answers the signing secret (whsec_…) this once',
      description: 'The address is resolved and refused (400) when it points to a private, loopback (in production), link-local or metadata network, unless WEBHOOK_ALLOWED_NETWORKS allows it. Audited.',
      request: { body: { ...json(webhookInputSchema), required: true } },
      responses: { 201: { description: 'The subscription with its secret', ...json(webhookWithSecretSchema) }, ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => c.json(await createWebhook(db, actorOf(c), c.req.valid('json'), net), 201),
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/webhooks/{id}', operationId: 'getWebhook', tags: TAGS, middleware: [requirePermission('webhooks:manage')] as const,
      summary: 'One webhook subscription', request: { params: idParam },
      responses: { 200: { description: 'The subscription', ...json(webhookSchema) }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getWebhook(db, c.get('user'), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'patch', path: '/webhooks/{id}', operationId: 'updateWebhook', tags: TAGS, middleware: [requirePermission('webhooks:manage')] as const,
      summary: 'Change the address, events or description, or pause and resume (audited)',
      request: { params: idParam, body: { ...json(webhookUpdateSchema), required: true } },
      responses: { 200: { description: 'The subscription', ...json(webhookSchema) }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => c.json(await updateWebhook(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), net), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/webhooks/{id}', operationId: 'deleteWebhook', tags: TAGS, middleware: [requirePermission('webhooks:manage')] as const,
      summary: 'Delete a subscription and its delivery log (audited)', request: { params: idParam },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      await deleteWebhook(db, actorOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/webhooks/{id}/secret', operationId: 'rotateWebhookSecret', tags: TAGS, middleware: [requirePermission('webhooks:manage')] as const,
      summary: 'Replace the signing secret at once; answers the new one this once (audited)', request: { params: idParam },
      responses: { 200: { description: 'The subscription with its new secret', ...json(webhookWithSecretSchema) }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await rotateWebhookSecret(db, actorOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/webhooks/{id}/deliveries', operationId: 'listWebhookDeliveries', tags: TAGS, middleware: [requirePermission('webhooks:manage')] as const,
      summary: 'The delivery log: the latest deliveries, each with its attempts (status, response code, time, error)', request: { params: idParam },
      responses: { 200: { description: 'Deliveries, newest first', ...json(webhookDeliveryListSchema) }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await listDeliveries(db, c.get('user'), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/webhooks/{id}/deliveries/{deliveryId}/replay', operationId: 'replayWebhookDelivery', tags: TAGS, middleware: [requirePermission('webhooks:manage')] as const,
      summary: 'Send a delivery again now, with the same webhook-id (audited; 409 while the subscription is paused)', request: { params: deliveryParams },
      responses: { 202: { description: 'Queued', ...json(z.object({ id: z.string(), state: z.literal('pending') })) }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      return c.json(await replayDelivery(db, actorOf(c), id, deliveryId), 202);
    },
  );
  return app;
}
