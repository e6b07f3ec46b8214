import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { LocalStorage } from '@server/storage/local';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './sweep';
import { SAMPLES, json, storedKeys, upload } from './test-fixtures';

let t: TestApp;
let admin: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
});
afterAll(async () => t?.close());

/** A logger whose lines the test can read. */
function captureLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as { level: number; msg: string }) });
  return { logger, lines };
}

async function putObject(storage: LocalStorage, key: string, ageMs: number) {
  await storage.put(key, Readable.from([Buffer.from('orphan')]), { contentType: 'text/plain', maxBytes: 100 });
  const when = new Date(Date.now() - ageMs);
  await utimes(storage.pathFor(key), when, when);
}

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('sweepOrphanFiles', () => {
  it('removes objects without a record that are older than the cut-off, and stale temporary files', async () => {
    const storage = t.storage as LocalStorage;
    const res = await upload(t, admin, 'kept.pdf', SAMPLES.pdf!);
    const kept = (await json(res)).name as string;
    const when = new Date(Date.now() - 3 * HOUR);
    await utimes(storage.pathFor(kept), when, when); // an old object with its record stays
    await putObject(storage, 'OldOrph1_orphan.pdf', 2 * HOUR);
    await putObject(storage, 'OldOrph2_nested.txt', 5 * HOUR);
    await putObject(storage, 'NewOrph1_fresh.pdf', 10 * 60_000); // may be an upload between its put and its record
    const staleTemp = join(storage.root, '.0123456789abcdef.tmp');
    await writeFile(staleTemp, 'half an upload');
    await utimes(staleTemp, when, when);
    const before = await storedKeys(t);

    const { logger, lines } = captureLogger();
    const result = await sweepOrphanFiles(t.db, storage, logger, { olderThan: new Date(Date.now() - ORPHAN_MIN_AGE_MS) });
    expect(result).toEqual({ removed: 2, incomplete: 1 });
    expect(await storedKeys(t)).toEqual(before.filter((k) => k !== 'OldOrph1_orphan.pdf' && k !== 'OldOrph2_nested.txt'));
    expect(await storage.exists(kept)).toBe(true);
    expect(await storage.exists('NewOrph1_fresh.pdf')).toBe(true);
    expect(lines.filter((l) => l.msg === 'orphaned document object removed')).toHaveLength(2);

    // Nothing left to do the second time.
    expect(await sweepOrphanFiles(t.db, storage, logger, { olderThan: new Date(Date.now() - ORPHAN_MIN_AGE_MS) })).toEqual({ removed: 0, incomplete: 0 });
  });

  it('checks records in batches (more objects than one batch)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cargodesk-sweep-'));
    try {
      const storage = new LocalStorage(dir);
      for (let i = 0; i < 520; i++) await putObject(storage, `Batch${String(i).padStart(3, '0')}_x.txt`, 2 * HOUR);
      const { logger } = captureLogger();
      expect(await sweepOrphanFiles(t.db, storage, logger, { olderThan: new Date(Date.now() - HOUR) })).toEqual({ removed: 520, incomplete: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the orphan sweep on the job queue (issue 44)', () => {
  it('runs when a worker starts (assemble)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cargodesk-sweep-'));
    const storage = new LocalStorage(dir);
    await putObject(storage, 'Boot0001_left-by-a-crash.pdf', 2 * HOUR);
    const app = await createTestApp({ storage, seedDemo: false, background: true });
    try {
      await until(async () => !(await storage.exists('Boot0001_left-by-a-crash.pdf')));
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
