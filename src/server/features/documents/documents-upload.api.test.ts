import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import type { LocalStorage } from '@server/storage/local';
import {
  FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_ORIGINAL_NAME_LENGTH, MAX_STORED_NAME_LENGTH, MAX_UPLOAD_BYTES, storedFileName,
} from '@domain/documents/rules';
import { DOCUMENT_MESSAGES } from '@domain/documents/schema';
import { EXECUTABLES, SAMPLES, STORED_NAME, countRows, fileRecord, json, lazyBody, storedBytes, storedKeys, upload } from './test-fixtures';

let t: TestApp;
let admin: string;
let exporter: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@cargodesk.test');
  exporter = await t.signIn('export@cargodesk.test');
});
afterAll(async () => t?.close());

/** Every file on disk under the storage root, temporary ones included. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir((t.storage as LocalStorage).root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name).sort();
}

/** Runs `fn` and checks that it left no record, no object and no temporary file behind. */
async function leavesNothing(fn: () => Promise<void>) {
  const before = { files: await countRows(t, 'files'), disk: await filesOnDisk() };
  await fn();
  expect(await countRows(t, 'files')).toBe(before.files);
  expect(await filesOnDisk()).toEqual(before.disk);
}

describe('upload: each allowed type', () => {
  it.each(Object.keys(SAMPLES))('stores a .%s file under the spec-5 name, with its record and its object', async (ext) => {
    const original = `Ürün Listesi (v2).${ext}`;
    const res = await upload(t, exporter, original, SAMPLES[ext]!);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.name).toMatch(STORED_NAME);
    expect(body.name).toBe(storedFileName(original, body.name.slice(0, 8)));
    expect(body.name.slice(9)).toBe(`Urun_Listesi_v2_.${ext}`);
    expect(body).toMatchObject({ original_name: original, size: SAMPLES[ext]!.length, uploaded_by_name: 'Emre Kaya', assignment: null });
    expect(Date.now() - Date.parse(body.created_at)).toBeLessThan(60_000);
    const record = await fileRecord(t, body.name);
    expect(record).toEqual({ name: body.name, original_name: original, size: SAMPLES[ext]!.length, content_type: body.content_type });
    expect((await storedBytes(t, body.name))?.equals(SAMPLES[ext]!)).toBe(true);
    const audit = await t.db.execute<{ action: string; actor_email: string }>(sql`select action, actor_email from audit_log where target = ${body.name}`);
    expect(audit.rows).toEqual([{ action: 'document.upload', actor_email: 'export@cargodesk.test' }]);
  });

  it('takes the type from the extension, not from Content-Type', async () => {
    const res = await upload(t, admin, 'scan.PDF', SAMPLES.pdf!, { 'content-type': 'text/html' });
    expect(res.status).toBe(201);
    expect((await json(res)).content_type).toBe('application/pdf');
  });

  it('accepts an empty text file but not an empty PDF', async () => {
    const empty = await upload(t, admin, 'empty.txt', Buffer.alloc(0));
    expect(empty.status).toBe(201);
    expect((await json(empty)).size).toBe(0);
    await leavesNothing(async () => expect((await upload(t, admin, 'empty.pdf', Buffer.alloc(0))).status).toBe(415));
  });
});

