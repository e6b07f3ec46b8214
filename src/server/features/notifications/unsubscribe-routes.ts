import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '@server/db/client';
import { createRouter, errorResponses } from '@server/http/openapi';
import type { AppEnv } from '@server/http/context';
import { AppError } from '@server/http/errors';
import { NOTIFICATION_MESSAGES, emailHint, topicLabel, unsubscribeViewSchema, type UnsubscribeTopic, type UnsubscribeView } from '@domain/notifications/schema';
import { topicMode, turnOff } from '@server/notifications/preferences';
import { readUnsubscribeToken } from '@server/notifications/unsubscribe-token';

export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

const query = z.object({
  token: z.string().max(600).openapi({ param: { name: 'token', in: 'query' }, description: 'The signed token of the mail’s link', example: 'c3RhdHVzX2NoYW5nZWQKYUBleGFtcGxlLmNvbQ.x0bVt6yJ1lE8pN4wR7sK2mC9dH5fA0gU3iO6tY1eQ3Z' }),
});
const headers: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
};

/**
 * One-click unsubscribe (RFC 8058, issue 17, decision record 0231), without signing in: GET says what a link stops
 * (the page shows it and asks), POST stops it. A mail provider's POST carries `List-Unsubscribe=One-Click` as a form
 * body and no Origin of ours; the token's signature is the only proof needed. A bad token is one neutral 404.
 */
export function unsubscribeRoutes(db: Db, secret: string) {
  const app = createRouter();
  const read = (token: string) => {
    const found = readUnsubscribeToken(secret, token);
    if (!found) throw new AppError('not_found', NOTIFICATION_MESSAGES.unsubscribeInvalid);
    return found;
  };
  const view = async (email: string, event: UnsubscribeTopic): Promise<UnsubscribeView> => ({
    email_hint: emailHint(email),
    event,
    label: topicLabel(event),
    mode: await topicMode(db, email, event),
  });
  const TAGS = ['Notifications'];

  app.openapi(
    createRoute({
      method: 'get',
      path: '/unsubscribe',
      operationId: 'getUnsubscribeStatus',
      tags: TAGS,
      summary: 'What an unsubscribe link stops, and whether it is already off (no sign-in; changes nothing)',
      security: [],
      middleware: [headers] as const,
      request: { query },
      responses: { 200: { description: 'The address (hinted) and the event', content: { 'application/json': { schema: unsubscribeViewSchema } } }, ...errorResponses(404) },
    }),
    async (c) => {
      const { email, event } = read(c.req.valid('query').token);
      return c.json(await view(email, event), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/unsubscribe',
      operationId: 'unsubscribe',
      tags: TAGS,
      summary: 'One-click unsubscribe (RFC 8058): turns the link’s event off for its address',
      description: 'Mail providers post `List-Unsubscribe=One-Click` (form-encoded) to the List-Unsubscribe address; the page posts the same. No cookie and no Origin needed: the signed token is the proof. Repeating it changes nothing.',
      security: [],
      middleware: [headers] as const,
      request: { query },
      responses: { 200: { description: 'The event is off', content: { 'application/json': { schema: unsubscribeViewSchema } } }, ...errorResponses(404) },
    }),
    async (c) => {
      const { email, event } = read(c.req.valid('query').token);
      await turnOff(db, email, event);
      return c.json(await view(email, event), 200);
    },
  );
  return app;
}
