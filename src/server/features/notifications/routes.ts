import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '@server/db/client';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { notificationSettingsInputSchema, notificationSettingsSchema } from '@domain/notifications/schema';
import { contactAddress, getNotificationSettings, saveNotificationSettings } from '@server/notifications/preferences';

const TAGS = ['Notifications'];
const json = { content: { 'application/json': { schema: notificationSettingsSchema } } };
const contactParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }),
  contactId: z.string().openapi({ param: { name: 'contactId', in: 'path' }, example: '0d4e2f1a-9b8c-4d7e-a6f5-e4d3c2b1a098' }),
});

/** Notification choices (issue 17, decision record 0231): everyone their own; admins a contact's. */
export function notificationRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/notifications',
      operationId: 'getNotificationSettings',
      tags: TAGS,
      summary: 'My notification choices: per event instant, daily digest or off; the digest’s hour and time zone',
      middleware: [requirePermission('notifications:own')] as const,
      responses: { 200: { description: 'The choices (defaults where none was made)', ...json }, ...errorResponses(401) },
    }),
    async (c) => c.json(await getNotificationSettings(db, c.get('user').email), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/notifications',
      operationId: 'saveNotificationSettings',
      tags: TAGS,
      summary: 'Save my notification choices',
      middleware: [requirePermission('notifications:own')] as const,
      request: { body: { content: { 'application/json': { schema: notificationSettingsInputSchema } }, required: true } },
      responses: { 200: { description: 'The choices now in force', ...json }, ...errorResponses(400, 401) },
    }),
    async (c) => {
      const user = c.get('user');
      return c.json(await saveNotificationSettings(db, user.email, c.req.valid('json'), user.id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/companies/{id}/contacts/{contactId}/notifications',
      operationId: 'getContactNotificationSettings',
      tags: TAGS,
      summary: 'A contact’s notification choices (admins)',
      middleware: [requirePermission('notifications:manage', msg('Only administrators can set a contact’s notifications.'))] as const,
      request: { params: contactParams },
      responses: { 200: { description: 'The contact’s choices', ...json }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { id, contactId } = c.req.valid('param');
      return c.json(await getNotificationSettings(db, await contactAddress(db, id, contactId)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/companies/{id}/contacts/{contactId}/notifications',
      operationId: 'saveContactNotificationSettings',
      tags: TAGS,
      summary: 'Set a contact’s notification choices for them (admins)',
      middleware: [requirePermission('notifications:manage', msg('Only administrators can set a contact’s notifications.'))] as const,
      request: { params: contactParams, body: { content: { 'application/json': { schema: notificationSettingsInputSchema } }, required: true } },
      responses: { 200: { description: 'The contact’s choices now in force', ...json }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const { id, contactId } = c.req.valid('param');
      return c.json(await saveNotificationSettings(db, await contactAddress(db, id, contactId), c.req.valid('json'), c.get('user').id), 200);
    },
  );
  return app;
}
