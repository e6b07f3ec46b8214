import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import {
  attachInputSchema, checklistTemplateSchema, overdueQuerySchema, overdueRowSchema, reviewInputSchema, shipmentChecklistSchema,
  templateInputSchema, templateKeySchema,
} from '@domain/checklist/schema';
import { owedQuerySchema, owedRowSchema } from '@domain/checklist/owed';
import { UPLOAD_NAME_HEADER, documentSchema } from '@domain/documents/schema';
import { pageSchema } from '@domain/common/list-schema';
import { withCustomerScope } from '@server/db/customer-scope';
import { actorOf } from '@server/http/context';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import type { FeatureDeps } from '@server/features/deps';
import { readScopeOf } from '@server/features/shipments/index';
import { applyChecklist, attachDocument, getChecklist, listOverdue, listTemplates, reviewItem, setTemplate } from './service';
import { uploadForItem } from './upload';
import { listOwed } from './owed';

const tags = ['Document checklist'];
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }) });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const templateKeyParams = templateKeySchema.extend({
  type: templateKeySchema.shape.type.openapi({ param: { name: 'type', in: 'path' }, example: 'sea' }),
  direction: templateKeySchema.shape.direction.openapi({ param: { name: 'direction', in: 'path' }, example: 'export' }),
});
const adminOnly = requirePermission('settings:manage', msg('Only administrators can change checklist templates.'));

/** The document checklist (issue 16, decision record 0238): a shipment's items, their documents and review, templates, overdue. */
export function checklistRoutes(deps: FeatureDeps) {
  const { db } = deps;
  const app = createRouter();
  const manage = requirePermission('checklist:manage', msg('Only staff can change a checklist.'));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/shipments/{id}/checklist',
      operationId: 'getShipmentChecklist',
      tags,
      summary: "The shipment's document checklist: each item's provider, due day, state and document",
      description: 'Staff: any shipment. Customers: their own company’s shipments (404 otherwise), under row-level security. can_manage says whether the user may attach, review and apply the template.',
      middleware: [requirePermission('checklist:read')] as const,
      request: { params: idParam },
      responses: { 200: json(shipmentChecklistSchema, 'The checklist'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const user = c.get('user');
      const id = c.req.valid('param').id;
      return c.json(await withCustomerScope(db, user, (db) => getChecklist(db, user, id, readScopeOf(user))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/shipments/{id}/checklist',
      operationId: 'applyChecklistTemplate',
      tags,
      summary: 'Give a shipment without a checklist the template of its type and direction',
      description: 'Admins on any shipment, handlers on their own (403). 409 when it has a checklist already, or when the template is empty.',
      middleware: [manage] as const,
      request: { params: idParam },
      responses: { 201: json(z.object({ items: z.number().int() }), 'How many items it got'), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => c.json({ items: await applyChecklist(db, actorOf(c), c.req.valid('param').id) }, 201),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/checklist-items/{id}/document',
      operationId: 'attachChecklistDocument',
      tags,
      summary: 'Satisfy an item with a document already on its shipment (staff; audited)',
      description: 'The handler or an administrator (403). The document must be assigned to the item’s shipment and not a draft (409). The item becomes received.',
      middleware: [manage] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: attachInputSchema } }, required: true } },
      responses: { 204: { description: 'Received' }, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      await attachDocument(db, actorOf(c), c.req.valid('param').id, c.req.valid('json').document_name);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/checklist-items/{id}/upload',
      operationId: 'uploadChecklistDocument',
      tags,
      summary: 'Upload the document of an item: the raw file is the body; it is stored, assigned to the shipment and the item received',
      description: `Customers: the items they provide on their company’s shipments (403 for the forwarder’s; 404 another company’s). Staff: the handler or an administrator. The document rules apply: the original name URL-encoded in ${UPLOAD_NAME_HEADER}, checked by extension and content (415), under 100 MB (413). A customer’s upload is mailed to the handler.`,
      middleware: [requirePermission('checklist:upload')] as const,
      request: {
        params: idParam,
        headers: z.object({ [UPLOAD_NAME_HEADER.toLowerCase()]: z.string().optional().openapi({ example: 'Commercial%20Invoice.pdf' }) }),
        body: { content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } }, required: true },
      },
      responses: { 201: json(documentSchema, 'The stored document'), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (c) => {
      const uploadDeps = { db, storage: deps.storage, log: c.get('log'), notices: { publicUrl: deps.linkBase(c.req.raw), linkSecret: deps.linkSecret } };
      const row = await uploadForItem(uploadDeps, actorOf(c), c.req.valid('param').id, {
        encodedName: c.req.header(UPLOAD_NAME_HEADER),
        contentLength: c.req.header('content-length'),
        body: c.req.raw.body,
      });
      return c.json(row, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/checklist-items/{id}/review',
      operationId: 'reviewChecklistDocument',
      tags,
      summary: 'Approve the received document, or reject it with a reason (staff; audited)',
      description: 'The handler or an administrator (403). 409 when nothing is received or it is approved already. A rejection makes the item missing again (the file stays on the shipment); for a document the customer provides, their company’s contacts are told (by their choices for Documents due).',
      middleware: [manage] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: reviewInputSchema } }, required: true } },
      responses: { 204: { description: 'Reviewed' }, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      await reviewItem(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'), { publicUrl: deps.linkBase(c.req.raw), linkSecret: deps.linkSecret });
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/checklist/owed',
      operationId: 'listOwedPapers',
      tags,
      summary: "The papers the customer's company owes across its shipments, the nearest due day first (customers)",
      description:
        'Each required item the company provides that has no document yet, on a shipment not delivered or completed: rejected (with the reason), overdue, or due (a day ahead, or no date yet). state narrows to one; q searches the reference and the paper’s name. Under row-level security; staff use /checklist/overdue (403).',
      middleware: [requirePermission('checklist:owed', msg('This list is for customers; staff use the overdue documents page.'))] as const,
      request: { query: owedQuerySchema },
      responses: { 200: json(pageSchema(owedRowSchema), 'A page of owed papers'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listOwed(db, c.get('user'), c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/checklist/overdue',
      operationId: 'listOverdueChecklistItems',
      tags,
      summary: 'Overdue checklist items, the longest overdue first (a handler: their shipments; an admin: all)',
      description: 'Overdue: a required item without a document, due before today (UTC), on a shipment not delivered or completed. provider narrows to the customer’s or the forwarder’s items.',
      middleware: [requirePermission('checklist:overdue')] as const,
      request: { query: overdueQuerySchema },
      responses: { 200: json(pageSchema(overdueRowSchema), 'A page of overdue items'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listOverdue(db, c.get('user'), c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/settings/checklist-templates',
      operationId: 'listChecklistTemplates',
      tags: ['Settings'],
      summary: 'The checklist templates, one per shipment type and direction (admins)',
      middleware: adminOnly,
      responses: { 200: json(z.array(checklistTemplateSchema), 'The templates'), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await listTemplates(db), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings/checklist-templates/{type}/{direction}',
      operationId: 'setChecklistTemplate',
      tags: ['Settings'],
      summary: "Replace one template's documents, in order (admins; audited). New shipments copy it; existing ones keep theirs.",
      middleware: adminOnly,
      request: { params: templateKeyParams, body: { content: { 'application/json': { schema: templateInputSchema } }, required: true } },
      responses: { 200: json(checklistTemplateSchema, 'The template'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const { type, direction } = c.req.valid('param');
      return c.json(await setTemplate(db, actorOf(c), type, direction, c.req.valid('json').items), 200);
    },
  );

  return app;
}
