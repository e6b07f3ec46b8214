/**
 * The read-only transaction a customer's reads run in (read-only.ts, decision record 0298), on the suite's engine: the
 * settings hold inside and are gone after, a write is refused, a nested transaction is a savepoint, independent reads
 * still run one after another, a value with a quote is a value (not SQL), and a failed read leaves the connection
 * clean for the next request.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@tests/helpers/test-app';
import type { Database } from './client';
import { readOnly } from './read-only';
import { readTogether } from './customer-scope';

let database: Database & { dropped: () => Promise<void> };

beforeAll(async () => {
  // One connection on PostgreSQL: the connection a failed read used is the next read's.
  database = await freshDatabase({ from: 'seeded', max: 1 });
});
afterAll(async () => {
  await database?.dropped();
});

type Seen = { company: string | null; who: string; ro: string };
const seen = sql`select current_setting('app.company_id', true) as company, current_user as who, current_setting('transaction_read_only') as ro`;
const row = async (db: Database['db']) => (await db.execute<Seen>(seen)).rows[0]!;

describe('a read-only scope', () => {
  it('applies its settings inside, read-only, and leaves nothing behind', async () => {
    const before = await row(database.db);
    const inside = await readOnly(database.db, { 'app.company_id': 'c-1', role: 'cargodesk_customer' }, (db) => row(db));
    expect(inside).toEqual({ company: 'c-1', who: 'cargodesk_customer', ro: 'on' });
    // Once a session has set a custom setting, PostgreSQL reads it back as '' rather than null.
    const after = await row(database.db);
    expect({ ...after, company: after.company || null }).toEqual({ ...before, company: before.company || null });
    expect(after.who).not.toBe('cargodesk_customer');
  });

  it('refuses a write', async () => {
    await expect(readOnly(database.db, { 'app.company_id': 'c-1' }, (db) => db.execute(sql`update users set full_name = full_name`))).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '25006' }),
    });
    // The connection went back clean: the next read is neither read-only nor scoped.
    expect(await row(database.db)).toMatchObject({ ro: 'off' });
  });

  it('takes a value with quotes and backslashes as a value', async () => {
    const odd = `x'); drop table users; --\\'`;
    expect(await readOnly(database.db, { 'app.company_id': odd }, (db) => row(db))).toMatchObject({ company: odd });
    expect((await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]!.n).toBeGreaterThan(0);
  });

  it('makes a nested transaction a savepoint and runs independent reads one after another', async () => {
    const [a, b, nested] = await readOnly(database.db, { 'app.company_id': 'c-2' }, (db) =>
      readTogether(db, [() => row(db), () => row(db), () => db.transaction((tx) => row(tx as unknown as Database['db']))] as const),
    );
    expect([a.company, b.company, nested.company]).toEqual(['c-2', 'c-2', 'c-2']);
  });

  it('after a failed read, the next scope on the same connection starts clean', async () => {
    await expect(readOnly(database.db, { 'app.company_id': 'c-3' }, (db) => db.execute(sql`select 1/0`))).rejects.toThrow();
    expect(await readOnly(database.db, { 'app.company_id': 'c-4' }, (db) => row(db))).toEqual({ company: 'c-4', who: expect.any(String), ro: 'on' });
    expect(await row(database.db)).toMatchObject({ ro: 'off' });
  });
});
