import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type ConstructorOptions } from 'pg-boss';
import { JOBS, JOB_NAMES, isPeriodic, type JobName } from '@domain/jobs/jobs';
import type { Database, Tx } from '@server/db/client';
import type { Logger } from '@server/logger';

/** A job's work: the task of a `JOBS` entry (domain/jobs/jobs.ts), given the data the run was sent with. */
export type JobSpec = { name: JobName; run: (data: unknown) => Promise<unknown> };

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
  /** After the transaction that sent a run committed: a worker of this instance fetches it now, not at its next poll. */
  wake: (name: JobName) => void;
  /** Stops working and scheduling, waiting up to 20 s for runs in progress (SIGTERM), then closes its connections. */
  stop: () => Promise<void>;
};

/** A periodic job's queue: one queued and one running at most (`stately`), retried three times with backoff. */
const PERIODIC_QUEUE = {
  policy: 'stately',
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 15 * 60,
  expireInSeconds: 30 * 60,
  // Ended runs, failed ones too, are kept a day (the digests' queue runs 1,440 times a day): /jobs lists a day's failures.
  deleteAfterSeconds: 24 * 60 * 60,
} as const;
/**
 * Work that arrives (an import's check or commit): each run once, never retried by the queue (the import records its
 * own failure; a run cut off by a crash shows as interrupted, decision 0245), an hour at most.
 */
const ARRIVING_QUEUE = { policy: 'standard', retryLimit: 0, expireInSeconds: 60 * 60, deleteAfterSeconds: 24 * 60 * 60 } as const;

/** How often an idle worker asks for a job: a run sent from the jobs page starts within this. */
const POLLING_SECONDS = 2;

export function jobQueue(
  database: Database,
  logger: Logger,
  o: { specs: readonly JobSpec[]; work: boolean },
): JobQueue {
  const names = o.specs.map((s) => s.name);
  const workers = new Map<JobName, string>();
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
    boss.on('error', (err) => logger.error({ err: { message: err.message } }, 'job queue error'));
    await boss.start();
    for (const name of names) await boss.createQueue(name, isPeriodic(name) ? PERIODIC_QUEUE : ARRIVING_QUEUE);
    if (!o.work) return boss;
    for (const name of JOB_NAMES) if (isPeriodic(name) && !names.includes(name)) await boss.unschedule(name).catch(() => undefined);
    for (const spec of o.specs) {
      const cron = JOBS[spec.name].cron;
      if (cron) await boss.schedule(spec.name, cron, null, { tz: 'UTC' });
      const id = await boss.work(spec.name, { pollingIntervalSeconds: POLLING_SECONDS }, async ([job]) => {
        try {
          await spec.run(job?.data ?? null);
        } catch (err) {
          logger.error({ err: { message: (err as Error)?.message } }, `${spec.name} failed`);
          throw err;
        }
      });
      workers.set(spec.name, id);
      // Once now, as at every start before the queue (a run already waiting makes this one nothing: `stately`).
      if (cron) await boss.send(spec.name, null);
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
    wake: (name) => {
      const id = workers.get(name);
      if (id) void started?.then((b) => b.notifyWorker(id));
    },
    stop: async () => {
      stopped = true;
      const running = await started?.catch(() => undefined);
      await running?.stop({ graceful: true, timeout: 20_000 });
    },
  };
}
