import { msg } from '@domain/common/i18n';
import { randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { files } from '@server/db/schema';
import type { Actor } from '@server/http/context';
import { AppError, isUniqueViolation } from '@server/http/errors';
import type { Logger } from '@server/logger';
import { StorageLimitError, type Storage } from '@server/storage/storage';
import {
  ALLOWED_FILE_TYPES, FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_UPLOAD_BYTES, SNIFF_BYTES, allowedExtensionOf,
  cleanOriginalName, sniffFileType, storedFileName,
} from '@domain/documents/rules';
import { DOCUMENT_MESSAGES, type DocumentRow } from '@domain/documents/schema';
import { auditDocument, getDocument } from './service';
import { assertMayAssignTo, insertAssignment } from './assignments';
import type { NotifyDeps } from '@server/notifications/dispatch';

export type UploadInput = {
  /** The X-File-Name header as sent: the original name, URL-encoded. */
  encodedName: string | undefined;
  /** The Content-Length header, when the client sent one. */
  contentLength: string | undefined;
  /** The raw request body, read as a stream (never buffered whole). */
  body: ReadableStream<Uint8Array> | null;
  /** Assign the new document to this shipment in the same transaction (the shipment page's upload). */
  shipmentId?: string | undefined;
  /**
   * Attach the new document to something else (a message, a request: issue 15): `check` runs before a byte is
   * stored, and `record` inside the transaction that writes the document, so a refusal keeps nothing.
   */
  attach?: { check: (db: Db) => Promise<void>; record: (tx: Tx, file: { name: string; original_name: string; size: number; content_type: string }) => Promise<void> } | undefined;
};

/** `notices`: where mail links start and the unsubscribe secret, for the notices of an upload aimed at a shipment. */
export type UploadDeps = { db: Db; storage: Storage; log: Logger; notices: NotifyDeps };

const tooLarge = () => new AppError('too_large', FILE_TOO_LARGE_MESSAGE);
const invalidType = () => new AppError('unsupported_type', INVALID_FILE_TYPE_MESSAGE);

/** The original name from the header, cleaned for display; 415 when absent, undecodable, empty or of a type not allowed. */
export function originalNameOf(encodedName: string | undefined): string {
  if (!encodedName) throw invalidType();
  let decoded: string;
  try {
    decoded = decodeURIComponent(encodedName);
  } catch {
    throw invalidType();
  }
  const name = cleanOriginalName(decoded);
  if (!name || !allowedExtensionOf(name)) throw invalidType();
  return name;
}

/** 413 before reading anything when the declared length is already too much (spec: under 100 MB). */
function checkDeclaredLength(contentLength: string | undefined): void {
  if (contentLength === undefined || contentLength === '') return;
  if (!/^\d{1,20}$/.test(contentLength)) throw new AppError('invalid_input', msg('Content-Length must be a whole number of bytes'));
  if (Number(contentLength) >= MAX_UPLOAD_BYTES) throw tooLarge();
}

const PREFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 8 crypto-random letters and digits: the stored name's prefix (spec section 5). */
export function randomPrefix(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += PREFIX_ALPHABET[randomInt(PREFIX_ALPHABET.length)];
  return s;
}

/** A stored name no record and no object uses yet (a clash needs the same 8 random characters: retried, not expected). */
async function freshKey(db: Db, storage: Storage, original: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const key = storedFileName(original, randomPrefix());
    const [taken] = await db.select({ name: files.name }).from(files).where(eq(files.name, key));
    if (!taken && !(await storage.exists(key))) return key;
  }
  throw new Error('could not find a free stored name after 5 attempts');
}

/** The client's body failed (connection cut, aborted upload): not our fault, and nothing is kept. */
class UploadInterrupted extends Error {
  override readonly name = 'UploadInterrupted';
}

type Chunks = AsyncIterator<Uint8Array>;

