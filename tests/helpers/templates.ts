/**
 * Template databases for the API suite (decision record 0266): the global setup migrates and seeds one database per
 * kind once per run; each test file's database is then a copy of it (a PostgreSQL `CREATE DATABASE … TEMPLATE`, a
 * PGlite data directory loaded from a dump) instead of running the migrations and the demo seed again.
 *
 * - `migrated`: every migration and the reference data (airports, seaports), as `seedDemo: false` leaves a database;
 * - `seeded`: the same plus the demo data, whose documents live in `filesDir` (copied into each file's own folder).
 */
import crypto from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '@server/db/client';
import { seedDemoData } from '@server/db/seed/demo';
import { seedReferenceData } from '@server/db/seed/reference';
import { localStorageIn } from '@server/storage/local';

export type TemplateKind = 'migrated' | 'seeded';

/** What the global setup hands the test files: per kind, a PGlite dump file or a PostgreSQL database name. */
export type Templates = {
  engine: 'pglite' | 'postgres';
  migrated: string;
  seeded: string;
  /** The seeded template's stored documents. */
  filesDir: string;
};

async function fill(database: Database, kind: TemplateKind, filesDir: string) {
  await database.migrate();
  await seedReferenceData(database.db);
  if (kind === 'seeded') await seedDemoData(database.db, { storage: localStorageIn(filesDir) });
}

async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Builds both templates for the suite's engine; `drop` removes them when the run ends. */
export async function buildTemplates(): Promise<{ templates: Templates; drop: () => Promise<void> }> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'cargodesk-templates-'));
  const filesDir = path.join(work, 'files');
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const id = crypto.randomBytes(5).toString('hex');
    const names = { migrated: `cargodesk_tpl_${id}_m`, seeded: `cargodesk_tpl_${id}_s` };
    const build = async (kind: TemplateKind) => {
      await adminQuery(adminUrl, `create database ${names[kind]}`);
      const url = new URL(adminUrl);
      url.pathname = `/${names[kind]}`;
      const database = await openPostgres(url.toString(), { max: 2 });
      try {
        await fill(database, kind, filesDir);
      } finally {
        await database.close();
      }
    };
    await Promise.all([build('migrated'), build('seeded')]);
    return {
      templates: { engine: 'postgres', ...names, filesDir },
      drop: async () => {
        for (const name of Object.values(names)) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
        await rm(work, { recursive: true, force: true });
      },
    };
  }
  const dumps = { migrated: path.join(work, 'migrated.tar'), seeded: path.join(work, 'seeded.tar') };
  for (const kind of ['migrated', 'seeded'] as const) {
    const database = await openPglite(undefined);
    try {
      await fill(database, kind, filesDir);
      const dump = await database.dump!();
      await writeFile(dumps[kind], dump);
    } finally {
      await database.close();
    }
  }
  return { templates: { engine: 'pglite', ...dumps, filesDir }, drop: () => rm(work, { recursive: true, force: true }) };
}

const dumpCache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** A new PGlite database holding a copy of the template in `file`. */
export async function pgliteFromTemplate(file: string): Promise<Database> {
  let bytes = dumpCache.get(file);
  if (!bytes) dumpCache.set(file, (bytes = readFile(file).then((b) => new Uint8Array(b))));
  return openPglite(undefined, { load: await bytes, settings: { shared_buffers: '16MB' } });
}
