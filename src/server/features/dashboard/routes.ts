import { msg } from '@domain/common/i18n';
import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '@server/db/client';
import { withCustomerScope } from '@server/db/customer-scope';
import { createRouter, errorResponses } from '@server/http/openapi';
import { assertCan, customerCompanyId } from '@server/policy';
import { getQuickStats } from './service';
import { dashboardSchema, typeAnalyticsQuerySchema, typeAnalyticsSchema } from '@domain/analytics/schema';
import { requirePermission } from '@server/policy';
import { getTypeAnalytics } from './analytics';
import { getDashboard } from './dashboards';

export function dashboardRoutes(db: Db) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/dashboard/quick-stats',
      operationId: 'getQuickStats',
      tags: ['Dashboard'],
      summary: "Customer sidebar Quick Stats (Today's Shipments, Pending)",
      responses: {
        200: {
          description: 'Counts for the customer company',
          content: { 'application/json': { schema: z.object({ today: z.number().int(), pending: z.number().int() }) } },
        },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const user = c.get('user');
      assertCan(user, 'dashboard:quick_stats', msg('Quick stats are shown to customers only.'));
      return c.json(await withCustomerScope(db, user, (db) => getQuickStats(db, customerCompanyId(user))), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/dashboard',
      operationId: 'getDashboard',
      tags: ['Dashboard'],
      summary: "The signed-in user's dashboard (admin: finance and shipments; handler: own shipments; customer: company)",
      responses: {
        200: { description: 'Dashboard figures, aggregated in SQL', content: { 'application/json': { schema: dashboardSchema } } },
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const user = c.get('user');
      return c.json(await withCustomerScope(db, user, (db) => getDashboard(db, user)), 200);
    },
  );

  app.use('/analytics/*', requirePermission('analytics:read'));
  app.openapi(
    createRoute({
      method: 'get',
      path: '/analytics/shipments',
      operationId: 'getShipmentAnalytics',
      tags: ['Dashboard'],
      summary: 'Cards and charts of a per-type shipments page',
      request: { query: typeAnalyticsQuerySchema },
      responses: {
        200: { description: 'Figures for one shipment type', content: { 'application/json': { schema: typeAnalyticsSchema } } },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await getTypeAnalytics(db, c.req.valid('query').type), 200),
  );
  return app;
}
