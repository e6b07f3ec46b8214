import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { SHARE_LINK_MESSAGES, SHARE_PAGE_RATE, publicTrackingSchema } from '@domain/share-links/schema';
import type { Db } from '@server/db/client';
import type { AppEnv } from '@server/http/context';
import { createRouter, errorResponses } from '@server/http/openapi';
import type { RateRule } from '@server/http/rate-limit';
import { AppError } from '@server/http/errors';
import { publicDocument, publicTracking } from './service';
import { Readable } from 'node:stream';
import type { Storage } from '@server/storage/storage';
import { contentDisposition, servedContentType } from '@server/http/disposition';

export const SHARE_PAGE_RULE: RateRule = { name: 'share-page', ...SHARE_PAGE_RATE, reads: true };

/**
 * GET /api/track/{token}: what the share-tracking page /t/{token} shows, without a session. An unknown, expired or
 * revoked token gets one neutral 404; every answer carries noindex and is never cached or referred onwards.
 */
export function publicTrackingRoutes(db: Db, storage: Storage, trackingTemplate: string | undefined, limit: MiddlewareHandler<AppEnv> | null) {
  const app = createRouter();
  const headers: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    c.header('X-Robots-Tag', 'noindex, nofollow');
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
  };
  app.openapi(
    createRoute({
      method: 'get',
      path: '/track/{token}',
      operationId: 'getSharedTracking',
      tags: ['Share-tracking links'],
      summary: 'The public tracking view of a share link (no sign-in)',
      description: `Route, status, milestones, estimated and actual dates, container numbers and the map's address. ${SHARE_PAGE_RATE.max} answers per address and minute.`,
      security: [],
      middleware: (limit ? [headers, limit] : [headers]) as [MiddlewareHandler<AppEnv>],
      request: { params: z.object({ token: z.string().openapi({ param: { name: 'token', in: 'path' }, example: 'q3Zx0bVt6yJ1lE8pN4wR7sK2mC9dH5fA0gU3iO6tY1e' }) }) },
      responses: { 200: { description: 'The shipment as the link shows it', content: { 'application/json': { schema: publicTrackingSchema } } }, ...errorResponses(404, 429) },
    }),
    async (c) => {
      const view = await publicTracking(db, c.req.valid('param').token, trackingTemplate);
      if (!view) throw new AppError('not_found', SHARE_LINK_MESSAGES.unavailable);
      return c.json(view, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/track/{token}/documents/{name}',
      operationId: 'downloadSharedDocument',
      tags: ['Share-tracking links'],
      summary: 'A final document the share link shares, as a download (no sign-in)',
      description: `The same neutral 404 for an unknown, expired or revoked token and for a document the link does not share. Audited as a download through the link. ${SHARE_PAGE_RATE.max} answers per address and minute, shared with the page.`,
      security: [],
      middleware: (limit ? [headers, limit] : [headers]) as [MiddlewareHandler<AppEnv>],
      request: {
        params: z.object({
          token: z.string().openapi({ param: { name: 'token', in: 'path' }, example: 'q3Zx0bVt6yJ1lE8pN4wR7sK2mC9dH5fA0gU3iO6tY1e' }),
          name: z.string().openapi({ param: { name: 'name', in: 'path' }, example: 'Ab3dE5gH_HBL-CD-S2611-1096-v2.pdf' }),
        }),
      },
      responses: { 200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses(404, 429) },
    }),
    async (c) => {
      const { token, name } = c.req.valid('param');
      const file = await publicDocument(db, token, name, c.get('ip'));
      const object = file ? await storage.get(file.name) : null;
      if (!file || !object) throw new AppError('not_found', SHARE_LINK_MESSAGES.unavailable);
      return new Response(Readable.toWeb(object.stream) as ReadableStream, {
        status: 200,
        headers: {
          'Content-Type': servedContentType(file.content_type),
          'Content-Length': String(object.size),
          'Content-Disposition': contentDisposition('attachment', file.original_name),
          'X-Content-Type-Options': 'nosniff',
          'X-Robots-Tag': 'noindex, nofollow',
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
        },
      });
    },
  );
  return app;
}
