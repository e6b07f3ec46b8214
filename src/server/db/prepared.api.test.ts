/**
 * Prepared reads (decision record 0286), on the suite's engine: the answer's types as `query` gives them, the same
 * statement again with other parameters, a refused statement that leaves the connection usable and is parsed again
 * once mended, and (on the embedded database's one connection) a read that waits for another caller's transaction
 * instead of running inside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@tests/helpers/test-app';
import type { Database } from './client';
import type { PreparedStatement } from './prepared';

let database: Database & { dropped: () => Promise<void> };

beforeAll(async () => {
  database = await freshDatabase({ from: 'seeded' });
});
afterAll(async () => {
  await database?.dropped();
});

type UserRow = { id: string; email: string; role: string | null; created_at: Date; two_factor_enabled: boolean; n: number };
const USER_BY_EMAIL: PreparedStatement = {
  name: 'test_user_by_email',
  text: `select id, email, role, created_at, two_factor_enabled, length(email)::int as n from users where email = $1`,
};

describe('a prepared read', () => {
  it('answers with the types a query gives, again and again with other parameters', async () => {
    const [admin] = await database.prepared<UserRow>(USER_BY_EMAIL, ['admin@cargodesk.test']);
    expect(admin).toMatchObject({ email: 'admin@cargodesk.test', role: 'admin', two_factor_enabled: false, n: 20 });
    expect(admin!.created_at).toBeInstanceOf(Date);
    const [customer] = await database.prepared<UserRow>(USER_BY_EMAIL, ['customer@cargodesk.test']);
    expect(customer).toMatchObject({ email: 'customer@cargodesk.test', role: 'customer', n: 23 });
    expect(await database.prepared(USER_BY_EMAIL, ['nobody@cargodesk.test'])).toEqual([]);
    expect(await database.prepared(USER_BY_EMAIL, [null])).toEqual([]);
    // The same rows as the plain query's.
    const plain = await database.transaction('snapshot', (q) => q.query<UserRow>(`select id from users where email = $1`, ['admin@cargodesk.test']));
    expect(admin!.id).toBe(plain.rows[0]!.id);
  });

  it('rejects with the database error, leaves the connection usable, and parses a statement refused before once it can', async () => {
    const later: PreparedStatement = { name: 'test_later_table', text: 'select count(*)::int as n from prepared_later' };
    await expect(database.prepared(later, [])).rejects.toMatchObject({ code: '42P01' });
    await expect(database.prepared(USER_BY_EMAIL, ['admin@cargodesk.test'])).resolves.toHaveLength(1);
    await database.transaction('write', (q) => q.query('create table prepared_later (id int)'));
    await expect(database.prepared(later, [])).resolves.toEqual([{ n: 0 }]);
    // A bad parameter for a parsed statement: refused, and the statement still answers.
    const byId: PreparedStatement = { name: 'test_user_by_id', text: 'select email from users where id = $1' };
    await expect(database.prepared(byId, ['not-a-uuid'])).rejects.toMatchObject({ code: '22P02' });
    const [{ id }] = (await database.prepared<UserRow>(USER_BY_EMAIL, ['admin@cargodesk.test'])) as [UserRow];
    await expect(database.prepared(byId, [id])).resolves.toEqual([{ email: 'admin@cargodesk.test' }]);
  });

  it("never sees another caller's transaction before it commits", async () => {
    const count: PreparedStatement = { name: 'test_pending_count', text: `select count(*)::int as n from users where email = 'pending@cargodesk.test'` };
    let committed = false;
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const writing = database.transaction('write', async (q) => {
      await q.query(`insert into users (id, full_name, email, email_verified, role, created_at, updated_at)
        values (gen_random_uuid(), 'Pending', 'pending@cargodesk.test', true, 'export', now(), now())`);
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }).then(() => (committed = true));
    await insertedYet;
    const [seen] = await database.prepared<{ n: number }>(count, []);
    // PostgreSQL: another connection, the row not yet visible. The embedded database: its one connection waits for the commit.
    expect(seen!.n === 0 || committed).toBe(true);
    expect(seen!.n).toBe(database.kind === 'pglite' ? 1 : 0);
    await writing;
    expect(await database.prepared(count, [])).toEqual([{ n: 1 }]);
  });
});
