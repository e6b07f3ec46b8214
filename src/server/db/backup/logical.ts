/**
 * The logical copy behind `db:backup`, `db:restore` and `db:move` (issue 19, decision record 0227): every table of
 * the `public` schema (the auth tables, the audit log and the rollups too) read as JSON rows in one snapshot, and
 * written into an empty database whose schema the migrations made. The same SQL runs on PGlite and PostgreSQL, so a
 * backup of either engine restores into either, and the move is a backup piped straight into a restore.
 *
 * Checksums: each table's row count and the sum of the first 60 bits of md5(row_to_json(row)) over its rows, in
 * UTC. The sum does not depend on row order, and is computed by the database on both sides, so a restore proves
 * that every column of every row arrived as it left.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database, DbKind, SqlRunner } from '../client';
import { SERVER_FILES } from '@server/paths';

export const BACKUP_FORMAT = 'cargodesk-backup';
export const BACKUP_VERSION = 1;
/** Rows per batch: one `FETCH` on the way out, one `INSERT ... SELECT FROM json_populate_recordset` on the way in. */
export const BATCH_ROWS = 2_000;

export type TableInfo = { name: string; rows: number; checksum: string };
export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created_at: string;
  engine: DbKind;
  /** The migrations applied to the source, oldest first (drizzle's hash of each file). */
  migrations: { hash: string; created_at: string }[];
  tables: TableInfo[];
  /** Every sequence's position (null: never used). */
  sequences: { name: string; value: string | null }[];
  /** Storage keys of the documents the snapshot's `files` rows refer to. */
  documents: string[];
};

/** What a snapshot is read into: the archive writer (backup) or the loader of another database (move). */
export type SnapshotSink = {
  manifest(m: Manifest): Promise<void>;
  /** A batch of one table's rows as a JSON array (the text of `row_to_json` of each row). */
  rows(table: string, json: string, count: number): Promise<void>;
};

export class BackupError extends Error {}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every sort of row-level fact is read in UTC with the default formats, so both sides print rows alike. */
async function normalizeSession(q: SqlRunner): Promise<void> {
  await q.query("SET LOCAL TimeZone = 'UTC'");
  await q.query("SET LOCAL DateStyle = 'ISO, MDY'");
  await q.query("SET LOCAL IntervalStyle = 'postgres'");
  await q.query('SET LOCAL extra_float_digits = 1');
}

export async function userTables(q: SqlRunner): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return rows.map((r) => r.name);
}

export async function tableChecksum(q: SqlRunner, table: string): Promise<{ rows: number; checksum: string }> {
  const { rows } = await q.query<{ n: string; sum: string }>(
    `select count(*)::text as n,
            coalesce(sum(('x' || substr(md5(row_to_json(t)::text), 1, 15))::bit(60)::bigint), 0)::text as sum
     from ${ident(table)} t`,
  );
  return { rows: Number(rows[0]!.n), checksum: rows[0]!.sum };
}

/** Row counts and checksums of every table, in one consistent view. */
export async function checksums(database: Database): Promise<TableInfo[]> {
  return database.transaction('snapshot', async (q) => {
    await normalizeSession(q);
    const out: TableInfo[] = [];
    for (const name of await userTables(q)) out.push({ name, ...(await tableChecksum(q, name)) });
    return out;
  });
}

async function appliedMigrations(q: SqlRunner): Promise<Manifest['migrations']> {
  const { rows: exists } = await q.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists[0]?.t) return [];
  const { rows } = await q.query<{ hash: string; created_at: string }>(
    'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows;
}

/**
 * Reads the whole database in one snapshot (repeatable read, read only) into `sink`: the manifest first (counts,
 * checksums, sequences, migrations and document keys of that same snapshot), then every table in batches.
 */
