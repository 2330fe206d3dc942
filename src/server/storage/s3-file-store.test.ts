import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../test/s3-server';
import { FileNotInStore } from './file-store';
import { createS3Client, S3FileStore, S3StoreError } from './s3-file-store';

describe('S3FileStore (against s3rver)', () => {
  let s3: TestS3Server;
  let tmp: string;
  const stores: S3FileStore[] = [];
  const storeFor = (
    prefix: string,
    opts: { credentials?: typeof S3RVER_CREDENTIALS; bucket?: string } = {},
  ) => {
    const client = createS3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: opts.credentials ?? S3RVER_CREDENTIALS,
    });
    const store = new S3FileStore(client, opts.bucket ?? s3.bucket, prefix);
    stores.push(store);
    return store;
  };
  const localFile = (bytes: Buffer) => {
    const p = path.join(tmp, `${crypto.randomUUID()}.upload`);
    fs.writeFileSync(p, bytes);
    return p;
  };
  const read = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const listed = async (store: S3FileStore) => {
    const keys: string[] = [];
    for await (const o of store.list()) {
      expect(o.modifiedAt).toBeInstanceOf(Date);
      keys.push(o.key);
    }
    return keys.sort();
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-s3-uploads-'));
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('streams a file in, consumes the temp file, and streams the same bytes back', async () => {
    const store = storeFor('put-get');
    const bytes = crypto.randomBytes(300_000);
    const local = localFile(bytes);
    await store.putFile('answer/abc-123', local);
    expect(fs.existsSync(local)).toBe(false);
    const body = await store.get('answer/abc-123');
    expect(body).toBeInstanceOf(Readable);
    expect((await read(body)).equals(bytes)).toBe(true);
    expect(await store.exists('answer/abc-123')).toBe(true);
  });

  it('keeps objects under its prefix and lists only those, without the prefix', async () => {
    const a = storeFor('school-a');
    const ab = storeFor('school-ab');
    const nested = storeFor('tenants/school-a');
    await a.putFile('answer/one', localFile(Buffer.from('1')));
    await a.putFile('diagram/two', localFile(Buffer.from('2')));
    await ab.putFile('answer/three', localFile(Buffer.from('3')));
    await nested.putFile('answer/four', localFile(Buffer.from('4')));
    expect(await listed(a)).toEqual(['answer/one', 'diagram/two']);
    expect(await listed(ab)).toEqual(['answer/three']);
    expect(await listed(nested)).toEqual(['answer/four']);
    expect(await ab.exists('answer/one')).toBe(false);
    await expect(ab.get('answer/one')).rejects.toBeInstanceOf(FileNotInStore);
  });

  it('lists across pages', async () => {
    const store = storeFor('many');
    // ListObjectsV2 returns at most 1000 keys a page; store 1005 quickly, 25 at a time
    const keys = Array.from({ length: 1005 }, (_, i) => `answer/k-${String(i).padStart(4, '0')}`);
    const client = createS3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    for (let i = 0; i < keys.length; i += 25) {
      await Promise.all(
        keys
          .slice(i, i + 25)
          .map((k) =>
            client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `many/${k}`, Body: '' })),
          ),
      );
    }
    client.destroy();
    expect(await listed(store)).toEqual(keys);
  }, 60_000);

  it('deletes, and deleting a missing key is not an error', async () => {
    const store = storeFor('delete');
    await store.putFile('answer/gone', localFile(Buffer.from('bye')));
    await store.delete('answer/gone');
    expect(await store.exists('answer/gone')).toBe(false);
    await expect(store.get('answer/gone')).rejects.toBeInstanceOf(FileNotInStore);
    await store.delete('answer/gone');
    await store.delete('answer/never-stored');
    expect(await listed(store)).toEqual([]);
  });

  it('says FileNotInStore for a missing key and false for exists', async () => {
    const store = storeFor('missing');
    const err = await store.get('answer/nothing-here').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileNotInStore);
    expect((err as FileNotInStore).key).toBe('answer/nothing-here');
    expect(await store.exists('answer/nothing-here')).toBe(false);
  });

  it('refuses keys that are not generated ones before asking the server', async () => {
    const store = storeFor('keys');
    await expect(store.exists('../escape')).rejects.toThrow(/invalid storage key/);
    await expect(store.putFile('a/b.pdf', localFile(Buffer.from('x')))).rejects.toThrow(
      /invalid storage key/,
    );
  });

  it('ignores objects under its prefix that Markwise did not name', async () => {
    const store = storeFor('foreign');
    const root = storeFor('');
    await root.putFile('foreign/answer/ours', localFile(Buffer.from('x')));
    // an object whose key is not of our shape, written with the SDK directly
    const client = createS3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: 'foreign/Report.PDF', Body: 'theirs' }),
    );
    client.destroy();
    expect(await listed(store)).toEqual(['answer/ours']);
  });

  it('fails every operation clearly with an unknown access key, storing nothing', async () => {
    const good = storeFor('creds');
    await good.putFile('answer/kept', localFile(Buffer.from('kept')));
    const bad = storeFor('creds', {
      credentials: { accessKeyId: 'NOT-OUR-KEY', secretAccessKey: 'whatever' },
    });
    const local = localFile(Buffer.from('secret'));
    const put = await bad.putFile('answer/new', local).catch((e: unknown) => e);
    expect(put).toBeInstanceOf(S3StoreError);
    expect((put as Error).message).toBe(
      'S3 PutObject s3://markwise-test/creds/answer/new failed: InvalidAccessKeyId (HTTP 403): ' +
        'The AWS Access Key Id you provided does not exist in our records.',
    );
    // the temp file stays for the caller to clean up; nothing was stored
    expect(fs.existsSync(local)).toBe(true);
    expect(await good.exists('answer/new')).toBe(false);
    const refused = /InvalidAccessKeyId \(HTTP 403\)/;
    await expect(bad.get('answer/kept')).rejects.toThrow(refused);
    await expect(bad.delete('answer/kept')).rejects.toThrow(refused);
    await expect(listed(bad)).rejects.toThrow(refused);
    // HEAD responses carry no error body: the status and a hint have to do
    await expect(bad.exists('answer/kept')).rejects.toThrow(
      /HeadObject .* failed: access denied \(HTTP 403\); check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    );
    expect(await good.exists('answer/kept')).toBe(true);
  });

  it('names a missing bucket', async () => {
    const store = storeFor('x', { bucket: 'no-such-bucket' });
    await expect(store.putFile('answer/a', localFile(Buffer.from('a')))).rejects.toThrow(
      /S3 PutObject s3:\/\/no-such-bucket\/x\/answer\/a failed: NoSuchBucket/,
    );
    await expect(store.get('answer/a')).rejects.toThrow(/NoSuchBucket/);
  });

  describe('when the server refuses uploads for a while (a proxy answers 503 SlowDown)', () => {
    let refusals = 0;
    let proxy: http.Server;
    let proxyEndpoint: string;
    beforeAll(async () => {
      proxy = http.createServer((req, res) => {
        if (req.method === 'PUT' && refusals > 0) {
          refusals--;
          req.resume();
          res.writeHead(503, { 'content-type': 'application/xml' });
          res.end(
            '<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
          );
          return;
        }
        const upstream = http.request(`${s3.endpoint}${req.url}`, {
          method: req.method,
          headers: req.headers,
        });
        upstream.on('response', (r) => {
          res.writeHead(r.statusCode!, r.headers);
          r.pipe(res);
        });
        req.pipe(upstream);
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
      proxyEndpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((r) => proxy.close(r));
    });
    const proxied = () =>
      new S3FileStore(
        createS3Client({
          region: 'us-east-1',
          endpoint: proxyEndpoint,
          forcePathStyle: true,
          credentials: S3RVER_CREDENTIALS,
        }),
        s3.bucket,
        'flaky',
      );

    it('tries again with a fresh stream and stores the whole file', async () => {
      refusals = 2;
      const store = proxied();
      stores.push(store);
      const bytes = crypto.randomBytes(100_000);
      await store.putFile('answer/retried', localFile(bytes));
      expect(refusals).toBe(0);
      expect((await read(await storeFor('flaky').get('answer/retried'))).equals(bytes)).toBe(true);
    });

    it('gives up after three attempts, naming the reason, and stores nothing', async () => {
      refusals = 3;
      const store = proxied();
      stores.push(store);
      await expect(store.putFile('answer/refused', localFile(Buffer.from('x')))).rejects.toThrow(
        'S3 PutObject s3://markwise-test/flaky/answer/refused failed: SlowDown (HTTP 503): Please reduce your request rate.',
      );
      expect(refusals).toBe(0);
      expect(await storeFor('flaky').exists('answer/refused')).toBe(false);
    });
  });
});
