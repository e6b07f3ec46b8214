/**
 * The job queue (issue 44, decision record 0285) on the test's own database, PGlite or PostgreSQL: a worker runs each
 * job once at start, logs and retries a failure, and stops gracefully; a run sent inside a transaction exists only if
 * that transaction commits.
 */
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@tests/helpers/test-app';
import type { Database } from '@server/db/client';
import { jobQueue, type JobQueue } from './queue';

let database: Database & { dropped: () => Promise<void> };
beforeAll(async () => {
  database = await freshDatabase({ from: 'migrated' });
});
afterAll(async () => database?.dropped());

function captureLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as { level: number; msg: string }) });
  return { logger, lines };
}

const until = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const jobRows = async (name: string) =>
  (await database.db.execute<{ state: string; n: number }>(sql`select state, count(*)::int as n from pgboss.job where name = ${name} group by state order by state`)).rows;

describe('the job queue', () => {
  let queue: JobQueue | undefined;
  afterAll(async () => queue?.stop());

  it('runs each job once at start, logs a failure and keeps it for a retry, and runs a run sent in a committed transaction only', async () => {
    const { logger, lines } = captureLogger();
    let pruned = 0;
    queue = jobQueue(database, logger, {
      work: true,
      specs: [
        { name: 'rate-limit-prune', run: async () => void pruned++ },
        { name: 'digest-prune', run: () => Promise.reject(new Error('the database said no')) },
      ],
    });
    await until(() => pruned === 1);
    await until(() => lines.some((l) => l.msg === 'digest-prune failed'));
    expect(lines.find((l) => l.msg === 'digest-prune failed')?.level).toBe(50);
    // The failed run waits for its retry with backoff (three retries), not lost.
    await until(async () => (await jobRows('digest-prune')).some((r) => r.state === 'retry'));
    // Scheduled by cron, in UTC, as the jobs list says.
    const schedules = await (await queue.boss()).getSchedules('rate-limit-prune');
    expect(schedules.map((s) => [s.cron, s.options?.tz ?? s.timezone])).toEqual([['20 * * * *', 'UTC']]);

    // A run sent inside a transaction that rolls back never exists, and never runs.
    const before = await jobRows('rate-limit-prune');
    await expect(
      database.db.transaction(async (tx) => {
        expect(await queue!.sendIn(tx, 'rate-limit-prune')).toMatch(/^[0-9a-f-]{36}$/);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await jobRows('rate-limit-prune')).toEqual(before);
    expect(pruned).toBe(1);
    // The same send in a transaction that commits runs once.
    await database.db.transaction(async (tx) => void (await queue!.sendIn(tx, 'rate-limit-prune')));
    await until(() => pruned === 2);
  }, 60_000);

  it('stops gracefully: a run in progress ends before stop resolves', async () => {
    await queue?.stop();
    const { logger } = captureLogger();
    let started = false;
    let finished = false;
    queue = jobQueue(database, logger, {
      work: true,
      specs: [
        {
          name: 'orphan-sweep',
          run: async () => {
            started = true;
            await new Promise((r) => setTimeout(r, 1_500));
            finished = true;
          },
        },
      ],
    });
    await until(() => started);
    await queue.stop();
    expect(finished).toBe(true);
    expect((await jobRows('orphan-sweep')).find((r) => r.state === 'completed')?.n).toBe(1);
  }, 60_000);
});