export async function readSnapshot(database: Database, sink: SnapshotSink): Promise<Manifest> {
  return database.transaction('snapshot', async (q) => {
    await normalizeSession(q);
    const names = await userTables(q);
    const tables: TableInfo[] = [];
    for (const name of names) tables.push({ name, ...(await tableChecksum(q, name)) });
    const { rows: sequences } = await q.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename`,
    );
    const documents = names.includes('files') ? (await q.query<{ name: string }>('select name from files order by name')).rows.map((r) => r.name) : [];
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      engine: database.kind,
      migrations: await appliedMigrations(q),
      tables,
      sequences,
      documents,
    };
    await sink.manifest(manifest);
    for (const t of tables) {
      if (t.rows === 0) continue;
      await q.query(`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${ident(t.name)} t`);
      for (;;) {
        const { rows } = await q.query<{ j: string }>(`fetch ${BATCH_ROWS} from backup_rows`);
        if (rows.length === 0) break;
        await sink.rows(t.name, `[${rows.map((r) => r.j).join(',')}]`, rows.length);
      }
      await q.query('close backup_rows');
    }
    return manifest;
  });
}

/** This version's migration journal, as drizzle-kit wrote it. */
type Journal = { entries: { tag: string }[] };
const readJournal = (folder = SERVER_FILES.migrations): Journal => JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;

/** This version's migrations as drizzle reads them (journal order, sha256 of each file). */
function codeMigrations(folder = SERVER_FILES.migrations): { tag: string; hash: string }[] {
  return readJournal(folder).entries.map((e) => ({
    tag: e.tag,
    hash: crypto.createHash('sha256').update(fs.readFileSync(path.join(folder, `${e.tag}.sql`), 'utf8')).digest('hex'),
  }));
}

/**
 * A migrations folder holding this version's first `count` migrations, so a backup made by an older version is
 * restored into the schema it was read from (the next start migrates the rest, as after any upgrade).
 */
function migrationsUpTo(count: number): { folder: string; cleanup: () => void } {
  const journal = readJournal();
  if (count === journal.entries.length) return { folder: SERVER_FILES.migrations, cleanup: () => {} };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-migrations-'));
  journal.entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(SERVER_FILES.migrations, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return { folder, cleanup: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Refuses a backup this version cannot restore: another format, or migrations that are not a prefix of ours. */
export function checkManifest(m: Manifest): void {
  if (m?.format !== BACKUP_FORMAT) throw new BackupError('This file is not a Cargodesk backup (no cargodesk-backup manifest at its start).');
  if (m.version !== BACKUP_VERSION) throw new BackupError(`This backup has format version ${String(m.version)}; this Cargodesk reads version ${String(BACKUP_VERSION)}.`);
  const ours = codeMigrations();
  if (m.migrations.length > ours.length) {
    throw new BackupError(
      `This backup was made by a newer Cargodesk (${m.migrations.length} database migrations; this version has ${ours.length}). Restore it with that version or a later one.`,
    );
  }
  m.migrations.forEach((mig, i) => {
    if (mig.hash !== ours[i]!.hash) throw new BackupError(`This backup's migration ${i + 1} differs from this version's ${ours[i]!.tag}; restore it with the Cargodesk version that made it.`);
  });
}

/**
 * Tables whose rows a migration inserts (defaults of settings, the shipped checklist templates): a database that was only migrated holds them, and
 * counts as empty. A test migrates a new database and checks that these are the only tables with rows.
 */
export const SEEDED_BY_MIGRATIONS = ['accounting_settings', 'billing_settings', 'charge_codes', 'checklist_template_items', 'security_settings'];

/** Tables of the `public` schema that hold rows no migration put there; an empty or only migrated database has none. */
export async function nonEmptyTables(database: Database): Promise<string[]> {
  return database.transaction('snapshot', async (q) => {
    const out: string[] = [];
    for (const name of await userTables(q)) {
      if (SEEDED_BY_MIGRATIONS.includes(name)) continue;
      const { rows } = await q.query(`select 1 from ${ident(name)} limit 1`);
      if (rows.length > 0) out.push(name);
    }
    return out;
  });
}

export type Loader = {
  /** Inserts one batch (a JSON array of `row_to_json` texts) of a table the manifest lists. */
  rows(table: string, json: string): Promise<void>;
  /** Builds the indexes again, re-adds the foreign keys (checking every reference), turns the triggers back on, sets the sequences, checks every table's count and checksum against the manifest, and commits. */
  finish(): Promise<TableInfo[]>;
  /** Rolls the load back: the schema stays migrated and empty, so the restore can be run again. */
  abort(): Promise<void>;
};

/**
 * Opens the load of a snapshot into `database`, which must be empty: migrated to the manifest's migrations, then in
 * one transaction the foreign keys and the indexes no constraint needs are dropped and the tables' own triggers
 * (rollups, stamps) switched off, so the rows go in as they were read, in any order, and no trigger counts them
 * twice; `finish` puts all three back. The tables' owner may do all of this, so a managed PostgreSQL without a
 * superuser works too.
 */
export async function openLoader(database: Database, m: Manifest): Promise<Loader> {
  checkManifest(m);
  const busy = await nonEmptyTables(database);
  if (busy.length > 0) {
    throw new BackupError(
      `The target database is not empty (${busy.slice(0, 5).join(', ')}${busy.length > 5 ? ', ...' : ''} hold rows). Restore into a new, empty database or data directory.`,
    );
  }
  const applied = await database.transaction('snapshot', appliedMigrations);
  if (applied.length > m.migrations.length) {
    throw new BackupError(`The target database is migrated further than the backup (${applied.length} migrations, the backup ${m.migrations.length}). Use a new, empty database.`);
  }
  const { folder, cleanup } = migrationsUpTo(m.migrations.length);
  try {
    await database.migrate(folder);
  } finally {
    cleanup();
  }

  const session = await database.session();
  const q = session.q;
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    await q.query('ROLLBACK').catch(() => undefined);
    session.release();
  };
  const fail = async (e: unknown): Promise<never> => {
    await close();
    throw e;
  };
  let names: string[] = [];
  let fks: { tbl: string; name: string; def: string }[] = [];
  let indexes: { name: string; def: string }[] = [];
  const columns = new Map<string, string>();
  try {
    await q.query('BEGIN');
    await normalizeSession(q);
    names = await userTables(q);
    const missing = m.tables.map((t) => t.name).filter((n) => !names.includes(n));
    if (missing.length > 0) throw new BackupError(`The backup holds tables this schema lacks: ${missing.join(', ')}.`);
    ({ rows: fks } = await q.query<{ tbl: string; name: string; def: string }>(
      `select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public' and c.contype = 'f' order by c.conname`,
    ));
    for (const fk of fks) await q.query(`alter table ${fk.tbl} drop constraint ${ident(fk.name)}`);
    // The indexes no constraint stands on (the searches' trigram indexes, the lists' sort orders) are made again
    // after the load, as pg_restore does: one build from all the rows instead of an insert into each per row. A
    // unique index still refuses duplicates when it is built, so the check is the same.
    ({ rows: indexes } = await q.query<{ name: string; def: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = 'public' and t.relkind = 'r' and not t.relispartition
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
       order by 1`,
    ));
    for (const index of indexes) await q.query(`drop index ${index.name}`);
    // Rows some migrations insert (settings with their defaults) are replaced by the backup's own.
    await q.query(`truncate table ${names.map(ident).join(', ')}`);
    for (const name of names) {
      await q.query(`alter table ${ident(name)} disable trigger user`);
      const { rows } = await q.query<{ col: string }>(
        `select attname as col from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [ident(name)],
      );
      columns.set(name, rows.map((r) => ident(r.col)).join(', '));
    }
  } catch (e) {
    return fail(e);
  }

  return {
    async rows(table, json) {
      if (!m.tables.some((t) => t.name === table)) return fail(new BackupError(`The backup holds rows of ${table}, which its manifest does not list.`));
      const cols = columns.get(table)!;
      try {
        await q.query(
          `insert into ${ident(table)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${ident(table)}, $1::json)`,
          [json],
        );
      } catch (e) {
        return fail(e);
      }
    },
    async finish() {
      try {
        for (const index of indexes) await q.query(index.def);
        for (const fk of fks) await q.query(`alter table ${fk.tbl} add constraint ${ident(fk.name)} ${fk.def}`);
        for (const name of names) await q.query(`alter table ${ident(name)} enable trigger user`);
        for (const s of m.sequences) {
          if (s.value !== null) await q.query('select setval($1::regclass, $2::bigint, true)', [ident(s.name), s.value]);
        }
        const after: TableInfo[] = [];
        for (const name of names) after.push({ name, ...(await tableChecksum(q, name)) });
        for (const t of m.tables) {
          const got = after.find((a) => a.name === t.name)!;
          if (got.rows !== t.rows || got.checksum !== t.checksum) {
            throw new BackupError(`Table ${t.name} did not arrive intact: ${got.rows} rows (checksum ${got.checksum}); the backup has ${t.rows} (checksum ${t.checksum}).`);
          }
        }
        await q.query('COMMIT');
        open = false;
        // Fresh statistics for the planner after a bulk load (design.md: VACUUM ANALYZE after bulk loads); the
        // rows are committed whatever it answers.
        await q.query('VACUUM ANALYZE').catch(() => undefined);
        session.release();
        return after;
      } catch (e) {
        return fail(e);
      }
    },
    abort: close,
  };
}

/** A snapshot sink that loads another database (the move): the loader opens when the manifest arrives. */
export function loaderSink(database: Database): SnapshotSink & { loader: () => Loader | undefined } {
  let loader: Loader | undefined;
  return {
    loader: () => loader,
    async manifest(m) {
      loader = await openLoader(database, m);
    },
    async rows(table, json) {
      await loader!.rows(table, json);
    },
  };
}
