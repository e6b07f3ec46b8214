/**
 * The documents API on the S3-compatible driver (issue 6: the same contract on both drivers), against a real
 * S3-compatible server on loopback (s3rver), as src/server/storage/s3.unit.test.ts does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/test-app';
import { createLogger } from '@server/logger';
import { S3Storage } from '@server/storage/s3';
import { DEMO_DOCUMENTS } from '@server/db/seed/demo-documents';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, storedFileName } from '@domain/documents/rules';
import { sweepOrphanFiles } from './sweep';
import { EXECUTABLES, SAMPLES, countRows, fileRecord, json, lazyBody, storedBytes, storedKeys, upload } from './test-fixtures';

let server: S3rver;
let dir: string;
let storage: S3Storage;
let t: TestApp;
let admin: string;
let customer: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cargodesk-s3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await server.run();
  const bucket = `documents-${randomBytes(4).toString('hex')}`;
  storage = new S3Storage({
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  await storage.client.send(new CreateBucketCommand({ Bucket: bucket }));
  t = await createTestApp({ storage });
  admin = await t.signIn('admin@cargodesk.test');
  customer = await t.signIn('customer@cargodesk.test');
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function download(name: string, cookie = admin) {
  const link = await t.request(`/api/documents/${name}/link?disposition=inline`, { cookie });
  expect(link.status).toBe(200);
  return t.request((await json(link)).url, { cookie });
}

/** Checks that `fn` leaves no record and no object in the bucket. */
async function leavesNothing(fn: () => Promise<void>) {
  const before = { files: await countRows(t, 'files'), keys: await storedKeys(t) };
  await fn();
  expect(await countRows(t, 'files')).toBe(before.files);
  expect(await storedKeys(t)).toEqual(before.keys);
}

describe('documents on S3', () => {
  it('seeded the demo documents into the bucket; the customer downloads their own', async () => {
    const own = storedFileName(DEMO_DOCUMENTS[0]!.original, DEMO_DOCUMENTS[0]!.prefix);
    expect((await storedBytes(t, own))?.equals(DEMO_DOCUMENTS[0]!.bytes())).toBe(true);
    const res = await download(own, customer);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(DEMO_DOCUMENTS[0]!.bytes())).toBe(true);
  });

  it.each(['pdf', 'docx', 'png', 'txt'])('uploads, serves and deletes a .%s file', async (ext) => {
    const res = await upload(t, admin, `Manifest (S3).${ext}`, SAMPLES[ext]!);
    expect(res.status).toBe(201);
    const { name, size } = await json(res);
    expect(size).toBe(SAMPLES[ext]!.length);
    expect(await storage.exists(name)).toBe(true);

    const file = await download(name);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-length')).toBe(String(SAMPLES[ext]!.length));
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toContain(`filename*=UTF-8''Manifest%20%28S3%29.${ext}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(SAMPLES[ext]!)).toBe(true);

    expect((await t.request(`/api/documents/${name}`, { method: 'DELETE', cookie: admin })).status).toBe(204);
    expect(await storage.exists(name)).toBe(false);
    expect(await fileRecord(t, name)).toBeNull();
  });

  it('streams a multi-part upload (12 MB) through to the bucket', async () => {
    const total = 12 * 1024 * 1024;
    const res = await upload(t, admin, 'big-manifest.txt', lazyBody(total));
    expect(res.status).toBe(201);
    const { name } = await json(res);
    const got = await storage.get(name);
    got?.stream.destroy();
    expect(got?.size).toBe(total);
  });

  it('stops a body of exactly 100 MB with 413 and leaves no object (the multipart upload is aborted)', { timeout: 120_000 }, async () => {
    await leavesNothing(async () => {
      const res = await upload(t, admin, 'too-big.txt', lazyBody(MAX_UPLOAD_BYTES));
      expect(res.status).toBe(413);
      expect((await json(res)).error.message).toBe(FILE_TOO_LARGE_MESSAGE);
    });
  });

  it('leaves nothing for a renamed executable or a body that fails midway', async () => {
    await leavesNothing(async () => {
      expect((await upload(t, admin, 'invoice.pdf', EXECUTABLES.pe)).status).toBe(415);
      expect((await upload(t, admin, 'cut.txt', lazyBody(8 * 1024 * 1024, { failAt: 6 * 1024 * 1024 }))).status).toBe(400);
    });
  });

  it('sweeps bucket objects that have no record', async () => {
    await storage.put('Orphan01_from-a-crash.pdf', Readable.from([SAMPLES.pdf!]), { contentType: 'application/pdf', maxBytes: 1e6 });
    const recorded = await storedKeys(t);
    // S3 keeps its own modification times: sweep "everything older than a minute from now".
    const result = await sweepOrphanFiles(t.db, storage, createLogger('silent'), { olderThan: new Date(Date.now() + 60_000) });
    expect(result).toEqual({ removed: 1, incomplete: 0 });
    expect(await storedKeys(t)).toEqual(recorded.filter((k) => k !== 'Orphan01_from-a-crash.pdf'));
  });
});
