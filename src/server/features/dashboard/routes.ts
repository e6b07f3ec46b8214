import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '../../db/client';
import { createRouter, errorResponses } from '../../http/openapi';
import { customerCompanyId } from '../../policy';
import { forbidden } from '../../http/errors';
import { getQuickStats } from './service';

export function dashboardRoutes(db: Db) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/dashboard/quick-stats',
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
      if (user.role !== 'customer') throw forbidden('Quick stats are shown to customers only.');
      return c.json(await getQuickStats(db, customerCompanyId(user)), 200);
    },
  );
  return app;
}
