import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An upload written to a local temp file, with what was learnt while it streamed past. */
export interface SpooledFile {
  tmpPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for magic-number checks. */
  head: Buffer;
}

const HEAD_BYTES = 16;

/**
 * Streams an upload into `tmpDir` while hashing and counting it, then flushes it to disk; the
 * bytes are never held in memory as a whole. On failure the temp file is removed and the error
 * (for example the multipart size limit) is rethrown.
 */
export async function spoolToTemp(source: Readable, tmpDir: string): Promise<SpooledFile> {
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, `${crypto.randomUUID()}.upload`);
  const hash = crypto.createHash('sha256');
  let size = 0;
  const headParts: Buffer[] = [];
  let headLength = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        headParts.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, fs.createWriteStream(tmpPath, { flags: 'wx' }));
    // Flush to disk before the file is moved into the store and its row committed.
    const handle = await fs.promises.open(tmpPath, 'r');
    await handle.datasync().finally(() => handle.close());
  } catch (err) {
    await fs.promises.rm(tmpPath, { force: true });
    throw err;
  }
  return { tmpPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headParts) };
}

/** Removes temp files that were not moved into the store; missing ones are fine. */
export async function discardTemp(files: Iterable<Pick<SpooledFile, 'tmpPath'>>): Promise<void> {
  await Promise.all([...files].map((f) => fs.promises.rm(f.tmpPath, { force: true })));
}
