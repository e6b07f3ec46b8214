import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage, localStorageIn } from './local';
import { StorageKeyError, StorageLimitError } from './storage';

const opts = (maxBytes = 1024) => ({ contentType: 'application/octet-stream', maxBytes });

/** A stream of `count` chunks of `size` bytes, produced lazily. */
function chunks(count: number, size: number, fill = 0x61): Readable {
  let i = 0;
  return new Readable({
    read() {
      this.push(i++ < count ? Buffer.alloc(size, fill) : null);
    },
  });
}

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
  it('lives in DATA_DIR/files', () => {
    expect(storage.root).toBe(join(dataDir, 'files'));
  });

  it('round-trips put, exists, get, delete', async () => {
    const key = 'documents/aB3dE5fG_Urun_Listesi_v2_.pdf';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.put(key, Readable.from([Buffer.from('%PDF-1.7 '), Buffer.from('hello')]), opts())).toEqual({ size: 14 });
    expect(await storage.exists(key)).toBe(true);
    const got = await storage.get(key);
    expect(got?.size).toBe(14);
    expect(await text(got!.stream)).toBe('%PDF-1.7 hello');
    expect(await readFile(join(dataDir, 'files', key), 'utf8')).toBe('%PDF-1.7 hello');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // deleting again is fine
    expect(await listAll(storage.root)).toEqual([]);
  });

  it('accepts exactly maxBytes and an empty body', async () => {
    expect(await storage.put('exact', chunks(4, 256), opts(1024))).toEqual({ size: 1024 });
    expect(await storage.put('empty', Readable.from([]), opts(1024))).toEqual({ size: 0 });
    expect((await storage.get('empty'))?.size).toBe(0);
  });

  it('stops a stream over the limit and leaves no file, not even a temporary one', async () => {
    await expect(storage.put('big.bin', chunks(5, 256), opts(1024))).rejects.toBeInstanceOf(StorageLimitError);
    expect(await storage.exists('big.bin')).toBe(false);
    expect(await listAll(storage.root)).toEqual([]);
    // One byte over, in a nested folder.
    await expect(storage.put('a/b/one-over', Readable.from([Buffer.alloc(1024), Buffer.alloc(1)]), opts(1024))).rejects.toThrow(StorageLimitError);
    expect(await listAll(storage.root)).toEqual([]);
  });

  it('stops reading the source once over the limit (constant memory, no draining 1 GB)', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced++;
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    await expect(storage.put('endless', endless, opts(1024 * 1024))).rejects.toBeInstanceOf(StorageLimitError);
    expect(produced).toBeLessThan(64);
    expect(endless.destroyed).toBe(true);
    expect(await listAll(storage.root)).toEqual([]);
  });

  it('leaves nothing when the source fails midway, and keeps an earlier object intact', async () => {
    await storage.put('doc.txt', Readable.from([Buffer.from('old')]), opts());
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('connection reset');
    }
    await expect(storage.put('doc.txt', failing(), opts())).rejects.toThrow('connection reset');
    expect(await text((await storage.get('doc.txt'))!.stream)).toBe('old');
    expect(await listAll(storage.root)).toEqual(['doc.txt']);
  });

  it.each(['../escape', '../../etc/passwd', 'a/../../b', 'a/../b', '/abs', '', '.', '..', 'a//b', 'a\\..\\b', '.hidden', 'a/.tmp', 'nul\u0000', 'sp ace', 'x'.repeat(600)])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), opts())).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    },
  );

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

  it('handles concurrent puts of different keys', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `k/${i % 3}/file-${i}.bin`);
    const sizes = await Promise.all(keys.map((key, i) => storage.put(key, chunks(10 + i, 1000, 0x30 + (i % 10)), opts(1_000_000))));
    expect(sizes.map((s) => s.size)).toEqual(keys.map((_, i) => (10 + i) * 1000));
    for (const [i, key] of keys.entries()) {
      const got = await storage.get(key);
      expect(got?.size).toBe((10 + i) * 1000);
      expect(await text(got!.stream)).toBe(String.fromCharCode(0x30 + (i % 10)).repeat((10 + i) * 1000));
    }
    expect((await listAll(storage.root)).length).toBe(20);
  });

  it('keeps concurrent over-limit and good puts apart', async () => {
    const results = await Promise.allSettled([
      storage.put('good', chunks(3, 100), opts(1000)),
      storage.put('bad', chunks(30, 100), opts(1000)),
    ]);
    expect(results[0]?.status).toBe('fulfilled');
    expect(results[1]?.status).toBe('rejected');
    expect(await listAll(storage.root)).toEqual(['good']);
  });

  it('refuses a bad maxBytes', async () => {
    await expect(storage.put('a', Readable.from([]), opts(-1))).rejects.toThrow(RangeError);
    await expect(storage.put('a', Readable.from([]), opts(Number.NaN))).rejects.toThrow(RangeError);
  });

  it('resolves a relative root', () => {
    expect(new LocalStorage('data/files').root.startsWith('/')).toBe(true);
  });
});
