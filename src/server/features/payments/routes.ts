import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import { paymentInputSchema, paymentSchema } from '@domain/billing/schema';
import { ageingQuerySchema, ageingSchema, statementQuerySchema, statementSchema } from '@domain/billing/payments-schema';
import { overduePageSchema, overdueQuerySchema, paymentListQuerySchema, paymentPageSchema } from '@domain/billing/payments-schema';
import type { Db } from '@server/db/client';
import { actorOf } from '@server/http/context';
import { invalid } from '@server/http/errors';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { listPayments, recordPayment } from './service';
import { ageingReport, companyStatement, overdueInvoices } from './receivables';

const TAGS = ['Payments and receivables'];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const ADMINS_ONLY = msg('Only administrators can record payments and read the ageing report.');
const idParams = z.object({ id: z.string().openapi({ description: "The company's id" }) });

/** Payments, statements, the ageing report and overdue invoices (issue 38, decision record 0258). */
export function paymentRoutes(db: Db) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/payments',
      operationId: 'recordPayment',
      tags: TAGS,
      summary: "Record money received from a company: applied to one of its issued invoices in the same currency, or a credit on its account (administrators, audited)",
      description: 'Partial payments are allowed; more than the open amount is not an error: the rest is a credit on the account.',
      middleware: [requirePermission('payments:write', ADMINS_ONLY)] as const,
      request: { body: { content: { 'application/json': { schema: paymentInputSchema } }, required: true } },
      responses: { 201: json(paymentSchema.extend({ company_name: z.string() }), 'The payment as stored'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await recordPayment(db, c.req.valid('json'), actorOf(c)), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/payments',
      operationId: 'listPayments',
      tags: TAGS,
      summary: "Payments, newest received first, by company, invoice and days (a customer: their company's only)",
      middleware: [requirePermission('payments:read')] as const,
      request: { query: paymentListQuerySchema },
      responses: { 200: json(paymentPageSchema, 'One page of payments'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listPayments(db, c.get('user'), c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/companies/{id}/statement',
      operationId: 'companyStatement',
      tags: TAGS,
      summary: "A company's statement per currency: opening balance, invoices (debit), credit notes and payments (credit) with the running balance, closing balance and the open amounts by ageing bucket as of `to`",
      description: 'from: the first day (without it the statement starts at the first movement); to: the last day and the ageing day (default today). A customer reads only their own company (another is 404).',
      middleware: [requirePermission('statements:read')] as const,
      request: { params: idParams, query: statementQuerySchema },
      responses: { 200: json(statementSchema, 'The statement'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      if (q.from && q.to && q.from > q.to) throw invalid(msg('The first day must be on or before the last day'), { from: msg('The first day must be on or before the last day') });
      return c.json(await companyStatement(db, c.get('user'), c.req.valid('param').id, q), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/reports/ageing',
      operationId: 'ageingReport',
      tags: TAGS,
      summary: 'Open amounts of issued invoices per company and currency by days past due (current, 1-30, 31-60, 61-90, 91+) as of a day, with totals per currency (administrators)',
      description: 'Open amount = payable - payments received by as_of - credit notes issued by as_of. as_of defaults to today.',
      middleware: [requirePermission('ageing:read', ADMINS_ONLY)] as const,
      request: { query: ageingQuerySchema },
      responses: { 200: json(ageingSchema, 'The ageing report'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await ageingReport(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/reports/overdue-invoices',
      operationId: 'overdueInvoices',
      tags: TAGS,
      summary: 'Issued invoices past their due day with something open, the longest overdue first, and the last reminder sent (administrators; the Exceptions page)',
      middleware: [requirePermission('ageing:read', ADMINS_ONLY)] as const,
      request: { query: overdueQuerySchema },
      responses: { 200: json(overduePageSchema, 'One page of overdue invoices'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await overdueInvoices(db, c.req.valid('query')), 200),
  );

  return app;
}
