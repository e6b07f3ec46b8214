/**
 * The backup file: a gzip-compressed tar (`tar tzf` lists it), read and written as a stream with tar-stream
 * (decision record 0227), so neither a backup nor a restore holds more than one batch or one document in memory.
 *
 *   cargodesk-backup.json         the manifest (always first): migrations, tables with counts and checksums, sequences
 *   auth-secret                   DATA_DIR/auth-secret, when the installation keeps its secret there
 *   tables/<table>/<n>.json       a batch of rows: a JSON array of row_to_json texts
 *   documents/<key>               each stored document of the local folder that the snapshot's records name
 *   documents.json                size and sha256 of each, and the keys that were gone (always last)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { Database } from '../client';
import type { Storage } from '@server/storage/storage';
import { BackupError, openLoader, readSnapshot, type Manifest, type TableInfo } from './logical';

export const MANIFEST_ENTRY = 'cargodesk-backup.json';
const SECRET_ENTRY = 'auth-secret';
const DOCUMENTS_ENTRY = 'documents.json';

type DocumentFact = { key: string; size: number; sha256: string };
type DocumentsList = { stored: DocumentFact[]; missing: string[] };

export type BackupSummary = { manifest: Manifest; documents: DocumentsList | null; bytes: number };

function addEntry(pack: tar.Pack, name: string, body: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name }, body, (err) => (err ? reject(err) : resolve())));
}

/** Passes `source` through, counting its bytes and hashing them into `fact` (complete when the source ends). */
async function* hashed(source: AsyncIterable<Uint8Array>, fact: { sha256: string; size: number }): AsyncGenerator<Uint8Array> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of source) {
    hash.update(chunk);
    fact.size += chunk.length;
    yield chunk;
  }
  fact.sha256 = hash.digest('hex');
}

/** Streams `body` into a tar entry of `size` bytes, waiting for the archive to take each chunk. */
async function addStreamEntry(pack: tar.Pack, name: string, size: number, body: AsyncIterable<Uint8Array>): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size }, (err) => (err ? reject(err) : resolve()));
    void (async () => {
      try {
        for await (const chunk of body) {
          if (!entry.write(Buffer.from(chunk))) await new Promise<void>((r) => entry.once('drain', () => r()));
        }
        (entry as NodeJS.WritableStream).end();
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        entry.destroy(error);
        reject(error);
      }
    })();
  });
  await done;
}

export type BackupSources = {
  database: Database;
  /** The local documents folder to copy from; null when documents live in an S3-compatible store (not copied). */
  storage: Storage | null;
  /** DATA_DIR/auth-secret when it exists (the embedded installation's generated secret). */
  authSecretFile?: string | undefined;
};

/**
 * Writes a backup of `sources` to `out`: one snapshot of the database, then the documents its `files` rows name.
 * Documents are written before their record commits (upload.ts) and removed only after it is deleted, so every
 * key of the snapshot has its object unless a delete committed after the snapshot was read; such keys are listed
 * as missing in documents.json (their records then point at a removed document, as they would a minute later).
 */
export async function writeBackup(sources: BackupSources, out: Writable): Promise<BackupSummary> {
  const pack = tar.pack();
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _e, cb) {
      bytes += chunk.length;
      cb(null, chunk);
    },
  });
  const written = pipeline(pack, zlib.createGzip({ level: 6 }), counter, out);
  written.catch(() => undefined);
  try {
    const batchNo = new Map<string, number>();
    const manifest = await readSnapshot(sources.database, {
      async manifest(m) {
        await addEntry(pack, MANIFEST_ENTRY, JSON.stringify(m, null, 1));
        if (sources.authSecretFile && fs.existsSync(sources.authSecretFile)) await addEntry(pack, SECRET_ENTRY, fs.readFileSync(sources.authSecretFile));
      },
      async rows(table, json) {
        const n = (batchNo.get(table) ?? 0) + 1;
        batchNo.set(table, n);
        await addEntry(pack, `tables/${table}/${String(n).padStart(6, '0')}.json`, json);
      },
    });
    let documents: DocumentsList | null = null;
    if (sources.storage) {
      documents = { stored: [], missing: [] };
      for (const key of manifest.documents) {
        const object = await sources.storage.get(key);
        if (!object) {
          documents.missing.push(key);
          continue;
        }
        const fact = { key, size: 0, sha256: '' };
        await addStreamEntry(pack, `documents/${key}`, object.size, hashed(object.stream, fact));
        documents.stored.push(fact);
      }
      await addEntry(pack, DOCUMENTS_ENTRY, JSON.stringify(documents));
    }
    pack.finalize();
    await written;
    return { manifest, documents, bytes };
  } catch (e) {
    pack.destroy(e as Error);
    await written.catch(() => undefined);
    throw e;
  }
}

