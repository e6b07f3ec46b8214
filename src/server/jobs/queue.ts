import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type ConstructorOptions } from 'pg-boss';
import { JOBS, JOB_NAMES, type JobName } from '@domain/jobs/jobs';
import type { Database, Tx } from '@server/db/client';
import type { Logger } from '@server/logger';

/** A periodic job's work: the task of a `JOBS` entry (domain/jobs/jobs.ts). */
export type JobSpec = { name: JobName; run: () => Promise<unknown> };

/**
 * The background work's queue (issue 44, decision record 0285): pg-boss on the portal's own database, PostgreSQL or
 * the embedded PGlite alike, in the schema `pgboss`. A worker instance (`INSTANCE_ROLE` worker or both) creates each
 * job's queue, schedules it (cron, UTC), works it and runs it once at start; a web instance opens the same queue only
 * when an admin reads or retries it (/jobs).
 */
export type JobQueue = {
  /** The started queue (started on first use where this instance works no job). */
  boss: () => Promise<PgBoss>;
  /** The jobs this portal runs (ECB rates only where ECB_RATES_URL is set). */
  names: readonly JobName[];
  /** Sends a run of `name` inside the caller's transaction: it exists only if the transaction commits. */
  sendIn: (tx: Tx, name: JobName, data?: object) => Promise<string | null>;
  /** Stops working and scheduling, waiting up to 20 s for runs in progress (SIGTERM), then closes its connections. */
  stop: () => Promise<void>;
};

/** Each job's queue: one queued and one running at most (`stately`), retried three times with backoff. */
const QUEUE_OPTIONS = {
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 15 * 60,
  expireInSeconds: 30 * 60,
  // Runs are kept a day (the digests' queue runs 1,440 times a day), failures a week.
  deleteAfterSeconds: 24 * 60 * 60,
} as const;

/** How often an idle worker asks for a job: a run sent from the jobs page starts within this. */
const POLLING_SECONDS = 2;

export function jobQueue(
  database: Database,
  logger: Logger,
  o: { specs: readonly JobSpec[]; work: boolean; names?: readonly JobName[] },
): JobQueue {
  const names = o.names ?? o.specs.map((s) => s.name);
  let started: Promise<PgBoss> | undefined;
  let stopped = false;

  const start = async (): Promise<PgBoss> => {
    const options: ConstructorOptions = {
      ...database.queueConnection,
      schema: 'pgboss',
      // Maintenance (expiry, retention) and the cron scheduler run on working instances only; pg-boss makes each
      // happen once across them.
      supervise: o.work,
      schedule: o.work,
      migrate: true,
      instanceName: o.work ? 'worker' : 'web',
      openTelemetry: { enabled: false },
    };
    const boss = new PgBoss(options);
    boss.on('error', (err) => logger.error({ err: { message: (err as Error).message } }, 'job queue error'));
    await boss.start();
    for (const name of names) await boss.createQueue(name, QUEUE_OPTIONS);
    if (!o.work) return boss;
    for (const name of JOB_NAMES) if (!names.includes(name)) await boss.unschedule(name).catch(() => undefined);
    for (const spec of o.specs) {
      await boss.schedule(spec.name, JOBS[spec.name].cron, null, { tz: 'UTC' });
      await boss.work(spec.name, { pollingIntervalSeconds: POLLING_SECONDS }, async () => {
        try {
          await spec.run();
        } catch (err) {
          logger.error({ err: { message: (err as Error)?.message } }, `${spec.name} failed`);
          throw err;
        }
      });
      // Once now, as at every start before the queue (a run already waiting makes this one nothing: `stately`).
      await boss.send(spec.name, null);
    }
    return boss;
  };

  const boss = () => {
    if (stopped) return Promise.reject(new Error('the job queue is stopped'));
    started ??= start();
    return started;
  };
  if (o.work) {
    boss().catch((err: unknown) => logger.error({ err: { message: (err as Error).message } }, 'job queue failed to start'));
  }

  return {
    boss,
    names,
    sendIn: async (tx, name, data) => (await boss()).send(name, data ?? null, { db: fromDrizzle(tx, sql) }),
    stop: async () => {
      stopped = true;
      const running = await started?.catch(() => undefined);
      await running?.stop({ graceful: true, timeout: 20_000 });
    },
  };
}