describe('upload: refused types', () => {
  it.each([['virus.exe'], ['drawing.svg'], ['page.html'], ['README'], ['archive.zip'], ['.pdf'], ['   '], ['folder/']])(
    'refuses %j with 415 and the spec message',
    async (name) => {
      await leavesNothing(async () => {
        const res = await upload(t, admin, name, SAMPLES.pdf!);
        expect(res.status).toBe(415);
        expect(await json(res)).toEqual({ error: { code: 'unsupported_type', message: INVALID_FILE_TYPE_MESSAGE } });
      });
    },
  );

  it('refuses an upload without a name, or with a name that is not valid URL-encoding', async () => {
    await leavesNothing(async () => {
      expect((await upload(t, admin, null, SAMPLES.pdf!)).status).toBe(415);
      expect((await upload(t, admin, null, SAMPLES.pdf!, { 'x-file-name': '%E0%A4%A.pdf' })).status).toBe(415);
    });
  });

  it.each([
    ['a PE executable named .pdf', 'invoice.pdf', EXECUTABLES.pe],
    ['an ELF executable named .pdf', 'report.pdf', EXECUTABLES.elf],
    ['a PE executable named .txt', 'notes.txt', EXECUTABLES.pe],
    ['a shell script named .txt', 'notes.txt', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['a PE executable named .docx', 'letter.docx', EXECUTABLES.pe],
    ['a PDF named .png', 'photo.png', SAMPLES.pdf!],
    ['a PNG named .pdf', 'scan.pdf', SAMPLES.png!],
    ['binary bytes named .txt', 'data.txt', Buffer.from([0x41, 0x00, 0x42])],
    ['HTML named .jpg', 'photo.jpg', Buffer.from('<html><script>alert(1)</script></html>')],
  ])('refuses %s (415, nothing kept)', async (_label, name, bytes) => {
    await leavesNothing(async () => {
      const res = await upload(t, admin, name, bytes);
      expect(res.status).toBe(415);
      expect((await json(res)).error.message).toBe(INVALID_FILE_TYPE_MESSAGE);
    });
  });
});

describe('upload: hostile names', () => {
  const cases: [string, string, string][] = [
    ['a path climbing out', '../../etc/passwd.pdf', 'passwd.pdf'],
    ['a Windows path', 'C:\\Users\\me\\..\\Desktop\\scan.pdf', 'scan.pdf'],
    ['a NUL in the middle', 'in\u0000voice.pdf', 'invoice.pdf'],
    ['a right-to-left override', 'invoice\u202Egnp.pdf', 'invoicegnp.pdf'],
    ['bidi isolates and marks', '\u2066report\u2069\u200F.pdf', 'report.pdf'],
    ['control characters', 'a\r\nb\tc.pdf', 'abc.pdf'],
  ];
  it.each(cases)('stores %s under a safe key and shows the cleaned name', async (_label, raw, shown) => {
    const res = await upload(t, admin, raw, SAMPLES.pdf!);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.original_name).toBe(shown);
    expect(body.name).toMatch(STORED_NAME);
    expect(body.name.slice(9)).toBe(shown.replace(/[^A-Za-z0-9.-]/g, '_'));
    expect(await t.storage.exists(body.name)).toBe(true);
    expect((await fileRecord(t, body.name))?.original_name).toBe(shown);
  });

  it('caps a 1,000-character name: 255 characters shown, a 200-character key, the extension kept', async () => {
    const res = await upload(t, admin, `${'a'.repeat(996)}.pdf`, SAMPLES.pdf!);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.original_name).toHaveLength(MAX_ORIGINAL_NAME_LENGTH);
    expect(body.original_name.endsWith('aaa.pdf')).toBe(true);
    expect(body.name).toHaveLength(MAX_STORED_NAME_LENGTH);
    expect(body.name).toMatch(/^[A-Za-z0-9]{8}_a+\.pdf$/);
  });

  it('refuses a right-to-left trick that hides an executable extension', async () => {
    // 'photo[RLO]gnp.exe' displays as 'photoexe.png'; cleaned it is 'photognp.exe'.
    await leavesNothing(async () => expect((await upload(t, admin, 'photo\u202Egnp.exe', SAMPLES.png!)).status).toBe(415));
  });
});

describe('upload: size limit', () => {
  it('answers 413 at once when Content-Length says 100 MB or more, before reading the body', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
      },
    });
    await leavesNothing(async () => {
      const res = await upload(t, admin, 'big.txt', body, { 'content-length': String(MAX_UPLOAD_BYTES) });
      expect(res.status).toBe(413);
      expect(await json(res)).toEqual({ error: { code: 'too_large', message: FILE_TOO_LARGE_MESSAGE } });
    });
    expect(pulled).toBeLessThanOrEqual(1); // a stream may pre-fill one chunk; nothing was read
  });

  it('stops a streamed body of exactly 104,857,600 bytes with 413 and keeps nothing', async () => {
    await leavesNothing(async () => {
      const res = await upload(t, admin, 'exactly-100mb.txt', lazyBody(MAX_UPLOAD_BYTES));
      expect(res.status).toBe(413);
      expect((await json(res)).error.message).toBe(FILE_TOO_LARGE_MESSAGE);
    });
  });
});

describe('upload: failures and concurrency', () => {
  it('keeps nothing when the body fails midway (the client went away)', async () => {
    await leavesNothing(async () => {
      const res = await upload(t, admin, 'cut.txt', lazyBody(4 * 1024 * 1024, { failAt: 512 * 1024 }));
      expect(res.status).toBe(400);
      expect((await json(res)).error.message).toBe(DOCUMENT_MESSAGES.uploadInterrupted);
    });
  });

  it('keeps nothing when the body fails before the content check', async () => {
    await leavesNothing(async () => expect((await upload(t, admin, 'cut.txt', lazyBody(1024, { failAt: 0 }))).status).toBe(400));
  });

  it('removes the stored object again when its record cannot be written', async () => {
    await t.db.execute(sql`alter table files add constraint test_refuse_name check (original_name <> 'refused-by-db.pdf')`);
    try {
      await leavesNothing(async () => {
        const res = await upload(t, admin, 'refused-by-db.pdf', SAMPLES.pdf!);
        expect(res.status).toBe(500);
        expect((await json(res)).error.code).toBe('internal');
      });
    } finally {
      await t.db.execute(sql`alter table files drop constraint test_refuse_name`);
    }
  });

  it('lands 10 concurrent uploads of the same name under 10 distinct keys', async () => {
    const keysBefore = await storedKeys(t);
    const bodies = Array.from({ length: 10 }, (_, i) => Buffer.from(`copy ${i}\n`.repeat(2000 + i)));
    const results = await Promise.all(bodies.map((b) => upload(t, admin, 'same name.txt', b)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const rows = await Promise.all(results.map((r) => json(r)));
    const names = rows.map((r) => r.name);
    expect(new Set(names).size).toBe(10);
    for (const [i, name] of names.entries()) {
      expect(name).toMatch(/^[A-Za-z0-9]{8}_same_name\.txt$/);
      expect((await storedBytes(t, name))?.equals(bodies[i]!)).toBe(true);
      expect((await fileRecord(t, name))?.size).toBe(bodies[i]!.length);
    }
    expect((await storedKeys(t)).length).toBe(keysBefore.length + 10);
  });
});
