import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { decodeReading, encodeReading, type ExtractedDocument } from '../../../grading';
import { previewOf, type ReadingPreview } from '../../../shared/reading-preview';
import { AppError } from '../../errors';
import { readerLimitMessage } from '../../sandbox/limit-message';
import type { UploadChecker } from '../../storage/verify';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import type { VerifiedUpload } from '../files/files.service';
import * as repo from './submissions.repository';

/** Where the reading a student is shown is kept until she hands in. */
export type PreviewKeeper = { db: Kysely<Database>; assignmentId: string; studentId: string };

/**
 * Reads an answer PDF as grading will, for the student to see before she hands it in: the reading
 * kept while the upload was checked when it needed no OCR, else the reader's 'extract' task (OCR
 * included) in a reader process, in the interactive lane under the student's name, within the
 * grading's time limit. Nothing is handed in and the temp file goes when the request ends; an OCR
 * reading is kept with the file's SHA-256 (her last one for the assignment, in place of any
 * earlier), so that handing in this very file keeps it and Evaluate Now does not read the scan
 * again.
 */
export async function previewReading(
  checker: UploadChecker,
  upload: VerifiedUpload,
  keeper: PreviewKeeper,
): Promise<ReadingPreview> {
  const kept = decodeReading(upload.reading);
  const doc = kept ?? (await readWithOcr(checker, upload, `user:${keeper.studentId}`));
  if (!kept)
    await repo.keepPreviewReading(keeper.db, {
      assignment_id: keeper.assignmentId,
      student_id: keeper.studentId,
      sha256: upload.sha256,
      reading: encodeReading(doc),
      created_at: nowIso(),
    });
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
