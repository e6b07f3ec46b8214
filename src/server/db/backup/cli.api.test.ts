/**
 * The commands as an operator runs them (issue 19): `db-tool.mjs` from the build, in its own process, on a data
 * directory holding the demo data. On PostgreSQL runs (TEST_DB=postgres, as in CI) the move is tried at scale:
 * the demo data plus 100,000 generated shipments, moved in under 2 minutes with every count and checksum equal.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../client';
import { seedReferenceData } from '../seed/reference';
import { seedDemoData } from '../seed/demo';
import { localStorageIn } from '@server/storage/local';
import { lockDataDir } from '../data-dir-lock';
import { checksums } from './logical';
import { contentKey, sharedDataDir } from '@tests/helpers/shared-data-dir';
import { ROLLUP_TRIGGERS, companiesSql, containersSql, fieldLinesSql, rollupBackfillSql, shipmentsSql, staffSql } from '../../../../bench/dataset-sql';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const TOOL = path.join(root, 'dist/server/db-tool.mjs');
const SECRET = 'cli-test-secret-cli-test-secret-0123456789';

type Run = { code: number | null; out: string; err: string; seconds: number };

/** Runs the built tool with a clean environment: only what an operator would set. */
function tool(args: string[], env: Record<string, string>): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TOOL, ...args], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', HOME: work, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err, seconds: (performance.now() - started) / 1000 }));
  });
}

let work: string;
let source: string;
/** How many documents the demo stored. */
let demoFiles = 0;
beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs'), '--server'], { cwd: root, stdio: 'inherit' });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-cli-test-'));
  // An embedded installation as `npm start` leaves it: migrated, reference and demo data, documents, its secret.
  source = path.join(work, 'source');
  fs.mkdirSync(source);
  fs.writeFileSync(path.join(source, 'auth-secret'), SECRET, { mode: 0o600 });
  const db = await openPglite(source);
  try {
    await db.migrate();
    await seedReferenceData(db.db);
    await seedDemoData(db.db, { storage: localStorageIn(source) });
    // The demo's documents: the library's samples and the checklists' papers (issue 45).
    demoFiles = Number((await db.db.execute<{ n: number }>(sql`select count(*)::int as n from files`)).rows[0]!.n);
  } finally {
    await db.close();
  }
}, 120_000);
afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('db:backup and db:restore from the command line', () => {
  it('backs up, refuses to overwrite, restores into a new data directory, and refuses one that holds a database', async () => {
    const file = path.join(work, 'demo.tar.gz');
    const backup = await tool(['backup', '--out', file], { DATA_DIR: source });
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/^Backup written: .*demo\.tar\.gz$/m);
    expect(backup.out).toMatch(/pglite database: \d+ tables, \d+ rows, \d+ migrations/);
    expect(demoFiles).toBeGreaterThan(5);
    expect(backup.out).toContain(`documents: ${demoFiles} copied`);

    const again = await tool(['backup', '--out', file], { DATA_DIR: source });
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/exists already; choose another --out/);

    const target = path.join(work, 'restored');
    const restore = await tool(['restore', file], { DATA_DIR: target });
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.out).toMatch(/every count and checksum matches the backup/);
    expect(restore.out).toContain(`documents: ${demoFiles} restored, each size and sha256 checked`);
    expect(fs.readFileSync(path.join(target, 'auth-secret'), 'utf8')).toBe(SECRET);

    const twice = await tool(['restore', file], { DATA_DIR: target });
    expect(twice.code).toBe(1);
    expect(twice.err).toMatch(/holds a database already. Restore into a new, empty DATA_DIR/);

    const a = await openPglite(source);
    const b = await openPglite(target);
    try {
      expect(await checksums(b)).toEqual(await checksums(a));
    } finally {
      await a.close();
      await b.close();
    }
  }, 180_000);

  it('answers a wrong command, a missing file and a missing database with a reason and exit code 1', async () => {
    const unknown = await tool(['copy'], { DATA_DIR: source });
    expect([unknown.code, unknown.err]).toEqual([1, expect.stringMatching(/Unknown command copy/)]);
    const missing = await tool(['restore', path.join(work, 'nope.tar.gz')], { DATA_DIR: path.join(work, 'empty') });
    expect([missing.code, missing.err]).toEqual([1, expect.stringMatching(/There is no file .*nope\.tar\.gz/)]);
    const nowhere = await tool(['backup', '--out', path.join(work, 'x.tar.gz')], { DATA_DIR: path.join(work, 'empty') });
    expect([nowhere.code, nowhere.err]).toEqual([1, expect.stringMatching(/There is no embedded database in/)]);
    const noTarget = await tool(['move', '--to', 'mysql://x'], { DATA_DIR: source });
    expect([noTarget.code, noTarget.err]).toEqual([1, expect.stringMatching(/Where to\?/)]);
    expect(fs.existsSync(path.join(work, 'x.tar.gz'))).toBe(false);
  }, 60_000);
});

