/**
 * Helpers for the documents API tests: sample files with real magic bytes, raw-body uploads, lazily
 * generated bodies, and quick looks at the database and the storage.
 */
import { sql } from 'drizzle-orm';
import { ORIGIN, type TestApp } from '@tests/helpers/test-app';
import { minimalPdf, smallPng } from '@server/db/seed/sample-files';
import { UPLOAD_NAME_HEADER } from '@domain/documents/schema';

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A 1x1 transparent GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** The start of a JPEG (SOI, APP0 JFIF) and an end marker: enough for the content check. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
/** A zip's local file header (docx and xlsx are zip packages). */
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), Buffer.from('[Content_Types].xml', 'latin1'), Buffer.alloc(200, 7)]);

/** One sample per allowed extension, each with the bytes its type starts with. */
export const SAMPLES: Record<string, Buffer> = {
  pdf: minimalPdf(['Test document', 'Line two']),
  doc: Buffer.concat([OLE, Buffer.alloc(504, 0)]),
  xls: Buffer.concat([OLE, Buffer.alloc(1000, 0)]),
  docx: ZIP,
  xlsx: Buffer.concat([ZIP, Buffer.from('xl/workbook.xml', 'latin1')]),
  txt: Buffer.from('Plain text, UTF-8: Ürün Listesi ✓\n', 'utf8'),
  jpg: JPEG,
  jpeg: JPEG,
  png: smallPng(4, 3, (x, y) => [x * 60, y * 80, 120]),
  gif: GIF,
};

export const EXECUTABLES = {
  pe: Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(200, 0x90)]),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(200, 0)]),
};

type Body = Buffer | ReadableStream<Uint8Array> | null;

/**
 * POST /api/documents with a raw body; `name` goes URL-encoded in X-File-Name (null: no header); `shipmentId` aims it
 * at a shipment (the shipment page's upload).
 */
export async function upload(t: TestApp, cookie: string, name: string | null, body: Body, headers: Record<string, string> = {}, shipmentId?: string): Promise<Response> {
  const h: Record<string, string> = { origin: ORIGIN, cookie, 'content-type': 'application/octet-stream', ...headers };
  if (name !== null) h[UPLOAD_NAME_HEADER] = encodeURIComponent(name);
  const query = shipmentId === undefined ? '' : `?shipment_id=${encodeURIComponent(shipmentId)}`;
  return t.app.request(`${ORIGIN}/api/documents${query}`, { method: 'POST', headers: h, body, duplex: 'half' } as RequestInit);
}

/**
 * A body of `total` bytes made on demand in chunks of `chunk` bytes of one repeated buffer (so the test itself
 * holds no copy); with `failAt`, the stream errors once that many bytes have gone out.
 */
export function lazyBody(total: number, options: { chunk?: number; fill?: number; first?: Buffer; failAt?: number } = {}): ReadableStream<Uint8Array> {
  const size = options.chunk ?? 64 * 1024;
  const block = new Uint8Array(size).fill(options.fill ?? 0x61);
  let sent = 0;
  let first = options.first;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (options.failAt !== undefined && sent >= options.failAt) {
        controller.error(new Error('client went away'));
        return;
      }
      if (first) {
        controller.enqueue(first);
        sent += first.length;
        first = undefined;
        return;
      }
      const n = Math.min(size, total - sent);
      if (n <= 0) return controller.close();
      controller.enqueue(n === size ? block : block.subarray(0, n));
      sent += n;
    },
  });
}

export async function fileRecord(t: TestApp, name: string) {
  const r = await t.db.execute<{ name: string; original_name: string; size: number; content_type: string }>(
    sql`select name, original_name, size::int as size, content_type from files where name = ${name}`,
  );
  return r.rows[0] ?? null;
}

export async function countRows(t: TestApp, table: 'files' | 'document_assignments' | 'audit_log'): Promise<number> {
  const r = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return r.rows[0]!.n;
}

export async function storedKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.storage.list()) keys.push(o.key);
  return keys.sort();
}

export async function storedBytes(t: TestApp, key: string): Promise<Buffer | null> {
  const got = await t.storage.get(key);
  if (!got) return null;
  const parts: Buffer[] = [];
  for await (const chunk of got.stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The stored-name shape of spec section 5: 8 letters or digits, '_', then safe characters. */
export const STORED_NAME = /^[A-Za-z0-9]{8}_[A-Za-z0-9.-][A-Za-z0-9._-]*$/;

export const json = async <T = any>(res: Response): Promise<T> => (await res.json()) as T; // eslint-disable-line @typescript-eslint/no-explicit-any
