import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeReading } from '../../grading';
import { loadConfig } from '../config';
import { SandboxPool } from '../sandbox/sandbox-pool';
import { jpegBytes, makePdf, pngBytes } from '../test/uploads';
import { spoolToTemp } from './spool';
import { sniffImage, verifyUpload, type UploadKind } from './verify';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-verify-'));
const { reading } = loadConfig({ DATA_DIR: dir });
const checker = { pool: new SandboxPool({ size: 2, memoryMb: reading.memoryMb }), reading };
afterAll(async () => {
  await checker.pool.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const spool = (bytes: Buffer) => spoolToTemp(Readable.from([bytes]), dir);
const verify = async (bytes: Buffer | Uint8Array, kind: UploadKind, name?: string) =>
  verifyUpload({ ...(await spool(Buffer.from(bytes))), originalName: name }, kind, checker, 'u1');

describe('upload checks', () => {
  it('spools while hashing and counting', async () => {
    const f = await spool(Buffer.from('hello world'));
    expect(f).toMatchObject({
      size: 11,
      sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
    });
    expect(fs.readFileSync(f.tmpPath, 'utf8')).toBe('hello world');
  });

  it('recognises images by their magic bytes only', () => {
    expect(sniffImage(pngBytes())).toBe('image/png');
    expect(sniffImage(jpegBytes())).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.from([0x89, 0x50]))).toBeNull();
  });

  it('parses PDFs in reader processes, many at once', async () => {
    const good = await Promise.all(
      Array.from({ length: 8 }, async () => verify(await makePdf(), 'pdf')),
    );
    expect(good.map((g) => g.mediaType)).toEqual(Array(8).fill('application/pdf'));
    // Read as it was checked: the text grading would read.
    expect(good.every((g) => decodeReading(g.reading)?.status === 'ok')).toBe(true);
    await expect(verify(Buffer.from('%PDF-1.7\nnot a pdf'), 'pdf')).rejects.toMatchObject({
      code: 'corrupt_pdf',
    });
  });

  it('keeps pdf.js polyfills out of the server thread', async () => {
    await verify(await makePdf(), 'pdf');
    expect(Function.prototype.toString.call(JSON.stringify)).toContain('[native code]');
    expect(Function.prototype.toString.call(Array.prototype.push)).toContain('[native code]');
  });

  it('says a file named .pdf is not a PDF', async () => {
    await expect(verify(pngBytes(), 'pdf', 'answer.pdf')).rejects.toMatchObject({
      status: 415,
      message:
        'This file is named .pdf but is not a PDF. Export or save your document as a PDF and upload that.',
    });
  });

  it('names the problem: empty, not a PDF, corrupt, not an image', async () => {
    const codes = async (bytes: Buffer, kind: 'pdf' | 'image') =>
      verify(bytes, kind).catch((e: { status: number; code: string }) => `${e.status} ${e.code}`);
    expect(await codes(Buffer.alloc(0), 'pdf')).toBe('400 empty_file');
    expect(await codes(pngBytes(), 'pdf')).toBe('415 unsupported_media_type');
    expect(await codes(Buffer.from('%PDF-1.4 junk'), 'pdf')).toBe('400 corrupt_pdf');
    expect(await codes(await makePdf(), 'image')).toBe('415 unsupported_media_type');
    expect(await codes(jpegBytes(), 'image')).toEqual({ mediaType: 'image/jpeg', reading: null });
  });
});
