import { msg } from '@domain/common/i18n';
import { createRoute } from '@hono/zod-openapi';
import type { Db } from '@server/db/client';
import { actorOf } from '@server/http/context';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { twoFactorSettingsSchema, updateTwoFactorSettingsSchema } from '@domain/auth/two-factor-schema';
import { getTwoFactorSettings, setTwoFactorRequirement } from './service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const adminOnly = requirePermission('settings:manage', msg('Only administrators can change security settings.'));

/** /settings/two-factor: the admin's "require two-factor authentication for all staff" switch (decision 0010). */
export function settingsRoutes(db: Db) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/settings/two-factor',
      operationId: 'getTwoFactorSettings',
      tags: ['Settings'],
      summary: 'Whether staff must use two-factor authentication, and how many have enrolled (admins)',
      middleware: adminOnly,
      responses: { 200: { description: 'The setting', ...json(twoFactorSettingsSchema) }, ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await getTwoFactorSettings(db), 200),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings/two-factor',
      operationId: 'setTwoFactorRequirement',
      tags: ['Settings'],
      summary: 'Require (or stop requiring) two-factor authentication for all staff (admins; audited)',
      middleware: adminOnly,
      request: { body: { ...json(updateTwoFactorSettingsSchema), required: true } },
      responses: { 200: { description: 'The setting', ...json(twoFactorSettingsSchema) }, ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => c.json(await setTwoFactorRequirement(db, c.req.valid('json').require_for_staff, actorOf(c)), 200),
  );
  return app;
}
