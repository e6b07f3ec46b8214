import { z } from 'zod';
import { JOB_NAMES } from './jobs';

export * from './jobs';

const when = z.string().nullable();

export const jobQueueSchema = z.object({
  name: z.enum(JOB_NAMES),
  /** The queue exists: a worker has started with this job (ECB rates only where ECB_RATES_URL is set). */
  active: z.boolean(),
  waiting: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  last_completed_at: when,
  last_failed_at: when,
});

export const failedJobSchema = z.object({
  id: z.uuid(),
  name: z.enum(JOB_NAMES),
  failed_at: z.string(),
  attempts: z.number().int(),
  error: z.string(),
});

export const jobsOverviewSchema = z.object({ queues: z.array(jobQueueSchema), failures: z.array(failedJobSchema) });
export type JobQueueRow = z.infer<typeof jobQueueSchema>;
export type FailedJob = z.infer<typeof failedJobSchema>;
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobNameParamSchema = z.object({ name: z.enum(JOB_NAMES) });
export const jobIdParamSchema = z.object({ name: z.enum(JOB_NAMES), id: z.uuid() });
