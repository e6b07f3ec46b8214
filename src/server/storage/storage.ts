import { Transform, type Readable } from 'node:stream';

/**
 * The one small storage interface (design.md section 1): the local folder `DATA_DIR/files` by default, an
 * S3-compatible store when configured. Keys are made by the server (see `storedFileName`), never by a client.
 */
export interface PutOptions {
  contentType: string;
  /** More than this many bytes stops the write with `StorageLimitError`, and nothing is left behind. */
  maxBytes: number;
}

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface Storage {
  /**
   * Streams `body` to `key` with constant memory. The object appears under `key` only once complete; on any
   * failure (limit, source error, disk) nothing is left. Resolves with the bytes written.
   * Callers with a web `ReadableStream` (a fetch/Hono body) pass `Readable.fromWeb(body)`.
   */
  put(key: string, body: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<{ size: number }>;
  /** The object and its size, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every object's key and last change, in no particular order (for the orphan sweep). */
  list(): AsyncIterable<ListedObject>;
  /**
   * Removes what interrupted puts left (older than `before`, so a put in progress keeps its own). The local
   * driver's temporary files; an S3 bucket does this with its lifecycle rule for incomplete multipart uploads.
   */
  removeIncomplete?(before: Date): Promise<number>;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

/** More bytes arrived than `maxBytes`; the route maps it to 413. */
export class StorageLimitError extends Error {
  override readonly name = 'StorageLimitError';
  constructor(readonly maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes`);
  }
}

/** A key that is not a plain relative path of safe segments. */
export class StorageKeyError extends Error {
  override readonly name = 'StorageKeyError';
  constructor(readonly key: string) {
    super('Invalid storage key');
  }
}

export const MAX_KEY_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Keys are '/'-separated segments of letters, digits, '.', '_', '-', none starting with '.', so no '..', no
 * absolute paths, no backslashes, no hidden (temporary) names. Throws `StorageKeyError` otherwise.
 */
export function assertSafeKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new StorageKeyError(String(key));
  if (!key.split('/').every((s) => SEGMENT.test(s))) throw new StorageKeyError(key);
}

export function assertMaxBytes(maxBytes: number): void {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new RangeError('maxBytes must be a whole number of 0 or more');
}

/** Counts bytes as they pass and fails the stream as soon as there are more than `maxBytes`. */
export function byteLimit(maxBytes: number, counted: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.size += chunk.length;
      if (counted.size > maxBytes) callback(new StorageLimitError(maxBytes));
      else callback(null, chunk);
    },
  });
}
