import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import type { S3Settings } from '../files-config';
import { assertValidKey, FileNotInStore, isValidKey, type FileStore } from './file-store';
import type { StoredObject } from './file-store';

/**
 * An S3 client configured only from Markwise's settings: region, endpoint, credentials and path
 * style are passed explicitly, so the SDK never falls back to a profile, an instance role or
 * environment variables of its own.
 */
export function createS3Client(
  s: Omit<S3Settings, 'bucket' | 'prefix'>,
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): S3Client {
  const quiet = () => {};
  return new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.credentials,
    // Plain signed requests that every S3-compatible server understands; integrity is checked
    // by the sha256 Markwise keeps per file, and transport by TLS.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    // The SDK's warnings go to our log (or nowhere), never straight to the console.
    logger: {
      debug: quiet,
      info: quiet,
      warn: (...m: unknown[]) => log?.warn({ s3: m }, 'S3 client warning'),
      error: (...m: unknown[]) => log?.error({ s3: m }, 'S3 client error'),
    },
  });
}

/** What went wrong, in words: S3's error code and message, or for a bare status (HEAD) a hint. */
function describe(cause: unknown): string {
  if (!(cause instanceof S3ServiceException)) {
    return cause instanceof Error ? cause.message : String(cause);
  }
  const status = cause.$metadata.httpStatusCode;
  if (cause.name !== 'Unknown') return `${cause.name} (HTTP ${status}): ${cause.message}`;
  return status === 403
    ? 'access denied (HTTP 403); check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY'
    : `HTTP ${status}`;
}

/** An S3 error (or a network one) with the operation and the object named, the cause attached. */
export class S3StoreError extends Error {
  constructor(operation: string, location: string, cause: unknown) {
    super(`S3 ${operation} ${location} failed: ${describe(cause)}`, { cause });
  }
}

const PUT_ATTEMPTS = 3;

/** A network failure, a throttle or a server fault: worth another try. */
const isTransient = (err: unknown) =>
  !(err instanceof S3ServiceException) ||
  err.$fault === 'server' ||
  err.$metadata.httpStatusCode === 429;

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');

/**
 * FileStore in an S3 bucket: key `a/b` is the object `<prefix>/a/b`. Uploads stream from the
 * verified temp file; a single PutObject is atomic, so a failed one stores nothing.
 */
export class S3FileStore implements FileStore {
  private readonly root: string;

  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    prefix: string,
  ) {
    this.root = prefix ? `${prefix}/` : '';
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return this.root + key;
  }

  private where(objectKey: string) {
    return `s3://${this.bucket}/${objectKey}`;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const Key = this.objectKey(key);
    const { size } = await fs.promises.stat(localPath);
    // The SDK cannot retry a streamed body, so a transient failure is retried here with a new stream.
    for (let attempt = 1; ; attempt++) {
      const Body = fs.createReadStream(localPath);
      try {
        await this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key, Body, ContentLength: size }),
        );
        break;
      } catch (err) {
        if (attempt < PUT_ATTEMPTS && isTransient(err)) continue;
        // The answer may have been lost after the object was stored: remove it, best effort.
        await this.client
          .send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))
          .catch(() => {});
        throw new S3StoreError('PutObject', this.where(Key), err);
      } finally {
        Body.destroy();
      }
    }
    await fs.promises.rm(localPath, { force: true });
  }

  async get(key: string): Promise<Readable> {
    const Key = this.objectKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      return res.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw new FileNotInStore(key);
      throw new S3StoreError('GetObject', this.where(Key), err);
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (err) {
      if (!isNotFound(err)) throw new S3StoreError('DeleteObject', this.where(Key), err);
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw new S3StoreError('HeadObject', this.where(Key), err);
    }
  }

  /** Keys under the prefix that have the shape Markwise generates; anything else is not ours. */
  async *list(): AsyncIterable<StoredObject> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: this.root || undefined },
    );
    try {
      for await (const page of pages) {
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(this.root.length);
          if (key && isValidKey(key) && o.LastModified) yield { key, modifiedAt: o.LastModified };
        }
      }
    } catch (err) {
      throw err instanceof S3StoreError
        ? err
        : new S3StoreError('ListObjectsV2', this.where(this.root), err);
    }
  }

  /** Closes the client's idle connections. */
  async close(): Promise<void> {
    this.client.destroy();
  }
}
