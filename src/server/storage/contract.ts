import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageKeyError, StorageLimitError, type Storage } from './storage';

/**
 * The one contract every storage driver meets (issue 6): the local folder and the S3-compatible driver run the
 * same tests. `setup` makes an empty store; `cleanup` removes it.
 */
export type StorageFixture = { storage: Storage; cleanup: () => Promise<void> };

export const putOptions = (maxBytes = 1024) => ({ contentType: 'application/octet-stream', maxBytes });

/** A stream of `count` chunks of `size` bytes, produced lazily. */
export function chunks(count: number, size: number, fill = 0x61): Readable {
  let i = 0;
  return new Readable({
    read() {
      this.push(i++ < count ? Buffer.alloc(size, fill) : null);
    },
  });
}

export async function keysOf(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of storage.list()) keys.push(o.key);
  return keys.sort();
}

export function describeStorageContract(label: string, setup: () => Promise<StorageFixture>) {
  describe(`${label}: the storage contract`, () => {
    let fixture: StorageFixture;
    let storage: Storage;
    beforeEach(async () => {
      fixture = await setup();
      storage = fixture.storage;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it('round-trips put, exists, get, list, delete', async () => {
      const key = 'aB3dE5fG_Urun_Listesi_v2_.pdf';
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.put(key, Readable.from([Buffer.from('%PDF-1.7 '), Buffer.from('hello')]), putOptions())).toEqual({ size: 14 });
      expect(await storage.exists(key)).toBe(true);
      const got = await storage.get(key);
      expect(got?.size).toBe(14);
      expect(await text(got!.stream)).toBe('%PDF-1.7 hello');
      const listed = [];
      for await (const o of storage.list()) listed.push(o);
      expect(listed.map((o) => o.key)).toEqual([key]);
      expect(Math.abs(listed[0]!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key); // deleting again is fine
      expect(await keysOf(storage)).toEqual([]);
    });

    it('accepts exactly maxBytes and an empty body', async () => {
      expect(await storage.put('exact', chunks(4, 256), putOptions(1024))).toEqual({ size: 1024 });
      expect(await storage.put('empty', Readable.from([]), putOptions(1024))).toEqual({ size: 0 });
      const empty = await storage.get('empty');
      expect(empty?.size).toBe(0);
      expect(await text(empty!.stream)).toBe('');
    });

    it('stops a stream one byte over the limit and leaves nothing behind', async () => {
      await expect(storage.put('big.bin', chunks(5, 256), putOptions(1024))).rejects.toBeInstanceOf(StorageLimitError);
      await expect(storage.put('one-over', Readable.from([Buffer.alloc(1024), Buffer.alloc(1)]), putOptions(1024))).rejects.toThrow(StorageLimitError);
      expect(await storage.exists('big.bin')).toBe(false);
      expect(await storage.exists('one-over')).toBe(false);
      expect(await keysOf(storage)).toEqual([]);
    });

    it('stops reading the source once over the limit (no draining an endless body)', async () => {
      let produced = 0;
      const endless = new Readable({
        read() {
          produced++;
          this.push(Buffer.alloc(64 * 1024));
        },
      });
      await expect(storage.put('endless', endless, putOptions(1024 * 1024))).rejects.toBeInstanceOf(StorageLimitError);
      expect(produced).toBeLessThan(64);
      expect(endless.destroyed).toBe(true);
      expect(await keysOf(storage)).toEqual([]);
    });

    it('leaves nothing when the source fails midway, and keeps an earlier object intact', async () => {
      await storage.put('doc.txt', Readable.from([Buffer.from('old')]), putOptions());
      async function* failing() {
        yield Buffer.from('partial');
        throw new Error('connection reset');
      }
      await expect(storage.put('doc.txt', failing(), putOptions())).rejects.toThrow('connection reset');
      expect(await text((await storage.get('doc.txt'))!.stream)).toBe('old');
      expect(await keysOf(storage)).toEqual(['doc.txt']);
    });

    it.each(['../escape', '../../etc/passwd', 'a/../../b', 'a/../b', '/abs', '', '.', '..', 'a//b', 'a\\..\\b', '.hidden', 'a/.tmp', 'nul\u0000', 'sp ace', 'x'.repeat(600)])(
      'refuses the key %j',
      async (key) => {
        await expect(storage.put(key, Readable.from([Buffer.from('x')]), putOptions())).rejects.toBeInstanceOf(StorageKeyError);
        await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
        await expect(storage.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
        await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
      },
    );

    it('handles concurrent puts of different keys', async () => {
      const keys = Array.from({ length: 12 }, (_, i) => `k/${i % 3}/file-${i}.bin`);
      const sizes = await Promise.all(keys.map((key, i) => storage.put(key, chunks(10 + i, 1000, 0x30 + (i % 10)), putOptions(1_000_000))));
      expect(sizes.map((s) => s.size)).toEqual(keys.map((_, i) => (10 + i) * 1000));
      for (const [i, key] of keys.entries()) {
        const got = await storage.get(key);
        expect(got?.size).toBe((10 + i) * 1000);
        expect(await text(got!.stream)).toBe(String.fromCharCode(0x30 + (i % 10)).repeat((10 + i) * 1000));
      }
      expect(await keysOf(storage)).toEqual([...keys].sort());
    });

    it('keeps concurrent over-limit and good puts apart', async () => {
      const results = await Promise.allSettled([
        storage.put('good', chunks(3, 100), putOptions(1000)),
        storage.put('bad', chunks(30, 100), putOptions(1000)),
      ]);
      expect(results[0]?.status).toBe('fulfilled');
      expect(results[1]?.status).toBe('rejected');
      expect(await keysOf(storage)).toEqual(['good']);
    });

    it('refuses a bad maxBytes', async () => {
      await expect(storage.put('a', Readable.from([]), putOptions(-1))).rejects.toThrow(RangeError);
      await expect(storage.put('a', Readable.from([]), putOptions(Number.NaN))).rejects.toThrow(RangeError);
    });

    it('streams a multi-part object (12 MiB) through in chunks', async () => {
      const size = 12 * 1024 * 1024;
      expect(await storage.put('large.bin', chunks(192, 64 * 1024, 0x7a), putOptions(size))).toEqual({ size });
      const got = await storage.get('large.bin');
      expect(got?.size).toBe(size);
      let read = 0;
      for await (const chunk of got!.stream) {
        read += (chunk as Buffer).length;
        expect((chunk as Buffer).every((b) => b === 0x7a)).toBe(true);
      }
      expect(read).toBe(size);
    });
  });
}
