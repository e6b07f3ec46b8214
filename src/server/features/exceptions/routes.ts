import { msg } from '@domain/common/i18n';
import { createRoute } from '@hono/zod-openapi';
import type { Db } from '@server/db/client';
import { createRouter, errorResponses } from '@server/http/openapi';
import { actorOf } from '@server/http/context';
import { requirePermission } from '@server/policy';
import {
  exceptionCountsSchema, exceptionListQuerySchema, exceptionRowSchema, exceptionSettingsSchema, exceptionSettingsViewSchema,
} from '@domain/exceptions/schema';
import { pageSchema } from '@domain/common/list-schema';
import { countExceptions, getExceptionSettings, listExceptions, setExceptionSettings } from './service';

const TAGS = ['Exceptions'];
const STAFF_ONLY = msg('Only staff can see shipment exceptions.');

/** Delay and exception alerts (issue 17, decision record 0230): staff only; handlers their own shipments, admins all. */
export function exceptionRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/exceptions/counts',
      operationId: 'countExceptions',
      tags: TAGS,
      summary: 'How many shipments each exception rule holds for (a handler: their own; an admin: all)',
      middleware: [requirePermission('exceptions:read', STAFF_ONLY)] as const,
      responses: { 200: { description: 'The counts and the thresholds in force', content: { 'application/json': { schema: exceptionCountsSchema } } }, ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await countExceptions(db, c.get('user')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/exceptions',
      operationId: 'listExceptions',
      tags: TAGS,
      summary: "One page of a rule's shipments, newest due first, with the exact total",
      description: 'kind: departure_overdue, arrival_overdue, arrival_moved or no_change (default departure_overdue). dir=asc lists the oldest first.',
      middleware: [requirePermission('exceptions:read', STAFF_ONLY)] as const,
      request: { query: exceptionListQuerySchema },
      responses: { 200: { description: 'One page of shipments', content: { 'application/json': { schema: pageSchema(exceptionRowSchema) } } }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listExceptions(db, c.get('user'), c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/exceptions/settings',
      operationId: 'getExceptionSettings',
      tags: TAGS,
      summary: 'The thresholds of the exception rules, and who changed them last',
      middleware: [requirePermission('exceptions:read', STAFF_ONLY)] as const,
      responses: { 200: { description: 'The thresholds', content: { 'application/json': { schema: exceptionSettingsViewSchema } } }, ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await getExceptionSettings(db), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/exceptions/settings',
      operationId: 'setExceptionSettings',
      tags: TAGS,
      summary: 'Set the thresholds: days an arrival may move, days without a change (admins; audited)',
      middleware: [requirePermission('settings:manage', msg('Only administrators can change the exception thresholds.'))] as const,
      request: { body: { content: { 'application/json': { schema: exceptionSettingsSchema } }, required: true } },
      responses: { 200: { description: 'The thresholds now in force', content: { 'application/json': { schema: exceptionSettingsViewSchema } } }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await setExceptionSettings(db, c.req.valid('json'), actorOf(c)), 200),
  );
  return app;
}
