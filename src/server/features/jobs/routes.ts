import { createRoute, z } from '@hono/zod-openapi';
import { msg } from '@domain/common/i18n';
import { jobIdParamSchema, jobNameParamSchema, jobsOverviewSchema } from '@domain/jobs/schema';
import { actorOf } from '@server/http/context';
import { createRouter, errorResponses } from '@server/http/openapi';
import { requirePermission } from '@server/policy';
import type { FeatureDeps } from '../deps';
import { jobsOverview, retryJob, runJobNow } from './service';

const TAGS = ['Background jobs'];
const manage = requirePermission('jobs:manage', msg('Only administrators can see and run background jobs.'));

/** The background jobs (issue 44, decision record 0285): each queue, its failures, a run now and a retry (admins). */
export function jobRoutes({ db, jobs }: FeatureDeps) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/jobs',
      operationId: 'listJobQueues',
      tags: TAGS,
      summary: "The background jobs' queues and their newest failures (admins)",
      description: 'Per job: runs waiting, running and failed, the last completed and failed run; then up to 50 failed runs, newest first, with the error each ended on.',
      middleware: [manage] as const,
      responses: {
        200: { description: 'The queues and failures', content: { 'application/json': { schema: jobsOverviewSchema } } },
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await jobsOverview(db, jobs), 200),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/jobs/{name}/run',
      operationId: 'runJobNow',
      tags: TAGS,
      summary: 'Run a background job now (admins)',
      description: 'Queues one run of the job, written with its audit entry in one transaction. One run waits at a time: a second is a 409.',
      middleware: [manage] as const,
      request: { params: jobNameParamSchema },
      responses: {
        202: { description: 'The run is queued', content: { 'application/json': { schema: z.object({ id: z.string() }) } } },
        ...errorResponses(400, 401, 403, 409),
      },
    }),
    async (c) => c.json(await runJobNow(db, jobs, c.req.valid('param').name, actorOf(c)), 202),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/jobs/{name}/{id}/retry',
      operationId: 'retryFailedJob',
      tags: TAGS,
      summary: 'Retry a failed run (admins)',
      description: 'Queues the failed run again with its attempts reset; audited.',
      middleware: [manage] as const,
      request: { params: jobIdParamSchema },
      responses: {
        204: { description: 'The run is queued again' },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { name, id } = c.req.valid('param');
      await retryJob(db, jobs, name, id, actorOf(c));
      return c.body(null, 204);
    },
  );
  return app;
}
