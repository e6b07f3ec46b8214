import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageKeyError, StorageLimitError, assertMaxBytes, assertSafeKey, type PutOptions, type Storage, type StoredObject } from './storage';

const isNotFound = (e: unknown) => (e as { code?: string } | null)?.code === 'ENOENT';

/** Counts bytes as they pass and fails the pipeline as soon as there are more than `maxBytes`. */
function byteLimit(maxBytes: number, counted: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.size += chunk.length;
      if (counted.size > maxBytes) callback(new StorageLimitError(maxBytes));
      else callback(null, chunk);
    },
  });
}

/**
 * The local-folder driver: objects are files under `root` (by default `DATA_DIR/files`). A put writes a hidden
 * temporary file in the target folder and renames it into place, so a crash never leaves a half file under
 * the final name (rename within one folder is atomic).
 */
export class LocalStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The absolute path of a key, refusing anything that would leave the root. */
  pathFor(key: string): string {
    assertSafeKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new StorageKeyError(key);
    return path;
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<{ size: number }> {
    assertMaxBytes(options.maxBytes);
    const path = this.pathFor(key);
    const folder = dirname(path);
    await mkdir(folder, { recursive: true });
    const temp = join(folder, `.${randomBytes(8).toString('hex')}.tmp`);
    const counted = { size: 0 };
    try {
      await pipeline(body, byteLimit(options.maxBytes, counted), createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, path);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    return { size: counted.size };
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.pathFor(key);
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      // The stream owns the handle from here and closes it when done or destroyed.
      return { stream: handle.createReadStream(), size: info.size };
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathFor(key))).isFile();
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }
}

/** The default driver: `DATA_DIR/files`. */
export function localStorageIn(dataDir: string): LocalStorage {
  return new LocalStorage(join(dataDir, 'files'));
}
