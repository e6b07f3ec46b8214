import { createRoute, z } from '@hono/zod-openapi';
import {
  attachmentSchema, messageInputSchema, messageSchema, threadListQuerySchema, threadListSchema, threadQuerySchema, threadSchema, unreadCountSchema,
  type SubjectKind,
} from '@domain/messages/schema';
import { UPLOAD_NAME_HEADER } from '@domain/documents/schema';
import { createRouter, errorResponses } from '@server/http/openapi';
import { actorOf } from '@server/http/context';
import { requirePermission } from '@server/policy';
import type { FeatureDeps } from '@server/features/deps';
import type { Logger } from '@server/logger';
import { getThread, listThreads, unreadThreads } from './read';
import { markThreadRead, postMessage } from './service';
import { attachToMessage, attachToRequest } from './attachments';

const TAGS = ['Messages'];
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '7b0f8a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }) });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const rawFile = {
  headers: z.object({ [UPLOAD_NAME_HEADER.toLowerCase()]: z.string().optional().openapi({ example: 'Packing%20list.pdf' }) }),
  body: { content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } }, required: true },
};
const UPLOAD_RULES = `The raw file is the body, its original name URL-encoded in ${UPLOAD_NAME_HEADER}; the document rules apply (type by extension and content: 415; under 100 MB: 413; nothing kept on a refusal).`;

/** The conversation on shipments and requests, and files on requests (issue 15, decision record 0235). */
export function messageRoutes(deps: FeatureDeps) {
  const { db } = deps;
  const app = createRouter();
  const mailDeps = (req: Request) => ({ publicUrl: deps.linkBase(req), linkSecret: deps.linkSecret, windowSeconds: deps.messageMailWindowSeconds });
  const uploadDeps = (c: { get: (k: 'log') => Logger; req: { raw: Request } }) => ({
    db, storage: deps.storage, log: c.get('log'), notices: { publicUrl: deps.linkBase(c.req.raw), linkSecret: deps.linkSecret },
  });

  const subjects: { kind: SubjectKind; base: string; name: string; missing: string }[] = [
    { kind: 'shipment', base: '/shipments/{id}', name: 'Shipment', missing: 'a shipment the caller may not read' },
    { kind: 'request', base: '/requests/{id}', name: 'Request', missing: 'a request the caller may not read' },
  ];
  for (const s of subjects) {
    app.openapi(
      createRoute({
        method: 'get',
        path: `${s.base}/messages`,
        operationId: `get${s.name}Messages`,
        tags: TAGS,
        summary: `The ${s.kind}’s conversation, oldest first (the newest 200; before= for older)`,
        description: `A customer reads their company’s ${s.kind}s only and never an internal note; 404 for ${s.missing}.`,
        middleware: [requirePermission('messages:read')] as const,
        request: { params: idParam, query: threadQuerySchema },
        responses: { 200: json(threadSchema, 'The thread'), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) => c.json(await getThread(db, c.get('user'), s.kind, c.req.valid('param').id, c.req.valid('query').before), 200),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: `${s.base}/messages`,
        operationId: `post${s.name}Message`,
        tags: TAGS,
        summary: `Write a message on the ${s.kind} (staff: internal: true for a note only staff read)`,
        description: 'Mails the other side through the outbox, by their choices; messages to one person within five minutes go out as one mail.',
        middleware: [requirePermission('messages:write')] as const,
        request: { params: idParam, body: { content: { 'application/json': { schema: messageInputSchema } }, required: true } },
        responses: { 201: json(messageSchema, 'The message'), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) => c.json(await postMessage(db, actorOf(c), s.kind, c.req.valid('param').id, c.req.valid('json'), mailDeps(c.req.raw)), 201),
    );
    app.openapi(
      createRoute({
        method: 'post',
        path: `${s.base}/messages/read`,
        operationId: `read${s.name}Messages`,
        tags: TAGS,
        summary: `Mark the ${s.kind}’s conversation read up to now`,
        middleware: [requirePermission('messages:read')] as const,
        request: { params: idParam },
        responses: { 204: { description: 'Read' }, ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        await markThreadRead(db, c.get('user'), s.kind, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/messages/{id}/attachments',
      operationId: 'attachToMessage',
      tags: TAGS,
      summary: 'Attach a file to one’s own message, within 15 minutes of writing it (at most 5)',
      description: UPLOAD_RULES,
      middleware: [requirePermission('messages:write')] as const,
      request: { params: idParam, ...rawFile },
      responses: { 201: json(attachmentSchema, 'The attached file'), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    }),
    async (c) => {
      const upload = { encodedName: c.req.header(UPLOAD_NAME_HEADER), contentLength: c.req.header('content-length'), body: c.req.raw.body };
      return c.json(await attachToMessage(uploadDeps(c), actorOf(c), c.req.valid('param').id, upload), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/requests/{id}/attachments',
      operationId: 'attachToRequest',
      tags: ['Requests and quotes'],
      summary: 'Add a file to a request (customers while it is open, staff at any time; at most 10)',
      description: UPLOAD_RULES,
      middleware: [requirePermission('requests:attach')] as const,
      request: { params: idParam, ...rawFile },
      responses: { 201: json(attachmentSchema, 'The attached file'), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    }),
    async (c) => {
      const upload = { encodedName: c.req.header(UPLOAD_NAME_HEADER), contentLength: c.req.header('content-length'), body: c.req.raw.body };
      return c.json(await attachToRequest(uploadDeps(c), actorOf(c), c.req.valid('param').id, upload), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/threads',
      operationId: 'listThreads',
      tags: TAGS,
      summary: 'The conversations I follow, latest first (at most 50), with the number unread',
      description: 'A customer: their company’s threads. Staff: the threads of what they handle and those they have read or written in.',
      middleware: [requirePermission('messages:read')] as const,
      request: { query: threadListQuerySchema },
      responses: { 200: json(threadListSchema, 'The threads'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listThreads(db, c.get('user'), c.req.valid('query').unread === 'true'), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/threads/unread',
      operationId: 'countUnreadThreads',
      tags: TAGS,
      summary: 'How many of my conversations hold a message I have not read (the sidebar’s count)',
      middleware: [requirePermission('messages:read')] as const,
      responses: { 200: json(unreadCountSchema, 'The count'), ...errorResponses(401, 403) },
    }),
    async (c) => c.json({ unread: await unreadThreads(db, c.get('user')) }, 200),
  );
  return app;
}
