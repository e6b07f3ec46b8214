import { sql } from 'drizzle-orm';
import { msg } from '@domain/common/i18n';
import { FAILURES_SHOWN, JOB_NAMES, isPeriodic, type JobName, type JobsOverview } from '@domain/jobs/schema';
import type { Db } from '@server/db/client';
import { recordAudit } from '@server/audit/audit-log';
import type { Actor } from '@server/http/context';
import { conflict, notFound } from '@server/http/errors';
import type { JobQueue } from '@server/jobs/queue';
import { isoOrNull, isoTime } from '@server/db/times';

const names = sql.join(JOB_NAMES.map((n) => sql`${n}`), sql`, `);

/**
 * Each job's queue and the newest failed runs (issue 44, decision record 0285), read from pg-boss's job table: its
 * counts per state and last runs in one statement, the failures with the error they ended on.
 */
export async function jobsOverview(db: Db, jobs: JobQueue): Promise<JobsOverview> {
  await jobs.boss();
  const counts = await db.execute<{ name: JobName; waiting: number; running: number; failed: number; last_completed_at: Date | null; last_failed_at: Date | null }>(sql`
    select name,
      count(*) filter (where state in ('created', 'retry'))::int as waiting,
      count(*) filter (where state = 'active')::int as running,
      count(*) filter (where state = 'failed')::int as failed,
      max(completed_on) filter (where state = 'completed') as last_completed_at,
      max(completed_on) filter (where state = 'failed') as last_failed_at
    from pgboss.job where name in (${names}) group by name order by name`);
  const byName = new Map(counts.rows.map((r) => [r.name, r]));
  const failures = await db.execute<{ id: string; name: JobName; failed_at: Date; retry_count: number; error: string | null }>(sql`
    select id, name, completed_on as failed_at, retry_count, output->>'message' as error
    from pgboss.job where state = 'failed' and name in (${names})
    order by completed_on desc, id limit ${FAILURES_SHOWN}`);
  return {
    queues: JOB_NAMES.map((name) => {
      const r = byName.get(name);
      return {
        name,
        active: jobs.names.includes(name),
        waiting: r?.waiting ?? 0,
        running: r?.running ?? 0,
        failed: r?.failed ?? 0,
        last_completed_at: isoOrNull(r?.last_completed_at),
        last_failed_at: isoOrNull(r?.last_failed_at),
      };
    }),
    failures: failures.rows.map((r) => ({ id: r.id, name: r.name, failed_at: isoTime(r.failed_at), attempts: r.retry_count + 1, error: r.error ?? '' })),
  };
}

/** Runs a job now: the audit row and the queued run commit together, or neither does. */
export async function runJobNow(db: Db, jobs: JobQueue, name: JobName, actor: Actor): Promise<{ id: string }> {
  if (!jobs.names.includes(name)) throw conflict(msg('This job is not set up on this portal.'));
  if (!isPeriodic(name)) throw conflict(msg('This job runs when its work arrives, not by hand.'));
  await jobs.boss();
  return db.transaction(async (tx) => {
    await recordAudit(tx, { action: 'settings.job_run', actor: actor.user, target: name, ip: actor.ip });
    const id = await jobs.sendIn(tx, name);
    // One run waits at a time (the queue is `stately`): a second is refused and the audit row goes with it.
    if (!id) throw conflict(msg('A run of this job is already waiting.'));
    return { id };
  });
}

/** Queues a failed run again (pg-boss's retry), audited. */
export async function retryJob(db: Db, jobs: JobQueue, name: JobName, id: string, actor: Actor): Promise<void> {
  const boss = await jobs.boss();
  const failed = await db.execute(sql`select 1 from pgboss.job where name = ${name} and id = ${id} and state = 'failed'`);
  if (failed.rows.length === 0) throw notFound(msg('No failed run of this job has this id.'));
  await boss.retry(name, id);
  await recordAudit(db, { action: 'settings.job_retried', actor: actor.user, target: name, details: { job_id: id }, ip: actor.ip });
}
