import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { actorOf } from '@server/http/context';
import { contactInputSchema, contactListSchema, contactSchema } from '@domain/companies/schema';
import { createContact, deleteContact, listContacts } from './contacts-service';
import { scopeOf } from './service';

const tags = ['Companies'];

/** A company's contacts (the spec's customers table): read within the company scope, managed by staff. */
export function contactRoutes(db: Db) {
  const app = createRouter();
  const read = requirePermission('companies:read');
  const write = requirePermission('companies:write', msg('Only staff can manage companies and contacts.'));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/companies/{id}/contacts',
      operationId: 'listContacts',
      tags,
      summary: 'The company contacts, primary contact first, then by first name',
      middleware: [read] as const,
      request: { params: z.object({ id: z.string() }) },
      responses: {
        200: { description: 'Contacts', content: { 'application/json': { schema: contactListSchema } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const user = c.get('user');
      return c.json({ rows: await withCustomerScope(db, user, (db) => listContacts(db, c.req.valid('param').id, scopeOf(user))) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/companies/{id}/contacts',
      operationId: 'createContact',
      tags,
      summary: 'Add a contact; a new primary contact replaces the previous one; a duplicate email answers 409',
      middleware: [write] as const,
      request: {
        params: z.object({ id: z.string() }),
        body: { content: { 'application/json': { schema: contactInputSchema } }, required: true },
      },
      responses: {
        201: { description: 'The new contact', content: { 'application/json': { schema: contactSchema } } },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => c.json(await createContact(db, c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/companies/{id}/contacts/{contactId}',
      operationId: 'deleteContact',
      tags,
      summary: 'Remove a contact of the company',
      middleware: [write] as const,
      request: { params: z.object({ id: z.string(), contactId: z.string() }) },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { id, contactId } = c.req.valid('param');
      await deleteContact(db, id, contactId, actorOf(c));
      return c.body(null, 204);
    },
  );

  return app;
}
