import fs from 'node:fs/promises';
import { decodeReading, type ExtractedDocument } from '../../../grading';
import { previewOf, type ReadingPreview } from '../../../shared/reading-preview';
import { AppError } from '../../errors';
import { readerLimitMessage } from '../../sandbox/limit-message';
import type { UploadChecker } from '../../storage/verify';
import type { VerifiedUpload } from '../files/files.service';

/**
 * Reads an answer PDF as grading will, for the student to see before she hands it in: the reading
 * kept while the upload was checked when it needed no OCR, else the reader's 'extract' task (OCR
 * included) in a reader process, in the interactive lane under the student's name, within the
 * grading's time limit. Nothing is stored: the temp file goes when the request ends.
 */
export async function previewReading(
  checker: UploadChecker,
  upload: VerifiedUpload,
  owner: string,
): Promise<ReadingPreview> {
  const kept = decodeReading(upload.reading);
  const doc = kept ?? (await readWithOcr(checker, upload, owner));
  if (doc.status === 'unreadable') {
    return { pages: doc.pages.map(previewOf), unreadable: doc.message };
  }
  return { pages: doc.pages.map(previewOf), unreadable: null };
}

async function readWithOcr(
  checker: UploadChecker,
  upload: VerifiedUpload,
  owner: string,
): Promise<ExtractedDocument> {
  const { pool, reading } = checker;
  const bytes = new Uint8Array(await fs.readFile(upload.tmpPath));
  const out = await pool.run(
    { type: 'extract', bytes, limits: reading.limits },
    { lane: 'interactive', owner, timeoutMs: reading.gradeTimeoutMs },
  );
  if (!out.ok) {
    const message = readerLimitMessage(out.limit, reading.gradeTimeoutMs, reading.memoryMb);
    throw new AppError(400, 'pdf_over_limit', message);
  }
  return out.value;
}
