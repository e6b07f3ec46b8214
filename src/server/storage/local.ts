import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageKeyError, assertMaxBytes, assertSafeKey, byteLimit, type ListedObject, type PutOptions, type Storage, type StoredObject } from './storage';

const isNotFound = (e: unknown) => (e as { code?: string } | null)?.code === 'ENOENT';

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
    const out = createWriteStream(temp, { flags: 'wx' });
    try {
      await pipeline(body, byteLimit(options.maxBytes, counted), out);
      await rename(temp, path);
    } catch (e) {
      // A stream destroyed before its file was open still opens it, then closes it: remove the file only after that.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
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

  async *list(): AsyncIterable<ListedObject> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (e) {
      if (isNotFound(e)) return;
      throw e;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      try {
        assertSafeKey(key);
      } catch {
        continue; // a temporary file of a put in progress (or of one cut off by a crash): see removeIncomplete
      }
      const info = await stat(join(this.root, key)).catch(() => null);
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }

  /** Removes temporary files that a crash left behind (older than `before`, so a put in progress keeps its own). */
  async removeIncomplete(before: Date): Promise<number> {
    let removed = 0;
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch((e: unknown) => {
      if (isNotFound(e)) return [];
      throw e;
    });
    for (const entry of entries) {
      if (!entry.isFile() || !TEMPORARY.test(entry.name)) continue;
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtime < before) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

const TEMPORARY = /^\.[0-9a-f]{16}\.tmp$/;

/** The default driver: `DATA_DIR/files`. */
export function localStorageIn(dataDir: string): LocalStorage {
  return new LocalStorage(join(dataDir, 'files'));
}