async function next(source: Chunks): Promise<IteratorResult<Uint8Array>> {
  try {
    return await source.next();
  } catch (e) {
    throw new UploadInterrupted((e as Error)?.message ?? 'upload interrupted', { cause: e });
  }
}

/** Reads chunks until at least SNIFF_BYTES are in (or the body ends): the bytes the content check looks at. */
async function readHead(source: Chunks): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const r = await next(source);
    if (r.done) break;
    const chunk = Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
    parts.push(chunk);
    length += chunk.length;
  }
  return Buffer.concat(parts);
}

/** The head again, then the rest of the body as it arrives. Stopping early (limit, failure) stops the source too. */
async function* headThenRest(head: Buffer, source: Chunks): AsyncGenerator<Uint8Array> {
  try {
    if (head.length > 0) yield head;
    for (;;) {
      const r = await next(source);
      if (r.done) return;
      yield r.value;
    }
  } finally {
    await source.return?.();
  }
}

/**
 * Stores an upload (decision 0171). Order: the name and its extension (415), a declared length (413), then the
 * first bytes against the extension, executables refused (415); then the whole body streams to storage under a
 * fresh key with a byte limit (413 on the first byte too many, nothing left). The object is written first and
 * the record committed after it, with the audit row; if the record fails, the object is removed again.
 */
export async function uploadDocument(deps: UploadDeps, actor: Actor, input: UploadInput): Promise<DocumentRow> {
  const originalName = originalNameOf(input.encodedName);
  checkDeclaredLength(input.contentLength);
  // Aimed at a shipment (issue 21: upload from the shipment page): refused before a byte is stored when it may not be.
  if (input.shipmentId !== undefined) await assertMayAssignTo(deps.db, actor.user, input.shipmentId);
  await input.attach?.check(deps.db);
  const stream = input.body ? Readable.fromWeb(input.body as WebReadableStream<Uint8Array>) : Readable.from([]);
  const source = stream[Symbol.asyncIterator]() as Chunks;
  let handedOver = false;
  try {
    const head = await readHead(source);
    if (!sniffFileType(head.subarray(0, SNIFF_BYTES), originalName).ok) throw invalidType();
    const contentType = ALLOWED_FILE_TYPES[allowedExtensionOf(originalName)!];
    const key = await freshKey(deps.db, deps.storage, originalName);

    handedOver = true;
    let size: number;
    try {
      ({ size } = await deps.storage.put(key, headThenRest(head, source), { contentType, maxBytes: MAX_UPLOAD_BYTES - 1 }));
    } catch (e) {
      throw e instanceof StorageLimitError ? tooLarge() : e;
    }

    try {
      const created = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(files)
          .values({ name: key, original_name: originalName, size, content_type: contentType, uploaded_by: actor.user.id })
          .returning({ created_at: files.created_at });
        await auditDocument(tx, actor, 'document.upload', key, { original_name: originalName, size, content_type: contentType });
        if (input.shipmentId !== undefined) {
          await assertMayAssignTo(tx, actor.user, input.shipmentId);
          await insertAssignment(tx, actor.user, key, originalName, input.shipmentId, deps.notices);
        }
        await input.attach?.record(tx, { name: key, original_name: originalName, size, content_type: contentType });
        return row!.created_at;
      });
      if (input.shipmentId !== undefined) return await getDocument(deps.db, key);
      return {
        name: key,
        original_name: originalName,
        size,
        content_type: contentType,
        created_at: created.toISOString(),
        uploaded_by_name: actor.user.full_name,
        assignment: null,
      };
    } catch (e) {
      // A unique clash means another record owns this key (and its object): leave the object to it.
      if (!isUniqueViolation(e)) await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'upload cleanup failed'));
      throw e;
    }
  } catch (e) {
    throw e instanceof UploadInterrupted ? new AppError('invalid_input', DOCUMENT_MESSAGES.uploadInterrupted) : e;
  } finally {
    // Refused before streaming (type, sniff): stop reading the body; the server drains or closes the connection.
    if (!handedOver) await source.return?.();
  }
}
