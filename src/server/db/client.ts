import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fromPglite, type ConstructorOptions } from 'pg-boss';
import * as schema from './schema';
import { pglitePrepared, type PreparedStatement } from './prepared';
import { registerPostgresReadOnly } from './read-only';
import { SERVER_FILES } from '@server/paths';

import type { Db } from './db-type';
export type { Db };
export type DbKind = 'pglite' | 'postgres';
/** A transaction handle: services take `Db | Tx` so they compose inside one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Plain SQL on one connection (the backup and move tools, src/server/db/backup): text and positional parameters. */
export type SqlRunner = { query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };
/** `snapshot`: one consistent read-only view (repeatable read) while the portal writes on; `write`: all or nothing. */
export type TransactionMode = 'snapshot' | 'write';

export type Database = {
  db: Db;
  kind: DbKind;
  /** Answers true when the database answers a trivial query within the timeout. */
  ping: (timeoutMs?: number) => Promise<boolean>;
  /** Applies the migrations of `folder` (default: this version's) that the database lacks. */
  migrate: (folder?: string) => Promise<void>;
  /** A read as a named prepared statement (./prepared.ts): parsed and planned once per connection. Not inside a transaction. */
  prepared: <T = Record<string, unknown>>(statement: PreparedStatement, params: (string | null)[]) => Promise<T[]>;
  /** Runs `fn` in one transaction on one connection, committed when it resolves, rolled back when it throws. */
  transaction: <T>(mode: TransactionMode, fn: (q: SqlRunner) => Promise<T>) => Promise<T>;
  /** One connection to run statements on in order, e.g. a long load with its own BEGIN and COMMIT (the embedded
   *  database has only one: use this only where nothing else queries it, as in the command-line tools). */
  session: () => Promise<{ q: SqlRunner; release: () => void }>;
  close: () => Promise<void>;
  /** The embedded database's calls (query, exec, transaction) started and not yet ended: others waiting for its one
   *  connection, as seen by a caller whose own call has ended (the import's pauses, decision record 0267). */
  busy?: () => number;
  /**
   * Runs `fn` holding the start-up lock: on a PostgreSQL server a session advisory lock on a connection of its own, so
   * instances starting together migrate and seed one after another (issue 44). Absent for the embedded database, which
   * one process holds alone (its data directory's lock).
   */
  startup?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** The embedded database's data directory as one uncompressed tar (the API suite's template databases). */
  dump?: () => Promise<Uint8Array<ArrayBuffer>>;
  /** Where the job queue (pg-boss, server/jobs/queue.ts) runs: the embedded database's one connection, or a small pool of its own on the server. */
  queueConnection: Pick<ConstructorOptions, 'db' | 'backend' | 'connectionString' | 'max'>;
  /** A PostgreSQL server's connection pool: open, idle and waiting clients (metrics); absent for the embedded database. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

const migrationsFolder = SERVER_FILES.migrations;

/**
 * A dump as PGlite's loader reads it: `arrayBuffer()` and `type`, nothing else. The loader only reads the bytes (it
 * copies each file into its own file system), so the same dump serves every copy without being copied itself.
 */
function tarOf(bytes: Uint8Array<ArrayBuffer>): Blob {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  return { type: 'application/x-tar', arrayBuffer: async () => whole } as Blob;
}

