import { ENGLISH, msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { IMPORT_FORMATS, IMPORT_MAX_BYTES, IMPORT_TEMPLATES, IMPORT_MESSAGES, importListSchema, importQuerySchema, importSchema } from '@domain/imports/schema';
import { UPLOAD_NAME_HEADER } from '@domain/documents/schema';
import { createRouter, errorResponses } from '@server/http/openapi';
import { actorOf } from '@server/http/context';
import { AppError } from '@server/http/errors';
import { requirePermission } from '@server/policy';
import type { FeatureDeps } from '@server/features/deps';
import { contentDisposition } from '@server/http/disposition';
import { commitImport, getImport, importTemplate, listImports, startImport } from './service';

const TAGS = ['Imports'];
const run = requirePermission('imports:run', msg('Only staff can import.'));
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3f2c1b0a-9e8d-4c7b-a6f5-e4d3c2b1a090' }) });
const TEMPLATE_FILES = IMPORT_TEMPLATES.flatMap((t) => IMPORT_FORMATS.map((f) => `${t.name}.${f}`));
const templateParam = z.object({
  file: z
    .enum(TEMPLATE_FILES as [string, ...string[]], { message: ENGLISH.t(msg('The template is one of: {files}'), { files: TEMPLATE_FILES.join(', ') }) })
    .openapi({ param: { name: 'file', in: 'path' }, example: 'shipments.xlsx' }),
});
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const limit = bodyLimit({
  maxSize: IMPORT_MAX_BYTES,
  onError: () => {
    throw new AppError('too_large', IMPORT_MESSAGES.tooLarge);
  },
});

/** Bulk import of companies and shipments (issue 18, decision record 0245). Staff. */
export function importRoutes(deps: FeatureDeps) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/imports/templates/{file}',
      operationId: 'downloadImportTemplate',
      tags: TAGS,
      summary: 'The header row (and an example row) of a kind’s import file, as CSV or XLSX (rate sheets: one template a mode)',
      middleware: [run] as const,
      request: { params: templateParam },
      responses: {
        200: {
          description: 'The template, as an attachment',
          content: {
            'text/csv': { schema: z.string() },
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string().openapi({ format: 'binary' }) },
          },
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const [name, format] = c.req.valid('param').file.split('.') as [string, (typeof IMPORT_FORMATS)[number]];
      const t = await importTemplate(name, format);
      return new Response(new Uint8Array(t.body), {
        status: 200,
        headers: { 'Content-Type': t.contentType, 'Content-Disposition': contentDisposition('attachment', t.fileName), 'Cache-Control': 'private, no-store' },
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/imports',
      operationId: 'listImports',
      tags: TAGS,
      summary: 'The latest 50 imports, newest first, with their state and counts',
      middleware: [run] as const,
      responses: { 200: json(importListSchema, 'The imports'), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await listImports(db), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/imports',
      operationId: 'startImport',
      tags: TAGS,
      summary: 'Upload a CSV or XLSX file: it is kept, audited and checked in the background (the dry run)',
      description: `The raw file is the body; its name, URL-encoded, in ${UPLOAD_NAME_HEADER} (.csv or .xlsx). Answers 202 with the import in status \`validating\`; poll \`GET /imports/{id}\` for the progress (processed_rows of total_rows), then the preview: status \`ready\` (every row passed; counts of what the commit will create, update and skip) or \`invalid\` (every row's problems, with the forms' messages). Rows already there (by reference number; a company by name, a contact by email; a rate card by its lane, side, equipment, carrier or customer, days and priority) are skipped or updated as \`mode\` says; updating shipments is for administrators, importing rate sheets for staff who may write rate cards. At most 20 MB and 20,000 rows.`,
      middleware: [run, limit] as const,
      request: {
        query: importQuerySchema,
        headers: z.object({ [UPLOAD_NAME_HEADER.toLowerCase()]: z.string().optional().openapi({ example: 'shipments-2026.xlsx' }) }),
        body: { content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } }, required: true },
      },
      responses: { 202: json(importSchema, 'The import, being checked'), ...errorResponses(400, 401, 403, 413, 415) },
    }),
    async (c) => {
      const { kind, mode } = c.req.valid('query');
      const file = Buffer.from(await c.req.arrayBuffer());
      return c.json(await startImport(db, deps.jobs, actorOf(c), { kind, mode, encodedName: c.req.header(UPLOAD_NAME_HEADER), file }), 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/imports/{id}',
      operationId: 'getImport',
      tags: TAGS,
      summary: 'An import: its progress, its preview (counts and the first 500 problems in row order) or its result',
      middleware: [run] as const,
      request: { params: idParam },
      responses: { 200: json(importSchema, 'The import'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await getImport(db, c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/imports/{id}/commit',
      operationId: 'commitImport',
      tags: TAGS,
      summary: 'Write a checked import, all or nothing, in the background (status committing, then committed or failed)',
      description:
        'Only an import in status `ready` (409 otherwise). All or nothing: a record edited since the check, or a reference number created meanwhile, fails the whole import and nothing of it is kept. Written in chunks that let other requests through (on PostgreSQL one transaction; on the embedded database a short transaction a chunk, a failed commit undone). Tells no one (no mails, no webhooks). Audited.',
      middleware: [run] as const,
      request: { params: idParam },
      responses: { 202: json(importSchema, 'The import, being written'), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => c.json(await commitImport(db, deps.jobs, actorOf(c), c.req.valid('param').id), 202),
  );
  return app;
}