const onPostgres = process.env.TEST_DB === 'postgres';
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Row counts and checksums of the embedded database in `dir` and of `other`, which must be equal. */
async function expectSame(dir: string, other: Database) {
  const from = await openPglite(dir);
  try {
    const [a, b] = [await checksums(from), await checksums(other)];
    expect(b).toEqual(a);
    expect(b.find((x) => x.name === 'shipments')!.rows).toBeGreaterThan(100_000);
    const rollup = await other.transaction('snapshot', (q) =>
      q.query<{ d: string }>('select ((select sum(n) from shipment_stats) - (select count(*) from shipments))::text as d'),
    );
    expect(rollup.rows[0]!.d).toBe('0');
  } finally {
    await from.close();
  }
}

/**
 * At scale, on each engine's run: on PostgreSQL the move into the local server (the CI check), on PGlite a
 * backup and its restore into a new data directory. Timings go to the log for the record.
 */
describe('at scale: the demo data plus 100,000 shipments', () => {
  let big: string;
  beforeAll(async () => {
    big = path.join(work, 'big');
    const started = performance.now();
    // Made once per machine: CI's other lane copies what this one made, or the other way round (decision 0292).
    const key = contentKey(root, ['src/server/db', 'bench/dataset-sql.ts', 'src/server/db/backup/cli.api.test.ts', 'node_modules/@electric-sql/pglite/package.json']);
    const made = await sharedDataDir('cli-100k', key, big, async (dir) => {
      fs.cpSync(source, dir, { recursive: true });
      // A write-ahead log of 64 MB at most instead of 1 GB: the data directory, which each lane copies, is 0.4 GB, not 1.1.
      const db: Database = await openPglite(dir, { settings: { max_wal_size: '64MB', min_wal_size: '32MB' } });
      try {
        const params = { shipments: 100_000, companies: 1_000, staff: 50 };
        // As the benchmark loads its data set: the rollup triggers off during the load, then every rollup rebuilt
        // from all the rows (the demo data's and the generated) by migration 0003's own backfill.
        const run = (text: string) => db.db.execute(sql.raw(text));
        await run(staffSql(params));
        await run(companiesSql(params));
        for (const [table, trigger] of ROLLUP_TRIGGERS) await run(`alter table ${table} disable trigger ${trigger}`);
        for (let from = 1; from <= params.shipments; from += 25_000) {
          await run(shipmentsSql(params, from, from + 24_999));
          await run(fieldLinesSql(from, from + 24_999));
        }
        await run(containersSql("type = 'sea' and reference_number like 'BX-%'"));
        for (const [table, trigger] of ROLLUP_TRIGGERS) await run(`alter table ${table} enable trigger ${trigger}`);
        await run('truncate shipment_stats, shipment_dim_stats, finance_stats, shipment_due_stats');
        for (const statement of rollupBackfillSql()) await run(statement);
      } finally {
        await db.close();
      }
    });
    console.log(`100,000 shipments ${made ? 'generated into the embedded database' : "copied from this machine's shared copy"} in ${seconds(started)} s`);
  }, 600_000);

  if (onPostgres) {
    let url: string;
    let admin: pg.Client;
    const name = `cargodesk_move_${process.pid}_${Date.now()}`;
    beforeAll(async () => {
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${name}`;
      url = u.toString();
    });
    afterAll(async () => {
      await admin?.query(`drop database if exists ${name} with (force)`);
      await admin?.end();
    });

    it('db:move copies every row into the local PostgreSQL in under 2 minutes, refuses while the portal runs, and prints what to set next', async () => {
      // While the portal holds the data directory, the move is refused and nothing is written.
      const unlock = lockDataDir(big);
      const refused = await tool(['move', '--to', url], { DATA_DIR: big });
      unlock();
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/The portal is running on .*big. Stop it first/);

      const moved = await tool(['move', '--to', url], { DATA_DIR: big });
      console.log(`db:move: ${moved.seconds.toFixed(1)} s\n${moved.out}`);
      expect(moved.err).toBe('');
      expect(moved.code).toBe(0);
      expect(moved.seconds).toBeLessThan(120);
      expect(moved.out).toMatch(/every count and checksum matches/);
      expect(moved.out).toContain(`DATABASE_URL=${url}`);
      expect(moved.out).toContain(`AUTH_SECRET="$(cat ${path.join(big, 'auth-secret')})"`);
      expect(moved.out).toContain(`DATA_DIR=${big}`);

      const to = await openPostgres(url, { max: 2 });
      try {
        await expectSame(big, to);
      } finally {
        await to.close();
      }
    }, 300_000);
  } else {
    it('db:backup and db:restore carry every row into a new data directory', async () => {
      const file = path.join(work, 'big.tar.gz');
      const backup = await tool(['backup', '--out', file], { DATA_DIR: big });
      expect([backup.code, backup.err]).toEqual([0, '']);
      const target = path.join(work, 'big-restored');
      const restore = await tool(['restore', file], { DATA_DIR: target });
      expect([restore.code, restore.err]).toEqual([0, '']);
      console.log(`db:backup ${backup.seconds.toFixed(1)} s (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MiB), db:restore into PGlite ${restore.seconds.toFixed(1)} s`);
      const restored = await openPglite(target);
      try {
        await expectSame(big, restored);
      } finally {
        await restored.close();
      }
    }, 300_000);
  }
});
