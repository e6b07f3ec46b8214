import { msg } from '@domain/common/i18n';
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import {
  accountingExportPageSchema, accountingExportQuerySchema, accountingSettingsInputSchema, accountingSettingsSchema, BOOKS_MESSAGES,
} from '@domain/billing/books-schema';
import { listQuerySchema } from '@domain/common/list-schema';
import type { Db } from '@server/db/client';
import { actorOf } from '@server/http/context';
import { contentDisposition } from '@server/http/disposition';
import { AppError, notFound } from '@server/http/errors';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import type { Storage } from '@server/storage/storage';
import { createExport, exportFile, getAccountingSettings, listExports, putAccountingSettings } from './service';

const TAGS = ['Accounting'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const exporting = requirePermission('accounting:export', msg('Only administrators can export the books.'));
const settings = requirePermission('accounting_settings:manage', msg('Only administrators can change the accounting settings.'));
const csvFile = (description: string) => ({ description, content: { 'text/csv': { schema: z.string().openapi({ format: 'binary' }) } } });

/** The file as a private download, never cached, with what the export holds in its headers. */
function download(stream: Readable, size: number, type: string, fileName: string, headers: Record<string, string>): Response {
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: {
      'Content-Type': type, 'Content-Length': String(size), 'Content-Disposition': contentDisposition('attachment', fileName),
      'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store', ...headers,
    },
  });
}

/**
 * Making an export changes what the next one holds, so a page on another site must not make a signed-in browser ask
 * for one (a GET, which the Origin check leaves alone): browsers say where a request comes from in Sec-Fetch-Site.
 * A service key's client sends none.
 */
const SAME_SITE_ONLY = msg('An export is made from the Cargodesk site itself, not from a link on another site.');
function assertNotCrossSite(fetchSite: string | undefined): void {
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') throw new AppError('forbidden', SAME_SITE_ONLY);
}

/** The books (issue 39, decision record 0263): accounting settings and exports for DATEV, Xero and QuickBooks Online. */
export function accountingRoutes(db: Db, storage: Storage) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get', path: '/settings/accounting', operationId: 'getAccountingSettings', tags: TAGS,
      summary: "DATEV's consultant and client numbers, chart (SKR03/SKR04), fiscal year, accounts per VAT; Xero's and QuickBooks Online's codes (administrators)",
      middleware: [settings] as const,
      responses: { 200: json(accountingSettingsSchema, 'The accounting settings'), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await getAccountingSettings(db), 200),
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/settings/accounting', operationId: 'putAccountingSettings', tags: TAGS,
      summary: 'Replace the accounting settings: account numbers checked against the G/L account length (administrators, audited)',
      middleware: [settings] as const,
      request: { body: { content: { 'application/json': { schema: accountingSettingsInputSchema } }, required: true } },
      responses: { 200: json(accountingSettingsSchema, 'The settings as stored'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await putAccountingSettings(db, c.req.valid('json'), actorOf(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/accounting/exports', operationId: 'exportBooks', tags: TAGS,
      summary: 'Export the issued invoices, credit notes (and for DATEV the payments) of a period for DATEV, Xero or QuickBooks Online; kept, audited (administrators)',
      description:
        '`format=datev`: a DATEV Buchungsstapel (EXTF 700, category 21, version 13), Windows-1252, CRLF, decimal comma: one booking per VAT group of each document (debtor against the revenue account of the group, S for an invoice, H for a credit note) and per payment (bank against debtor); the period lies in one calendar and fiscal year. `format=xero`: Xero’s sales invoice import template, a credit note as negative unit amounts. `format=quickbooks`: QuickBooks Online’s invoice import (credit notes are counted as skipped and not marked). ' +
        'A document goes out once per format: a later export leaves it out unless `again=true`. Nothing to export is 409; a missing account or exchange rate is 409 naming it. The export is kept and can be downloaded again byte for byte (`X-Export-Id`). Refused when the browser says the request came from another site (Sec-Fetch-Site).',
      middleware: [exporting] as const,
      request: { query: accountingExportQuerySchema },
      responses: { 200: csvFile('The export file, as an attachment; X-Export-Id names the kept export'), ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => {
      assertNotCrossSite(c.req.header('sec-fetch-site'));
      const made = await createExport(db, storage, c.req.valid('query'), actorOf(c));
      const file = await exportFile(db, storage, made.id, actorOf(c), { audit: false });
      return download(file.stream, file.size, file.contentType, made.file_name, exportHeaders(made));
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/accounting/exports/history', operationId: 'listBookExports', tags: TAGS,
      summary: 'The kept exports, newest first: format, period, what each holds, size and SHA-256 of its file (administrators)',
      middleware: [exporting] as const,
      request: { query: listQuerySchema.pick({ page: true, pageSize: true }) },
      responses: { 200: json(accountingExportPageSchema, 'A page of kept exports'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const { page, pageSize } = c.req.valid('query');
      return c.json(await listExports(db, page, pageSize), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/accounting/exports/{id}', operationId: 'downloadBookExport', tags: TAGS,
      summary: 'A kept export again, byte for byte as it was first downloaded (administrators, audited)',
      middleware: [exporting] as const,
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: csvFile('The kept file, as an attachment'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      if (!UUID.test(id)) throw notFound(BOOKS_MESSAGES.notFound);
      const file = await exportFile(db, storage, id, actorOf(c), { audit: true });
      return download(file.stream, file.size, file.contentType, file.export.file_name, exportHeaders(file.export));
    },
  );

  return app;
}

const exportHeaders = (e: { id: string; sha256: string; invoices: number; credit_notes: number; payments: number; skipped: number }) => ({
  'X-Export-Id': e.id,
  'X-Export-Sha256': e.sha256,
  'X-Export-Documents': `invoices=${e.invoices}; credit_notes=${e.credit_notes}; payments=${e.payments}; skipped=${e.skipped}`,
});
