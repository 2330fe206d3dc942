import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * The key pair s3rver knows. s3rver 3.7 refuses any other access key id (InvalidAccessKeyId)
 * but does not verify SigV4 signatures, so a wrong secret goes unnoticed by it.
 */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-protocol server (s3rver) on 127.0.0.1, a free port and a temporary folder. */
export interface TestS3Server {
  endpoint: string;
  /** The bucket created at start. */
  bucket: string;
  /** The environment that points Markwise's files at `s3://<bucket>/<prefix>` on this server. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

// Runs in the child: starts s3rver and reports its port; exits when the test process goes away.
const CHILD = `
const [s3rverPath, directory, bucket] = process.argv.slice(1);
const S3rver = require(s3rverPath);
process.on('disconnect', () => process.exit(0));
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory,
  configureBuckets: [{ name: bucket, configs: [] }] })
  .run()
  .then(({ port }) => process.send(port), (err) => { console.error(err); process.exit(1); });
`;

/**
 * Starts s3rver with one empty bucket in a process of its own; close() stops it and removes its
 * folder. Its own process because s3rver encrypts list continuation tokens with DES, which
 * Node offers only with the legacy OpenSSL provider, and listing past 1000 objects needs them.
 */
export async function startS3Server(bucket = 'markwise-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-s3-'));
  const s3rverPath = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', CHILD, s3rverPath, directory, bucket],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const exited = once(child, 'exit');
  const port = await Promise.race([
    once(child, 'message').then(([p]) => p as number),
    exited.then(([code]) => {
      throw new Error(`s3rver exited with ${String(code)} before listening`);
    }),
  ]);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix = 'markwise') => ({
      FILES_URL: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      child.kill();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
