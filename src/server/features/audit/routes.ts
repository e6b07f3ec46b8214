import { msg } from '@domain/common/i18n';
import { createRoute } from '@hono/zod-openapi';
import type { Db } from '@server/db/client';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import { auditQuerySchema, auditRowSchema } from '@domain/audit/schema';
import { pageSchema } from '@domain/common/list-schema';
import { listAudit } from '@server/audit/audit-log';

export function auditRoutes(db: Db) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/audit',
      operationId: 'listAuditEntries',
      tags: ['Audit'],
      summary: 'The audit log, newest first (admins)',
      description: 'Sign-ins, failed sign-ins, password changes, staff changes and document uploads, deletions and downloads: who, what, when, from which address.',
      middleware: [requirePermission('audit:read', msg('Only administrators can read the audit log.'))] as const,
      request: { query: auditQuerySchema },
      responses: {
        200: { description: 'One page of entries', content: { 'application/json': { schema: pageSchema(auditRowSchema) } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listAudit(db, c.req.valid('query')), 200),
  );
  return app;
}
