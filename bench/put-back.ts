/**
 * The indexes and foreign keys a data set build drops for its bulk load (bench/dataset.ts), and putting them back. What
 * is dropped is written to the database first, so a build killed halfway is mended by the next run.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';

const exec = (database: Database, text: string) => database.db.execute(sql.raw(text));

/**
 * What a build took away for the bulk load and must put back (the statements that re-create an index or add a foreign
 * key), kept in the database before anything is dropped: a build killed halfway (Ctrl+C, a timeout) loses what it held
 * in memory, and the next build, which finds the indexes already gone, would otherwise load and measure without them.
 */
async function keepToPutBack(database: Database, defs: string[]) {
  await exec(database, 'create table if not exists bench_put_back (def text primary key)');
  for (const def of defs) await database.db.execute(sql`insert into bench_put_back (def) values (${def}) on conflict do nothing`);
}

/** An error's PostgreSQL code, through the driver's and Drizzle's wrappers. */
function pgCode(e: unknown): string | undefined {
  for (let err = e, depth = 0; err && depth < 4; err = (err as { cause?: unknown }).cause, depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Runs the statements kept to put back (all of them when none are named: what an earlier, killed build left); how many. */
export async function putBack(database: Database, defs?: string[]): Promise<number> {
  await exec(database, 'create table if not exists bench_put_back (def text primary key)');
  const pending = defs ?? (await database.db.execute<{ def: string }>(sql`select def from bench_put_back`)).rows.map((r) => r.def);
  for (const def of pending) {
    await exec(database, def).catch((e: unknown) => {
      // Put back already (killed after the statement, before its row went): 42P07 an index, 42710 a constraint.
      if (pgCode(e) !== '42P07' && pgCode(e) !== '42710') throw e;
    });
    await database.db.execute(sql`delete from bench_put_back where def = ${def}`);
  }
  return pending.length;
}

/** Drops the secondary indexes of a table (kept to put back) so the bulk load does not maintain them row by row. */
export async function dropIndexes(database: Database, table: 'shipments' | 'requests' | 'threads' | 'messages'): Promise<string[]> {
  const r = await database.db.execute<{ name: string; def: string }>(sql`
    select indexname as name, indexdef as def from pg_indexes
    where schemaname = 'public' and tablename = ${table} and indexname not in (select conname from pg_constraint)`);
  await keepToPutBack(database, r.rows.map((row) => row.def));
  for (const row of r.rows) await exec(database, `drop index "${row.name}"`);
  return r.rows.map((row) => row.def);
}

/**
 * Drops the foreign keys a table holds (kept to put back as the statements that add them): checked row by row,
 * 2,000,000 messages take three lookups each; added back, each key is checked in one pass over the table.
 */
export async function dropForeignKeys(database: Database, table: 'threads' | 'messages'): Promise<string[]> {
  const r = await database.db.execute<{ name: string; def: string }>(sql`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`);
  const defs = r.rows.map((row) => `alter table ${table} add constraint "${row.name}" ${row.def}`);
  await keepToPutBack(database, defs);
  for (const row of r.rows) await exec(database, `alter table ${table} drop constraint "${row.name}"`);
  return defs;
}
