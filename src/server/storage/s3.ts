import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable, pipeline } from 'node:stream';
import { assertMaxBytes, assertSafeKey, byteLimit, type ListedObject, type PutOptions, type Storage, type StoredObject } from './storage';

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style addresses (`endpoint/bucket/key`), which most self-hosted S3-compatible stores need. */
  forcePathStyle: boolean;
};

/** 5 MiB parts, two in flight: an upload holds at most ~10 MiB in memory, whatever the file's size. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};

/**
 * The S3-compatible driver (design.md section 1: `S3_BUCKET` and friends). A put streams through the byte limit
 * into a multipart upload (a single PutObject when small); the object becomes visible only when complete, and
 * a failed or over-limit put aborts the multipart upload so nothing is left.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings, client?: S3Client) {
    this.bucket = settings.bucket;
    const config: S3ClientConfig = {
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible stores do not speak the newer trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (settings.accessKeyId && settings.secretAccessKey) {
      config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
    }
    this.client = client ?? new S3Client(config);
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<{ size: number }> {
    assertSafeKey(key);
    assertMaxBytes(options.maxBytes);
    const counted = { size: 0 };
    const source = body instanceof Readable ? body : Readable.from(body);
    let failure: Error | undefined;
    // pipeline destroys the source when the limit trips, so an over-long upload stops being read at once.
    const limited = pipeline(source, byteLimit(options.maxBytes, counted), (e) => {
      if (e) failure = e;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: limited, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (e) {
      throw failure ?? e;
    }
    // A source error after the last byte was read would otherwise go unnoticed: remove the object again.
    if (failure) {
      await this.delete(key);
      throw failure;
    }
    return { size: counted.size };
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(out.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream');
      return { stream: out.Body, size: out.ContentLength ?? 0 };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async *list(): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const out = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const o of out.Contents ?? []) if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date(0) };
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }
}
