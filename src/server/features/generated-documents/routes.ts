import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import {
  GENERATED_KINDS, generateInputSchema, generatedVersionSchema, letterheadSchema, type Letterhead,
} from '@domain/generated-documents/schema';
import { createRouter, errorResponses } from '@server/http/openapi';
import { actorOf } from '@server/http/context';
import { requirePermission } from '@server/policy';
import type { FeatureDeps } from '@server/features/deps';
import { finalizeGenerated, generateDocument, listGenerated } from './service';
import { deleteLogo, getLetterhead, getLogo, readLogo, setLetterhead, setLogo } from './letterhead';

const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }) });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const generatedListSchema = z.object({ kinds: z.array(z.enum(GENERATED_KINDS)), rows: z.array(generatedVersionSchema) });
const letterheadAnswer = letterheadSchema.required().extend({ has_logo: z.boolean(), updated_at: z.string().nullable() }) satisfies z.ZodType<Letterhead>;
const adminOnly = requirePermission('settings:manage', msg('Only administrators can change the letterhead.'));

/** Papers generated from a shipment (issue 16), and the letterhead they carry. */
export function generatedDocumentRoutes(deps: FeatureDeps) {
  const { db } = deps;
  const app = createRouter();
  const notices = (req: Request) => ({ publicUrl: deps.linkBase(req), linkSecret: deps.linkSecret });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shipments/{id}/generated-documents',
      operationId: 'listGeneratedDocuments',
      tags: ['Generated documents'],
      summary: 'The papers that fit the shipment and every version generated of them (staff)',
      description: 'Each version names the printed fields whose value has changed since it was generated (changed_fields).',
      middleware: [requirePermission('generated:read')] as const,
      request: { params: idParam },
      responses: { 200: json(generatedListSchema, 'Kinds and versions'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await listGenerated(db, c.req.valid('param').id, deps.trackingEmbedUrl), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/shipments/{id}/generated-documents',
      operationId: 'generateDocument',
      tags: ['Generated documents'],
      summary: 'Generate the next version of a paper as a PDF, stored as a draft document of the shipment',
      description:
        'Admins on any shipment, export and import handlers on the shipments they handle (403 otherwise). The paper must fit the shipment (400): a house bill of lading for sea, a house air waybill for air, a CMR for land (partial shipments by their transport mode), an arrival notice for imports; a booking confirmation and a debit note for any. Customers do not see it until it is made final. Audited.',
      middleware: [requirePermission('generated:write')] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: generateInputSchema } }, required: true } },
      responses: { 201: json(generatedVersionSchema, 'The new version'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const deps2 = { db, storage: deps.storage, log: c.get('log'), notices: notices(c.req.raw), trackingEmbedUrl: deps.trackingEmbedUrl };
      return c.json(await generateDocument(deps2, actorOf(c), c.req.valid('param').id, c.req.valid('json').kind), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/generated-documents/{id}/final',
      operationId: 'finalizeGeneratedDocument',
      tags: ['Generated documents'],
      summary: 'Mark a version final: the shipment’s company sees it and is told; its printed fields show a note when edited',
      description: 'Final is for good (409 when it already is). The same staff rule as generating. Audited.',
      middleware: [requirePermission('generated:write')] as const,
      request: { params: idParam },
      responses: { 200: json(generatedVersionSchema, 'The version, final'), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => c.json(await finalizeGenerated(db, actorOf(c), c.req.valid('param').id, notices(c.req.raw), deps.trackingEmbedUrl), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/settings/letterhead',
      operationId: 'getLetterhead',
      tags: ['Settings'],
      summary: 'The company name, address and logo printed on generated papers (admins)',
      middleware: adminOnly,
      responses: { 200: json(letterheadAnswer, 'The letterhead'), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await getLetterhead(db), 200),
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings/letterhead',
      operationId: 'setLetterhead',
      tags: ['Settings'],
      summary: 'Change the letterhead’s text (admins; audited)',
      middleware: adminOnly,
      request: { body: { content: { 'application/json': { schema: letterheadSchema } }, required: true } },
      responses: { 200: json(letterheadAnswer, 'The letterhead'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await setLetterhead(db, actorOf(c), c.req.valid('json')), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/settings/letterhead/logo',
      operationId: 'getLetterheadLogo',
      tags: ['Settings'],
      summary: 'The letterhead’s logo image (admins; 404 when none is set)',
      middleware: adminOnly,
      responses: {
        200: { description: 'The image', content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) }, 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } } },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const logo = await getLogo(db);
      return c.body(new Uint8Array(logo.bytes), 200, { 'content-type': logo.type, 'cache-control': 'no-store' });
    },
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings/letterhead/logo',
      operationId: 'setLetterheadLogo',
      tags: ['Settings'],
      summary: 'Set the letterhead’s logo: the raw PNG or JPEG image as the body, under 512 KB (admins; audited)',
      middleware: adminOnly,
      request: { body: { content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } }, required: true } },
      responses: { 200: json(letterheadAnswer, 'The letterhead'), ...errorResponses(401, 403, 413, 415) },
    }),
    async (c) => {
      const logo = await readLogo(c.req.raw.body, c.req.header('content-length'));
      return c.json(await setLogo(db, actorOf(c), logo), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/settings/letterhead/logo',
      operationId: 'deleteLetterheadLogo',
      tags: ['Settings'],
      summary: 'Remove the letterhead’s logo (admins; audited; 404 when none is set)',
      middleware: adminOnly,
      responses: { 200: json(letterheadAnswer, 'The letterhead'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => c.json(await deleteLogo(db, actorOf(c)), 200),
  );
  return app;
}
