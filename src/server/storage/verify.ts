import fs from 'node:fs/promises';
import { encodeReading, type PdfProblem } from '../../grading';
import { fileLimitMessages } from '../../shared/file-limits';
import { messages } from '../../shared/messages';
import type { Config } from '../config';
import { AppError } from '../errors';
import { readerLimitMessage } from '../sandbox/limit-message';
import type { SandboxPool } from '../sandbox/sandbox-pool';
import type { SpooledFile } from './spool';

/** What an upload may be; checked from its bytes, never from its name or the browser's type. */
export type UploadKind = 'pdf' | 'image';

/** Media types Markwise stores, decided by content. */
export type StoredMediaType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** What checks uploads: the reader pool and its limits. */
export interface UploadChecker {
  pool: SandboxPool;
  reading: Config['reading'];
}

const unsupported = (message: string) => new AppError(415, 'unsupported_media_type', message);

/** The image type the magic bytes announce, or null: JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A). */
export function sniffImage(head: Buffer): StoredMediaType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return 'image/jpeg';
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  return null;
}

/** Whether the bytes start like a PDF. */
export const looksLikePdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

const problemCodes: Record<PdfProblem, string> = {
  corrupt: 'corrupt_pdf',
  encrypted: 'encrypted_pdf',
  javascript: 'pdf_has_javascript',
  'too-many-pages': 'pdf_too_many_pages',
  'over-limit': 'pdf_over_limit',
};

/**
 * Reads a PDF in a reader process within the limits (see inspectPdf) and refuses it with a 400
 * that names the problem: damaged, password-protected, scripted, too many pages, over a size,
 * time or memory limit. The uploader is the owner, so one user's files wait their turn.
 */
async function checkPdf(
  file: SpooledFile,
  checker: UploadChecker,
  owner: string,
): Promise<string | null> {
  const { pool, reading } = checker;
  const bytes = new Uint8Array(await fs.readFile(file.tmpPath));
  const out = await pool.run(
    { type: 'inspect-pdf', bytes, limits: reading.limits },
    { lane: 'interactive', owner, timeoutMs: reading.checkTimeoutMs },
  );
  if (!out.ok) {
    const message = readerLimitMessage(out.limit, reading.checkTimeoutMs, reading.memoryMb);
    throw new AppError(400, 'pdf_over_limit', message);
  }
  if (!out.value.ok) {
    throw new AppError(400, problemCodes[out.value.problem], out.value.message);
  }
  return out.value.document ? encodeReading(out.value.document) : null;
}

/** An upload's real media type and, for a PDF read while it was checked, its kept reading. */
export interface VerifiedContent {
  mediaType: StoredMediaType;
  reading: string | null;
}

/**
 * Checks a spooled upload against what the form field accepts and returns its real media type.
 * Empty → 400, not a PDF / not a JPEG or PNG → 415 (saying so when the name claims ".pdf"),
 * a PDF that cannot be read within the limits → 400 naming the problem. A PDF whose pages need
 * no OCR comes back read, as grading reads it.
 */
export async function verifyUpload(
  file: SpooledFile & { originalName?: string },
  kind: UploadKind,
  checker: UploadChecker,
  owner: string,
): Promise<VerifiedContent> {
  if (file.size === 0) throw new AppError(400, 'empty_file', messages.emptyFile);
  if (kind === 'image') {
    const type = sniffImage(file.head);
    if (!type) throw unsupported(messages.selectImage);
    return { mediaType: type, reading: null };
  }
  if (!looksLikePdf(file.head)) {
    const namedPdf = /\.pdf$/i.test(file.originalName ?? '');
    throw unsupported(namedPdf ? fileLimitMessages.namedPdfButNot : messages.selectPdf);
  }
  const reading = await checkPdf(file, checker, owner);
  return { mediaType: 'application/pdf', reading };
}