/**
 * The embedded database in `dataDir`, or in memory; `load` starts an in-memory one from a `dump()`. `settings` are
 * PostgreSQL settings for this start: the test suites' many small databases take a smaller buffer cache than the
 * default 128 MB, which a start spends time setting up, and the command-line test's large load a smaller write-ahead
 * log (decision 0292).
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { load?: Uint8Array<ArrayBuffer>; settings?: Record<string, string> } = {},
): Promise<Database> {
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, {
    extensions: { pg_trgm, unaccent },
    ...(options.settings ? { startParams: [...PGlite.defaultStartParams, ...Object.entries(options.settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])] } : {}),
    // PGlite reads the dump with arrayBuffer() (and its type); a Blob would copy it twice more (decision 0292).
    ...(options.load ? { loadDataDir: tarOf(options.load) } : {}),
  });
  // Every call that takes the one connection is counted while it waits and runs (busy()), waits in line for the calls
  // before it, and then lets the event loop take a turn before it runs. PGlite runs in this thread and its calls settle
  // as promise jobs, never through the event loop: a chain of them (a job's 200 reminders, a digest per person) ran to
  // its end while no request was even read, 15 s of silence at 100,000 shipments (decision 0288). The turn must come
  // right before the call runs, not before it queues: calls waiting on PGlite's own lock were handed it one after
  // another as promise jobs, so 32 requests at once ran back to back while new ones were not read (decision 0301).
  let calls = 0;
  let line: Promise<unknown> = Promise.resolve();
  const counted = <R>(start: () => Promise<R>): Promise<R> => {
    calls++;
    const run = line.then(() => nextTurn()).then(start);
    line = run.catch(() => undefined);
    return run.finally(() => calls--);
  };
  const { query, exec, transaction } = { query: client.query.bind(client), exec: client.exec.bind(client), transaction: client.transaction.bind(client) };
  client.query = (...args) => counted(() => query(...args));
  client.exec = (...args) => counted(() => exec(...args));
  client.transaction = (...args) => counted(() => transaction(...args));
  const prepared = pglitePrepared(client);
  // Both drivers expose the same query builder; the cast keeps one Db type for the services.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    busy: () => calls,
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    migrate: (folder = migrationsFolder) => migratePglite(db as never, { migrationsFolder: folder }),
    prepared: (statement, params) => counted(() => prepared(statement, params)),
    // One connection: other queries of this process wait until the transaction ends (PGlite's own lock).
    transaction: (mode, fn) =>
      client.transaction(async (tx) => {
        if (mode === 'snapshot') await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        return fn(tx);
      }),
    session: async () => ({ q: client, release: () => {} }),
    queueConnection: { db: fromPglite(client), backend: 'pglite' },
    // A checkpoint first: a copy started from the dump then has no write-ahead log to replay (decision 0292).
    dump: async () => {
      await client.exec('CHECKPOINT');
      return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => {
    /* a broken idle connection is dropped by the pool; requests fail fast and recover */
  });
  const db = drizzlePg(pool, { schema });
  registerPostgresReadOnly(db, pool);
  return {
    db,
    kind: 'postgres',
    ping: async (timeoutMs = 2_000) => {
      try {
        await Promise.race([
          db.execute(sql`select 1`),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
        ]);
        return true;
      } catch {
        return false;
      }
    },
    migrate: (folder = migrationsFolder) => migratePg(db, { migrationsFolder: folder }),
    // node-postgres prepares a named statement on each connection the first time it runs there.
    prepared: async <T>(statement: PreparedStatement, params: (string | null)[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values: params })).rows as T[],
    transaction: async (mode, fn) => {
      const conn = await pool.connect();
      let broken: Error | undefined;
      try {
        await conn.query(mode === 'snapshot' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY' : 'BEGIN');
        const result = await fn(conn);
        await conn.query('COMMIT');
        return result;
      } catch (e) {
        await conn.query('ROLLBACK').catch((err: Error) => {
          broken = err;
        });
        throw e;
      } finally {
        // A connection that could not even roll back is closed, not handed to the next caller.
        conn.release(broken);
      }
    },
    session: async () => {
      const conn = await pool.connect();
      return { q: conn, release: () => conn.release() };
    },
    startup: async (fn) => {
      const lock = new pg.Client({ connectionString: url });
      await lock.connect();
      try {
        await lock.query(`select pg_advisory_lock(hashtext('cargodesk:startup'))`);
        return await fn();
      } finally {
        // Ending the session releases its advisory locks.
        await lock.end().catch(() => undefined);
      }
    },
    queueConnection: { connectionString: url, max: 3 },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
