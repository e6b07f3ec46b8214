/**
 * The embedded database runs in this thread and its calls settle as promise jobs: a chain of them (a job's reminders,
 * a digest per person) would run to its end without the event loop reading one request (15 s at 100,000 shipments).
 * Each call that takes its connection first lets the event loop take a turn (decision record 0288): timers and sockets
 * are served between any two calls. On PostgreSQL every call is a socket round trip, so the same holds by nature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '@tests/helpers/test-app';
import type { Database } from './client';

let database: Database & { dropped: () => Promise<void> };

beforeAll(async () => {
  database = await freshDatabase({ from: 'seeded' });
});
afterAll(async () => {
  await database?.dropped();
});

/** Runs `calls` one after another and counts the event loop's turns (setImmediate) that happened before the last ended. */
async function turnsDuring(calls: number, call: () => Promise<unknown>): Promise<{ turns: number; calls: number }> {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  for (let i = 0; i < calls; i++) await call();
  done = true;
  return { turns, calls };
}

describe('a chain of database calls', () => {
  it('lets the event loop take turns between the calls: queries, transactions and prepared reads', async () => {
    const queries = await turnsDuring(100, () => database.db.execute(sql`select 1`));
    const transactions = await turnsDuring(50, () => database.db.transaction(async (tx) => tx.execute(sql`select 1`)));
    const prepared = await turnsDuring(50, () => database.prepared({ name: 'test_turns', text: 'select 1 as one' }, []));
    // A turn at least every other call (one per call on the embedded database); before, none until the chain ended.
    for (const run of [queries, transactions, prepared]) expect(run.turns).toBeGreaterThanOrEqual(run.calls / 2);
  });

  it('serves a timer due during a long chain of calls, not after it', async () => {
    const due = performance.now() + 20;
    let late: number | null = null;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        late = performance.now() - due;
        resolve();
      }, 20),
    );
    const started = performance.now();
    // About a second of back-to-back reads.
    while (performance.now() - started < 1000) await database.db.execute(sql`select count(*) from pg_class`);
    await timer;
    expect(late).not.toBeNull();
    expect(late!).toBeLessThan(250);
  });
});