/** Writes a backup into `file`, which must not exist; a failed backup leaves no file behind. */
export async function writeBackupFile(sources: BackupSources, file: string): Promise<BackupSummary> {
  if (fs.existsSync(file)) throw new BackupError(`${file} exists already (EEXIST): choose another file.`);
  const temp = `${file}.partial`;
  try {
    const summary = await writeBackup(sources, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
    // A link, not a rename: it never replaces a file that appeared meanwhile.
    fs.linkSync(temp, file);
    return summary;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

export type RestoreTargets = {
  database: Database;
  /** Where documents go; null when the target keeps them elsewhere (then the backup's documents are skipped). */
  storage: Storage | null;
  /** Where the backup's auth-secret goes (the target DATA_DIR), if the backup holds one. */
  authSecretFile?: string | undefined;
};

export type RestoreSummary = { manifest: Manifest; tables: TableInfo[]; documents: DocumentsList | null; authSecret: boolean };

/**
 * Restores a backup from `input` (the compressed archive) into an empty target. The rows go into one
 * transaction, committed only when every table's count and checksum match the manifest and every document's
 * size and sha256 match documents.json; anything else rolls the database back.
 */
export async function restoreBackup(input: Readable, targets: RestoreTargets): Promise<RestoreSummary> {
  const extract = tar.extract();
  const reading = pipeline(input, zlib.createGunzip(), extract);
  reading.catch(() => undefined);
  let manifest: Manifest | undefined;
  let loader: Awaited<ReturnType<typeof openLoader>> | undefined;
  let documents: DocumentsList | null = null;
  let authSecret = false;
  const received = new Map<string, DocumentFact>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== MANIFEST_ENTRY) throw new BackupError('This file is not a Cargodesk backup (no cargodesk-backup manifest at its start).');
        manifest = JSON.parse((await readAll(entry)).toString('utf8')) as Manifest;
        loader = await openLoader(targets.database, manifest);
      } else if (name === SECRET_ENTRY) {
        const secret = await readAll(entry);
        if (targets.authSecretFile && !fs.existsSync(targets.authSecretFile)) {
          fs.mkdirSync(path.dirname(targets.authSecretFile), { recursive: true });
          fs.writeFileSync(targets.authSecretFile, secret, { mode: 0o600 });
          authSecret = true;
        }
      } else if (name.startsWith('tables/')) {
        await loader!.rows(name.split('/')[1]!, (await readAll(entry)).toString('utf8'));
      } else if (name.startsWith('documents/')) {
        const key = name.slice('documents/'.length);
        if (!targets.storage) {
          await readAll(entry); // skipped: the target keeps its documents elsewhere
          continue;
        }
        const fact = { key, size: 0, sha256: '' };
        await targets.storage.put(key, hashed(entry as AsyncIterable<Uint8Array>, fact), { contentType: 'application/octet-stream', maxBytes: Number.MAX_SAFE_INTEGER });
        received.set(key, fact);
      } else if (name === DOCUMENTS_ENTRY) {
        documents = JSON.parse((await readAll(entry)).toString('utf8')) as DocumentsList;
      } else {
        throw new BackupError(`Unexpected entry in the backup: ${name}`);
      }
    }
    await reading;
    if (!manifest || !loader) throw new BackupError('The backup is empty.');
    if (targets.storage && documents) {
      for (const d of documents.stored) {
        const got = received.get(d.key);
        if (!got || got.size !== d.size || got.sha256 !== d.sha256) throw new BackupError(`Document ${d.key} did not arrive intact.`);
      }
    } else if (targets.storage && manifest.documents.length > 0 && !documents) {
      throw new BackupError('The backup ends before its documents list: the file is incomplete.');
    }
    const tables = await loader.finish();
    return { manifest, tables, documents, authSecret };
  } catch (e) {
    await loader?.abort();
    extract.destroy();
    throw e instanceof BackupError ? e : new BackupError(`The restore stopped: ${(e as Error).message}`);
  }
}

