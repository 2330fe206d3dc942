import { READER_VERSION, type ExtractedDocument } from '../../grading';
import * as runs from '../modules/evaluations/evaluations.repository';
import { readFileBytes } from '../modules/files/files.service';
import { readerLimitMessage } from '../sandbox/limit-message';
import type { RunContext } from './grade-run';

type Submission = Awaited<ReturnType<typeof runs.submissionsToGrade>>[number];

const MISSING: ExtractedDocument = {
  status: 'unreadable',
  reason: 'empty',
  message: 'The stored file is missing.',
  pages: [],
};

/** A submission's kept reading, if it was made by this version of the reader. */
function keptReading(s: Submission): ExtractedDocument | null {
  if (!s.reading) return null;
  const kept = JSON.parse(s.reading) as { v?: number; doc?: ExtractedDocument };
  return kept.v === READER_VERSION && kept.doc ? kept.doc : null;
}

/**
 * Reads one stored file in a reader process, within the reading limits; a file over a limit
 * comes back unreadable with the limit named. Never throws for the file's sake.
 */
export async function readStoredDocument(
  ctx: RunContext,
  owner: string,
  fileId: string | null,
  timeoutMs: number,
): Promise<ExtractedDocument> {
  const bytes = fileId ? await readFileBytes(ctx.db.kysely, ctx.store, fileId) : null;
  if (!bytes) return MISSING;
  const out = await ctx.pool.run(
    { type: 'extract', bytes, limits: ctx.reading.limits },
    { lane: 'batch', owner, timeoutMs },
  );
  if (out.ok) return out.value;
  ctx.log.warn({ fileId, limit: out.limit }, 'a file went over a reading limit');
  return {
    status: 'unreadable',
    reason: 'over-limit',
    message: readerLimitMessage(out.limit, timeoutMs, ctx.reading.memoryMb),
    pages: [],
  };
}

/**
 * The readings of a class's answers: kept ones as they are, the rest read now, a few at a time
 * (the pool shares its readers fairly with other runs), and kept for next time. An answer with
 * the teacher's own marks and no kept reading is not read. `onRead` hears the count of answers
 * read so far, kept ones included.
 */
export async function readAnswers(
  ctx: RunContext,
  owner: string,
  submissions: Submission[],
  signal: AbortSignal,
  onRead: (read: number) => void,
): Promise<Array<{ id: string; document: ExtractedDocument }>> {
  const docs = new Map<string, ExtractedDocument>();
  const todo: Submission[] = [];
  let read = 0;
  for (const s of submissions) {
    const kept = keptReading(s);
    if (kept) {
      docs.set(s.id, kept);
      if (s.marks_source !== 'teacher') read++;
    } else if (s.marks_source !== 'teacher') todo.push(s);
  }
  onRead(read);
  let next = 0;
  const lane = async () => {
    while (next < todo.length && !signal.aborted) {
      const s = todo[next++]!;
      const doc = await readStoredDocument(ctx, owner, s.file_id, ctx.reading.gradeTimeoutMs);
      if (doc !== MISSING)
        await runs.keepReading(ctx.db.kysely, s.id, JSON.stringify({ v: READER_VERSION, doc }));
      docs.set(s.id, doc);
      onRead(++read);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, ctx.reading.processes * 2) }, lane));
  return submissions
    .filter((s) => docs.has(s.id))
    .map((s) => ({ id: s.id, document: docs.get(s.id)! }));
}
