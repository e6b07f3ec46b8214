import { mkdtemp, readdir, readFile, rm, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chunks, describeStorageContract, keysOf, putOptions } from './contract';
import { LocalStorage, localStorageIn } from './local';
import { StorageKeyError, StorageLimitError } from './storage';

describeStorageContract('local folder', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'cargodesk-storage-'));
  return { storage: localStorageIn(dir), cleanup: () => rm(dir, { recursive: true, force: true }) };
});

/** Every file under dir, relative, including hidden (temporary) ones. */
async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
}

let dataDir: string;
let storage: LocalStorage;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cargodesk-storage-'));
  storage = localStorageIn(dataDir);
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('LocalStorage', () => {
  it('lives in DATA_DIR/files and writes plain files there', async () => {
    expect(storage.root).toBe(join(dataDir, 'files'));
    await storage.put('documents/a.txt', Readable.from([Buffer.from('hello')]), putOptions());
    expect(await readFile(join(dataDir, 'files', 'documents', 'a.txt'), 'utf8')).toBe('hello');
  });

  it('leaves no temporary file after a put over the limit', async () => {
    await expect(storage.put('a/b/one-over', Readable.from([Buffer.alloc(1024), Buffer.alloc(1)]), putOptions(1024))).rejects.toThrow(StorageLimitError);
    await expect(storage.put('big', chunks(30, 100), putOptions(1000))).rejects.toThrow(StorageLimitError);
    expect(await listAll(storage.root)).toEqual([]);
  });

  it('never touches files outside the root', async () => {
    await writeFile(join(dataDir, 'secret.txt'), 'secret');
    await expect(storage.delete('../secret.txt')).rejects.toBeInstanceOf(StorageKeyError);
    expect(await readFile(join(dataDir, 'secret.txt'), 'utf8')).toBe('secret');
    expect(await listAll(dataDir)).toEqual(['secret.txt']);
  });

  it('does not treat a folder as an object', async () => {
    await mkdir(join(storage.root, 'folder'), { recursive: true });
    expect(await storage.exists('folder')).toBe(false);
    expect(await storage.get('folder')).toBeNull();
  });

  it('lists nothing before the first put', async () => {
    expect(await keysOf(storage)).toEqual([]);
  });

  it('removes stale temporary files a crash left, but not fresh ones or objects', async () => {
    await storage.put('kept.txt', Readable.from([Buffer.from('x')]), putOptions());
    const stale = join(storage.root, '.0123456789abcdef.tmp');
    const fresh = join(storage.root, '.fedcba9876543210.tmp');
    await writeFile(stale, 'half');
    await writeFile(fresh, 'in progress');
    const hourAgo = new Date(Date.now() - 3600_000);
    await utimes(stale, hourAgo, hourAgo);
    expect(await keysOf(storage)).toEqual(['kept.txt']); // temporaries are never listed as objects
    expect(await storage.removeIncomplete(new Date(Date.now() - 600_000))).toBe(1);
    expect(await listAll(storage.root)).toEqual(['.fedcba9876543210.tmp', 'kept.txt']);
  });

  it('resolves a relative root', () => {
    expect(new LocalStorage('data/files').root.startsWith('/')).toBe(true);
  });
});
