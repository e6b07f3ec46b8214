/**
 * The embedded database runs in this thread and its calls settle as promise jobs: a chain of them (a job's reminders,
 * a digest per person) would run to its end without the event loop reading one request (15 s at 100,000 shipments).
 * Each call that takes its connection waits in line, then lets the event loop take a turn (decision records 0288 and
 * 0301): timers and sockets are served between any two calls, also when many are made at once. On PostgreSQL every
 * call is a socket round trip, so the same holds by nature.
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

/** Counts the event loop's turns (setImmediate) from now until `stop()`. */
function turnCounter(): { turns: () => number; stop: () => void } {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    turns: () => turns,
    stop: () => {
      done = true;
    },
  };
}

/** Runs `calls` one after another and counts the event loop's turns that happened before the last ended. */
async function turnsDuring(calls: number, call: () => Promise<unknown>): Promise<{ turns: number; calls: number }> {
  const counter = turnCounter();
  for (let i = 0; i < calls; i++) await call();
  counter.stop();
  return { turns: counter.turns(), calls };
}

describe('a chain of database calls', () => {
  it('lets the event loop take turns between the calls: queries, transactions and prepared reads', async () => {
    const queries = await turnsDuring(100, () => database.db.execute(sql`select 1`));
    const transactions = await turnsDuring(50, () => database.db.transaction(async (tx) => tx.execute(sql`select 1`)));
    const prepared = await turnsDuring(50, () => database.prepared({ name: 'test_turns', text: 'select 1 as one' }, []));
    // A turn at least every other call (one per call on the embedded database); before, none until the chain ended.
    for (const run of [queries, transactions, prepared]) expect(run.turns).toBeGreaterThanOrEqual(run.calls / 2);
  });

  it('lets the event loop take turns between calls made at once, each in the order it was made', async () => {
    // 32 requests at once each wait for the one connection. Handed it one after another as promise jobs, they all ran
    // in one turn, and a request arriving meanwhile was not read until the last had ended (decision record 0301).
    const counter = turnCounter();
    const started: number[] = [];
    const order: number[] = [];
    const calls = Array.from({ length: 40 }, (_, i) =>
      (i % 2 === 0 ? database.db.execute(sql`select ${i}::int as i`) : database.prepared<{ i: number }>({ name: 'test_turns_at_once', text: 'select $1::int as i' }, [String(i)])).then((r) => {
        const rows = 'rows' in r ? r.rows : r;
        order.push(Number((rows[0] as { i: number }).i));
        started.push(counter.turns());
      }),
    );
    await Promise.all(calls);
    counter.stop();
    const all = Array.from({ length: 40 }, (_, i) => i);
    if (database.kind === 'pglite') {
      expect(order).toEqual(all);
      // Each call ended in a later turn than the one before it.
      for (let i = 1; i < started.length; i++) expect(started[i]).toBeGreaterThan(started[i - 1]!);
    } else {
      // A pool's connections answer in any order, each answer a socket read of its own turn.
      expect([...order].sort((a, b) => a - b)).toEqual(all);
      expect(counter.turns()).toBeGreaterThan(0);
    }
  });

  it('keeps serving calls made at once after one of them fails', async () => {
    const results = await Promise.allSettled([
      database.db.execute(sql`select 1 as one`),
      database.db.execute(sql`select * from no_such_table`),
      database.db.execute(sql`select 3 as three`),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
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
