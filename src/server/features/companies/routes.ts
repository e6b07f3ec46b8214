import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import {
  companyInputSchema, companyListQuerySchema, companyOptionSchema, companyPageSchema, companySchema,
  companyShipmentPageSchema, companyShipmentsQuerySchema, sameNameAnswerSchema, sameNameQuerySchema,
} from '@domain/companies/schema';
import {
  companiesNamed, createCompany, deleteCompany, getCompany, listCompanies, listCompanyOptions, listCompanyShipments, scopeOf, updateCompany,
} from './service';
import { contactRoutes } from './contact-routes';

const tags = ['Companies'];
const idParams = z.object({ id: z.string() });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

/** Companies (spec sections 2, 3, 5, 6, 7): read by every role within its scope, managed by staff. */
export function companyRoutes(db: Db) {
  const app = createRouter();
  const read = requirePermission('companies:read');
  const write = requirePermission('companies:write', msg('Only staff can manage companies and contacts.'));
  // The pickers of the staff forms list every company; customers have no picker.
  const pick = requirePermission('shipments:create', msg('Only staff can list all companies.'));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/companies',
      operationId: 'listCompanies',
      tags,
      summary: 'Companies by name, paged; search on name (a customer gets only their own company)',
      middleware: [read] as const,
      request: { query: companyListQuerySchema },
      responses: { 200: json(companyPageSchema, 'A page of companies'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const user = c.get('user');
      return c.json(await withCustomerScope(db, user, (db) => listCompanies(db, c.req.valid('query'), scopeOf(user), c.get('tr').locale)), 200);
    },
  );

  // Registered before /companies/{id} so "options" is never read as an id.
  app.openapi(
    createRoute({
      method: 'get',
      path: '/companies/options',
      operationId: 'listCompanyOptions',
      tags,
      summary: 'Every company as (id, name), ordered by name, for pickers (staff only)',
      middleware: [pick] as const,
      responses: { 200: json(z.array(companyOptionSchema), 'Company options'), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await listCompanyOptions(db, c.get('tr').locale), 200),
  );

  // Registered before /companies/{id} so "same-name" is never read as an id.
  app.openapi(
    createRoute({
      method: 'get',
      path: '/companies/same-name',
      operationId: 'listCompaniesWithSameName',
      tags,
      summary: 'Companies already named like this one, ignoring case and accents (staff only; the form warns, it does not refuse)',
      middleware: [write] as const,
      request: { query: sameNameQuerySchema },
      responses: { 200: json(sameNameAnswerSchema, 'At most five companies with that name'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const { name, exclude } = c.req.valid('query');
      return c.json({ rows: await companiesNamed(db, name, exclude) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/companies',
      operationId: 'createCompany',
      tags,
      summary: 'Create a company',
      middleware: [write] as const,
      request: body(companyInputSchema),
      responses: { 201: json(companySchema, 'The new company'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await createCompany(db, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/companies/{id}',
      operationId: 'getCompany',
      tags,
      summary: 'One company (another company answers 404 for a customer)',
      middleware: [read] as const,
      request: { params: idParams },
      responses: { 200: json(companySchema, 'The company'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const user = c.get('user');
      return c.json(await withCustomerScope(db, user, (db) => getCompany(db, c.req.valid('param').id, scopeOf(user))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/companies/{id}',
      operationId: 'updateCompany',
      tags,
      summary: 'Update a company',
      middleware: [write] as const,
      request: { params: idParams, ...body(companyInputSchema) },
      responses: { 200: json(companySchema, 'The updated company'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => c.json(await updateCompany(db, c.req.valid('param').id, c.req.valid('json')), 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/companies/{id}',
      operationId: 'deleteCompany',
      tags,
      summary: 'Delete a company and its contacts; refused with 409 while it has shipments',
      middleware: [write] as const,
      request: { params: idParams },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      await deleteCompany(db, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/companies/{id}/shipments',
      operationId: 'listCompanyShipments',
      tags,
      summary: "The company's shipments, newest first, paged (a customer only for their own company)",
      middleware: [read] as const,
      request: { params: idParams, query: companyShipmentsQuerySchema },
      responses: { 200: json(companyShipmentPageSchema, 'A page of shipments'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const user = c.get('user');
      const { id } = c.req.valid('param');
      return c.json(await withCustomerScope(db, user, (db) => listCompanyShipments(db, id, c.req.valid('query'), scopeOf(user))), 200);
    },
  );

  app.route('/', contactRoutes(db));
  return app;
}
