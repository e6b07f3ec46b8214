import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { contentKey, sharedDataDir, sharedDirOf } from './helpers/shared-data-dir';

// Not named cargodesk-shared-*: that is what .ci/run and test-api.mjs remove when they end.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-dir-test-'));
const key = crypto.randomBytes(8).toString('hex');
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
afterEach(() => {
  fs.rmSync(sharedDirOf('unit', key), { recursive: true, force: true });
});

describe('a data directory made once per machine and content', () => {
  it('is made by one of two callers at once; each gets its own copy, without the marker', async () => {
    let makes = 0;
    const make = async (dir: string) => {
      makes++;
      fs.mkdirSync(dir);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      fs.writeFileSync(path.join(dir, 'rows'), '100000');
    };
    const [a, b] = [path.join(work, 'a'), path.join(work, 'b')];
    const made = await Promise.all([sharedDataDir('unit', key, a, make), sharedDataDir('unit', key, b, make)]);
    expect(makes).toBe(1);
    expect(made.sort()).toEqual([false, true]);
    for (const dir of [a, b]) expect(fs.readdirSync(dir)).toEqual(['rows']);
    fs.writeFileSync(path.join(a, 'rows'), 'changed');
    expect(fs.readFileSync(path.join(b, 'rows'), 'utf8')).toBe('100000');
    expect(await sharedDataDir('unit', key, path.join(work, 'c'), make)).toBe(false);
    expect(makes).toBe(1);
  });

  it('takes over a lock left by a run that died once it is older than the wait', async () => {
    fs.mkdirSync(`${sharedDirOf('unit', key)}.lock`);
    const started = Date.now();
    await expect(sharedDataDir('unit', key, path.join(work, 'd'), async (dir) => fs.mkdirSync(dir), 1500)).resolves.toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(fs.existsSync(`${sharedDirOf('unit', key)}.lock`)).toBe(false);
  });

  it('keys the content by every file under the inputs, their paths and bytes', () => {
    const root = fs.mkdtempSync(path.join(work, 'root-'));
    fs.mkdirSync(path.join(root, 'm'));
    fs.writeFileSync(path.join(root, 'm', '0001.sql'), 'create table a ();');
    const first = contentKey(root, ['m']);
    expect(contentKey(root, ['m'])).toBe(first);
    fs.writeFileSync(path.join(root, 'm', '0002.sql'), '');
    const second = contentKey(root, ['m']);
    expect(second).not.toBe(first);
    fs.writeFileSync(path.join(root, 'm', '0002.sql'), ' ');
    expect(contentKey(root, ['m'])).not.toBe(second);
  });
});
