import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '@server/db/client';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { actorOf } from '@server/http/context';
import {
  activeStaffSchema, createStaffSchema, pendingStaffSchema, staffListSchema, staffQuerySchema, updateStaffSchema,
} from '@domain/staff/schema';
import {
  createPendingStaff, deletePendingStaff, deleteStaffMember, getStaffMember, listStaff, resetStaffTwoFactor, updateStaffMember,
} from './service';

const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });
const idParams = z.object({ id: z.string() });
/** Staff management is for admins: 401 without a session (app.ts), 403 for any other role, before validation. */
const adminOnly = requirePermission('staff:manage', msg('Only administrators can manage staff.'));

/** /staff: pending records and active staff users (spec section 2, Staff). */
export function staffRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/staff',
      operationId: 'listStaff',
      tags: ['Staff'],
      summary: 'Pending and active staff, searched by name or email',
      middleware: adminOnly,
      request: { query: staffQuerySchema },
      responses: { 200: { description: 'Both staff tables', ...json(staffListSchema) }, ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listStaff(db, c.req.valid('query').q), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/staff',
      operationId: 'createPendingStaff',
      tags: ['Staff'],
      summary: 'Add a pending staff member (they then register at /signup)',
      middleware: adminOnly,
      request: { body: { ...json(createStaffSchema), required: true } },
      responses: { 201: { description: 'Pending record', ...json(pendingStaffSchema) }, ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => c.json(await createPendingStaff(db, c.req.valid('json'), actorOf(c)), 201),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/staff/pending/{id}',
      operationId: 'deletePendingStaff',
      tags: ['Staff'],
      summary: 'Delete a pending staff record',
      middleware: adminOnly,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      await deletePendingStaff(db, c.req.valid('param').id, actorOf(c));
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/staff/{id}',
      operationId: 'getStaffMember',
      tags: ['Staff'],
      summary: 'An active staff member (for the edit form)',
      middleware: adminOnly,
      request: { params: idParams },
      responses: { 200: { description: 'Staff member', ...json(activeStaffSchema) }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getStaffMember(db, c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/staff/{id}',
      operationId: 'updateStaffMember',
      tags: ['Staff'],
      summary: "Change a staff member's name and role (effective from their next request)",
      middleware: adminOnly,
      request: { params: idParams, body: { ...json(updateStaffSchema), required: true } },
      responses: { 200: { description: 'Updated staff member', ...json(activeStaffSchema) }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => c.json(await updateStaffMember(db, c.req.valid('param').id, c.req.valid('json'), actorOf(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/staff/{id}',
      operationId: 'deleteStaffMember',
      tags: ['Staff'],
      summary: 'Delete a staff user and end their sessions (their shipments become unassigned)',
      middleware: adminOnly,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      await deleteStaffMember(db, c.req.valid('param').id, actorOf(c));
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/staff/{id}/two-factor',
      operationId: 'resetStaffTwoFactor',
      tags: ['Staff'],
      summary: "Reset a staff member's two-factor authentication (lost phone and recovery codes) and end their sessions",
      middleware: adminOnly,
      request: { params: idParams },
      responses: { 204: { description: 'Reset' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      await resetStaffTwoFactor(db, c.req.valid('param').id, actorOf(c));
      return c.body(null, 204);
    },
  );

  return app;
}
