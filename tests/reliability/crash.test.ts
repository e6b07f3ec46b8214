/**
 * Crash (issue 8): kill -9 the serving process (started by `npm start`) while it creates shipments and stores
 * uploads; start it again on the same data; every acknowledged create and upload is there, no shipment
 * without its history, no file record without its object. Objects without a record (a put cut off before its
 * record) are counted: the orphan sweep (decision record 0175) removes them once they are an hour old.
 * On PGlite (DATA_DIR, whose lock the dead process leaves behind) and on PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '@server/db/client';
import { localStorageIn } from '@server/storage/local';
import {
  BASE_PORT, createShipment, demoContext, figure, isAlive, serverErrors, sleep, startPortal, tempDir, throwAwayDatabase, until,
  uploadPdf, type Outcome, type Portal,
} from './harness';

const PORT = BASE_PORT + 3;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

type Load = { creates: Outcome[]; uploads: (Outcome & { name?: string })[] };

/** Create and upload loops until the process dies under them. */
async function loadUntilKilled(portal: Portal, runMs: number): Promise<Load> {
  const { cookie, companyId } = await demoContext(portal.url);
  const load: Load = { creates: [], uploads: [] };
  let stop = false;
  const run = Date.now().toString(36);
  const loops = [
    ...Array.from({ length: 4 }, async (_, l) => {
      for (let i = 0; !stop; i++) {
        const r = await createShipment(portal.url, cookie, companyId, `BNCH-CR-${run}-${l}-${i}`, 5_000);
        load.creates.push(r);
        if (r.status === 0) return;
      }
    }),
    ...Array.from({ length: 4 }, async (_, l) => {
      for (let i = 0; !stop; i++) {
        const r = await uploadPdf(portal.url, cookie, `crash-${l}-${i}.pdf`, { timeoutMs: 5_000 });
        load.uploads.push(r);
        if (r.status === 0) return;
      }
    }),
  ];
  await sleep(runMs);
  process.kill(portal.realPid, 'SIGKILL');
  await until(() => !isAlive(portal.realPid), 5_000, 'the killed process to be gone', 10);
  stop = true;
  await Promise.all(loops);
  await portal.exited; // npm and tsx above it end too
  return load;
}

type Check = { acknowledged: number; found: number; uploadsAcknowledged: number; uploadsFound: number; withoutHistory: number; recordsWithoutObject: number; objectsWithoutRecord: number; otherStatuses: number[] };

/** Looks at the data the restarted (and again stopped) portal left: the database and the files folder. */
async function inspect(database: Database, dataDir: string, load: Load): Promise<Check> {
  const ids = load.creates.filter((c) => c.status === 201).map((c) => c.id!);
  const names = load.uploads.filter((u) => u.status === 201).map((u) => u.name!);
  const one = async (q: ReturnType<typeof sql>) => Number((await database.db.execute<{ n: number }>(q)).rows[0]!.n);
  const idList = sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
  const found = ids.length ? await one(sql`select count(*)::int as n from shipments where id in (${idList})`) : 0;
  const withoutHistory = await one(sql`select count(*)::int as n from shipments s where s.reference_number like 'BNCH-CR-%'
    and not exists (select 1 from shipment_events e where e.shipment_id = s.id)`);
  const records = (await database.db.execute<{ name: string }>(sql`select name from files`)).rows.map((r) => r.name);
  const storage = localStorageIn(dataDir);
  let recordsWithoutObject = 0;
  for (const name of records) if (!(await storage.exists(name))) recordsWithoutObject++;
  const known = new Set(records);
  let objectsWithoutRecord = 0;
  for await (const object of storage.list()) if (!known.has(object.key)) objectsWithoutRecord++;
  const uploadsFound = names.filter((n) => known.has(n)).length;
  const otherStatuses = [...new Set([...load.creates, ...load.uploads].map((o) => o.status))].filter((s) => s !== 201 && s !== 0);
  return { acknowledged: ids.length, found, uploadsAcknowledged: names.length, uploadsFound, withoutHistory, recordsWithoutObject, objectsWithoutRecord, otherStatuses };
}

function expectIntact(c: Check) {
  expect(c.acknowledged).toBeGreaterThan(5);
  expect(c.uploadsAcknowledged).toBeGreaterThan(0);
  expect(c.found).toBe(c.acknowledged);
  expect(c.uploadsFound).toBe(c.uploadsAcknowledged);
  expect(c.withoutHistory).toBe(0);
  expect(c.recordsWithoutObject).toBe(0);
  expect(c.otherStatuses).toEqual([]);
}

describe('kill -9 during creates and uploads', () => {
  it('on PGlite: the restart takes over the dead process lock and nothing acknowledged is lost', async () => {
    const dataDir = tempDir('crash-pglite');
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = await startPortal({ port: PORT, dataDir, seedDemo: true, npmStart: true });
    expect(first.realPid).not.toBe(first.pid);
    const load = await loadUntilKilled(first, 5_000);
    const lock = fs.readFileSync(path.join(dataDir, 'cargodesk.lock'), 'utf8').trim();
    figure('crash pglite: lock left behind by the killed process', `pid ${lock} (killed ${first.realPid})`);
    expect(lock).toBe(String(first.realPid));

    const second = await startPortal({ port: PORT, dataDir, seedDemo: true, npmStart: true });
    figure('crash pglite: restart to healthy (ms)', second.startMs);
    const { cookie } = await demoContext(second.url);
    const firstId = load.creates.find((c) => c.status === 201)?.id;
    expect((await fetch(`${second.url}/api/shipments/${firstId}`, { headers: { cookie } })).status).toBe(200);
    await second.stop();
    expect(serverErrors(second)).toEqual([]);

    const database = await openPglite(dataDir);
    try {
      const c = await inspect(database, dataDir, load);
      figure('crash pglite: creates acknowledged / found', `${c.acknowledged} / ${c.found}`);
      figure('crash pglite: uploads acknowledged / found', `${c.uploadsAcknowledged} / ${c.uploadsFound}`);
      figure('crash pglite: shipments without history, file records without object', [c.withoutHistory, c.recordsWithoutObject]);
      figure('crash pglite: objects without record (left to the orphan sweep)', c.objectsWithoutRecord);
      expectIntact(c);
    } finally {
      await database.close();
    }
  });

  it('on PostgreSQL: nothing acknowledged is lost', async () => {
    const dataDir = tempDir('crash-pg');
    const pgdb = await throwAwayDatabase();
    cleanups.push(pgdb.drop, async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = await startPortal({ port: PORT, dataDir, databaseUrl: pgdb.url, seedDemo: true, npmStart: true });
    expect(first.realPid).not.toBe(first.pid);
    const load = await loadUntilKilled(first, 2_500);

    const second = await startPortal({ port: PORT, dataDir, databaseUrl: pgdb.url, seedDemo: true, npmStart: true });
    figure('crash postgres: restart to healthy (ms)', second.startMs);
    await second.stop();
    expect(serverErrors(second)).toEqual([]);

    const database = await openPostgres(pgdb.url, { max: 2 });
    try {
      const c = await inspect(database, dataDir, load);
      figure('crash postgres: creates acknowledged / found', `${c.acknowledged} / ${c.found}`);
      figure('crash postgres: uploads acknowledged / found', `${c.uploadsAcknowledged} / ${c.uploadsFound}`);
      figure('crash postgres: shipments without history, file records without object', [c.withoutHistory, c.recordsWithoutObject]);
      figure('crash postgres: objects without record (left to the orphan sweep)', c.objectsWithoutRecord);
      expectIntact(c);
    } finally {
      await database.close();
    }
  });
});
