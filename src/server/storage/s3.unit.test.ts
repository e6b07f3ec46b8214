import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStorageContract } from './contract';
import { S3Storage } from './s3';

/**
 * The S3 driver against a real S3-compatible server on loopback (s3rver), with the same contract tests as the
 * local folder. Each test gets its own bucket.
 */
let server: S3rver;
let endpoint: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cargodesk-s3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function driver(bucket: string) {
  return new S3Storage({ bucket, region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
}

describeStorageContract('S3-compatible', async () => {
  const bucket = `documents-${randomBytes(4).toString('hex')}`;
  const storage = driver(bucket);
  const { CreateBucketCommand, DeleteBucketCommand } = await import('@aws-sdk/client-s3');
  await storage.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    storage,
    cleanup: async () => {
      for await (const o of storage.list()) await storage.delete(o.key);
      await storage.client.send(new DeleteBucketCommand({ Bucket: bucket }));
    },
  };
});

describe('S3Storage', () => {
  it('reports a missing bucket as an error, not as a missing object', async () => {
    await expect(driver('no-such-bucket').put('a.txt', Readable.from([Buffer.from('x')]), { contentType: 'text/plain', maxBytes: 10 })).rejects.toThrow();
  });
});
