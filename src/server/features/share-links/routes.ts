import { createRoute, z } from '@hono/zod-openapi';
import { createdShareLinkSchema, shareLinkInputSchema, shareLinkListSchema, shareLinkSchema } from '@domain/share-links/schema';
import { createRouter, errorResponses } from '@server/http/openapi';
import { actorOf } from '@server/http/context';
import { requirePermission } from '@server/policy';
import type { FeatureDeps } from '@server/features/deps';
import { createShareLink, listShareLinks, revokeShareLink } from './service';

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }) });
const linkParams = idParam.extend({ linkId: z.string().openapi({ param: { name: 'linkId', in: 'path' }, example: '0d4e2f1a-9b8c-4d7e-a6f5-e4d3c2b1a098' }) });
const TAGS = ['Share-tracking links'];

/** A shipment's share-tracking links (issue 17, decision record 0228): anyone who may read the shipment. */
export function shareLinkRoutes(deps: FeatureDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shipments/{id}/share-links',
      operationId: 'listShareLinks',
      tags: TAGS,
      summary: "A shipment's tracking links, newest first, with state and view counts",
      description: 'Staff for any shipment, a customer for their company’s. The token is never listed again: only its last 6 characters.',
      middleware: [requirePermission('shipments:share')] as const,
      request: { params: idParam },
      responses: { 200: { description: 'The links, and the final documents a new link may share', content: { 'application/json': { schema: shareLinkListSchema } } }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await listShareLinks(db, actorOf(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/shipments/{id}/share-links',
      operationId: 'createShareLink',
      tags: TAGS,
      summary: 'Create a read-only tracking link /t/{token} (shown once)',
      description: `Expires after expires_in_days (default 30, at most 180). The page shows route, status, milestones, dates, containers and the map: no money, parties, addresses or notes, and no documents but the final ones of the shipment named in document_names (400 for any other). Audited.`,
      middleware: [requirePermission('shipments:share')] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: shareLinkInputSchema } }, required: true } },
      responses: { 201: { description: 'The link, with its token and address', content: { 'application/json': { schema: createdShareLinkSchema } } }, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => c.json(await createShareLink(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), deps.linkBase(c.req.raw)), 201),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/shipments/{id}/share-links/{linkId}',
      operationId: 'revokeShareLink',
      tags: TAGS,
      summary: 'Revoke a tracking link at once (audited; revoking twice changes nothing)',
      middleware: [requirePermission('shipments:share')] as const,
      request: { params: linkParams },
      responses: { 200: { description: 'The revoked link', content: { 'application/json': { schema: shareLinkSchema } } }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { id, linkId } = c.req.valid('param');
      return c.json(await revokeShareLink(db, actorOf(c), id, linkId), 200);
    },
  );
  return app;
}
