import { msg } from '@domain/common/i18n';
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { actorOf } from '@server/http/context';
import { AppError } from '@server/http/errors';
import { withCustomerScope } from '@server/db/customer-scope';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { pageSchema } from '@domain/common/list-schema';
import {
  UPLOAD_NAME_HEADER, documentListQuerySchema, documentSchema, fileQuerySchema, linkQuerySchema, signedLinkSchema,
} from '@domain/documents/schema';
import type { FeatureDeps } from '@server/features/deps';
import { assertValidLink, findVisibleFile, signedFileLink } from './access';
import { assignmentRoutes } from './assignment-routes';
import { contentDisposition, servedContentType, servedDisposition } from '@server/http/disposition';
import { auditDocument, deleteDocument, listDocuments } from './service';
import { uploadDocument } from './upload';

const tags = ['Documents'];
const nameParam = z.object({
  name: z.string().openapi({ param: { name: 'name', in: 'path' }, example: 'aB3dE5fG_Commercial_Invoice.pdf' }),
});
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/**
 * Documents (issue 6; spec sections 2-9): the library, upload, delete, signed links and the bytes behind them.
 * The assignment routes live in assignment-routes.ts. Handlers only parse, check the role and call a service.
 */
export function documentRoutes(deps: FeatureDeps) {
  const { db, storage, linkSecret } = deps;
  const app = createRouter();
  const read = requirePermission('documents:read');
  const manage = requirePermission('documents:manage', msg('Only staff can manage documents.'));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/documents',
      operationId: 'listDocuments',
      tags,
      summary: 'The documents library (staff): search, type filter, sort, 8 a page',
      description: "q searches the original name; type is a filter option ('pdf', 'word', 'excel', 'image', 'text'); sort created_at|name|size.",
      middleware: [manage] as const,
      request: { query: documentListQuerySchema },
      responses: { 200: json(pageSchema(documentSchema), 'A page of documents'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listDocuments(db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/documents',
      operationId: 'uploadDocument',
      tags,
      summary: 'Upload a document (staff): the raw file is the body',
      description: `The original name goes URL-encoded in ${UPLOAD_NAME_HEADER}; Content-Type is ignored. Checked by extension and by content (executables refused: 415), under 100 MB while streaming (413, nothing kept).`,
      middleware: [manage] as const,
      request: {
        headers: z.object({ [UPLOAD_NAME_HEADER.toLowerCase()]: z.string().optional().openapi({ example: 'Commercial%20Invoice.pdf' }) }),
        query: z.object({
          shipment_id: z.string().optional().openapi({ description: 'Assign the document to this shipment on upload (404 unknown, 403 not yours: nothing stored).' }),
        }),
        body: { content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } }, required: true },
      },
      responses: { 201: json(documentSchema, 'The stored document'), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (c) => {
      const row = await uploadDocument({ db, storage, log: c.get('log'), notices: { publicUrl: deps.linkBase(c.req.raw), linkSecret: deps.linkSecret } }, actorOf(c), {
        encodedName: c.req.header(UPLOAD_NAME_HEADER),
        contentLength: c.req.header('content-length'),
        body: c.req.raw.body,
        shipmentId: c.req.valid('query').shipment_id,
      });
      return c.json(row, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/documents/{name}',
      operationId: 'deleteDocument',
      tags,
      summary: 'Delete a document (staff): its assignment, then the record, then the stored file',
      middleware: [manage] as const,
      request: { params: nameParam },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      await deleteDocument(db, storage, c.get('log'), actorOf(c), c.req.valid('param').name);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/documents/{name}/link',
      operationId: 'getDocumentLink',
      tags,
      summary: 'A 60-second signed link to view or download a document',
      description: 'Staff: every document. Customers: documents assigned to their own company’s shipments; any other name is 404.',
      middleware: [read] as const,
      request: { params: nameParam, query: linkQuerySchema },
      responses: { 200: json(signedLinkSchema, 'The signed link'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const user = c.get('user');
      const file = await withCustomerScope(db, user, (db) => findVisibleFile(db, user, c.req.valid('param').name));
      return c.json(signedFileLink(file.name, linkSecret, c.req.valid('query').disposition, Date.now()), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/files/{name}',
      operationId: 'downloadDocument',
      tags,
      summary: 'The bytes of a document, through a signed link',
      description:
        'The access rule first (customers: 404 for anything not theirs, whatever the signature), then the link: 403 when expired or forged. Inline only for PDFs and images.',
      middleware: [read] as const,
      request: { params: nameParam, query: fileQuerySchema },
      responses: {
        200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const user = c.get('user');
      const file = await withCustomerScope(db, user, (db) => findVisibleFile(db, user, c.req.valid('param').name));
      assertValidLink(file.name, query.expires, query.signature, linkSecret, Date.now());
      const object = await storage.get(file.name);
      if (!object) {
        c.get('log').error({ name: file.name }, 'document record without its stored object');
        throw new AppError('not_found', msg('The file of this document is missing.'));
      }
      const disposition = servedDisposition(query.disposition, file.content_type);
      try {
        await auditDocument(db, actorOf(c), 'document.download', file.name, { original_name: file.original_name, disposition });
      } catch (e) {
        object.stream.destroy();
        throw e;
      }
      return new Response(Readable.toWeb(object.stream) as ReadableStream, {
        status: 200,
        headers: {
          'Content-Type': servedContentType(file.content_type),
          'Content-Length': String(object.size),
          'Content-Disposition': contentDisposition(disposition, file.original_name),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      });
    },
  );

  app.route('/', assignmentRoutes(deps));
  return app;
}
