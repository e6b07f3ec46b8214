import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './db-type';

/** Transaction-local settings (`set_config(name, value, true)`), applied in order. */
export type Settings = Readonly<Record<string, string>>;
type Runner = <T>(settings: Settings, fn: (db: Db) => Promise<T>) => Promise<T>;

const runners = new WeakMap<Db, Runner>();

/**
 * Runs `fn` in one read-only transaction that first applies `settings` (a customer's scope: the company and the role,
 * customer-scope.ts). On a PostgreSQL server opened by `openPostgres` it takes one round trip to start (decision record
 * 0298); elsewhere (the embedded database, where a round trip is a function call) it is Drizzle's own transaction.
 */
export function readOnly<T>(db: Db, settings: Settings, fn: (db: Db) => Promise<T>): Promise<T> {
  const runner = runners.get(db);
  if (runner) return runner(settings, fn);
  return db.transaction(async (tx) => {
    const configs = Object.entries({ transaction_read_only: 'on', ...settings }).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
    await tx.execute(sql`select ${sql.join(configs, sql`, `)}`);
    // A transaction handle has the same query builder; services take Db (they already accept a Tx where they must).
    return fn(tx as unknown as Db);
  });
}

/**
 * The server's runner: `BEGIN READ ONLY` and the settings go as one simple-protocol message (the values as quoted
 * literals, escaped by node-postgres), then the reads, then `COMMIT`: three round trips where Drizzle's transaction
 * takes four. Each pooled connection keeps one transaction handle (what Drizzle would build anew for every
 * transaction: a session and a query builder per table), so nested transactions still become savepoints and
 * `readTogether` still runs the reads one after another.
 */
export function registerPostgresReadOnly(db: Db, pool: pg.Pool): void {
  const inner = db as unknown as { dialect: ConstructorParameters<typeof NodePgSession>[1]; session: { schema: never; options: never } };
  const handles = new WeakMap<pg.PoolClient, Db>();
  const handleOf = (conn: pg.PoolClient): Db => {
    let handle = handles.get(conn);
    if (!handle) {
      const session = new NodePgSession(conn, inner.dialect, inner.session.schema, inner.session.options);
      handle = new NodePgTransaction(inner.dialect, session, inner.session.schema) as unknown as Db;
      handles.set(conn, handle);
    }
    return handle;
  };
  runners.set(db, async (settings, fn) => {
    const conn = await pool.connect();
    let broken: Error | undefined;
    try {
      const configs = Object.entries(settings).map(([name, value]) => `set_config(${conn.escapeLiteral(name)}, ${conn.escapeLiteral(value)}, true)`);
      await conn.query(configs.length > 0 ? `begin read only; select ${configs.join(', ')}` : 'begin read only');
      const result = await fn(handleOf(conn));
      await conn.query('commit');
      return result;
    } catch (e) {
      await conn.query('rollback').catch((err: Error) => {
        broken = err;
      });
      throw e;
    } finally {
      // A connection that could not even roll back is closed, not handed to the next request.
      conn.release(broken);
    }
  });
}
