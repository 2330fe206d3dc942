import type { Transaction } from 'kysely';
import { decodeReading, encodeReading, type AnswerAnalysis } from '../../grading';
import type { Database } from '../db/schema';
import { keepReading, readingOfSameFile } from '../modules/submissions/submissions.service';
import * as items from '../modules/evaluations/run-items.repository';
import { readFileBytes } from '../modules/files/files.service';
import { readingsByAnswer } from '../modules/maths-review/readings.service';
import { readerLimitMessage } from '../sandbox/limit-message';
import {
  activeRun,
  stillActive,
  contextOf,
  inReader,
  MISSING,
  owner,
  READS_PER_CHUNK,
  type StepContext,
} from './step-context';

/**
 * Step 2, per chunk: reads each answer not read yet (its kept reading, or its file in a reader
 * process under the reading limits) and analyses it against the assignment, with the teacher's
 * corrections of what was read in place of the engine's reading of those questions; stores the analysis
 * (or why it could not be read) once and counts it. Safe to run twice or side by side.
 * Returns true when this call read the run's last answer and moved the run on to scoring; `then`
 * runs in that transaction.
 */
export async function readChunk(
  ctx: StepContext,
  runId: string,
  chunk: number,
  then?: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  const run = await activeRun(ctx, runId);
  if (run.stage !== 'read') return false;
  const { prepared } = contextOf(run);
  const db = ctx.db.kysely;
  const todo = await items.itemsToRead(db, runId, chunk);
  const corrected = await readingsByAnswer(
    db,
    todo.map((t) => t.id),
  );
  let next = 0;
  const lane = async () => {
    while (next < todo.length) {
      const item = todo[next++]!;
      await stillActive(ctx, runId);
      const own = decodeReading(item.reading);
      // the same file read for another submission (a re-upload, the same scan twice): not read again
      const same = own || !item.file_id ? null : await readingOfSameFile(db, item.file_id);
      const kept = own ?? same;
      const bytes = kept || !item.file_id ? null : await readFileBytes(db, ctx.store, item.file_id);
      const timeoutMs = ctx.reading.gradeTimeoutMs;
      const out = await inReader(ctx.signal, () =>
        ctx.pool.run(
          {
            type: 'read-answer',
            input: {
              prepared,
              bytes,
              kept,
              limits: ctx.reading.limits,
              readings: corrected.get(item.id),
            },
          },
          { lane: 'batch', owner: owner(runId), timeoutMs },
        ),
      );
      if (!out.ok)
        ctx.log.warn(
          { submission: item.id, limit: out.limit },
          'an answer went over a reading limit',
        );
      const { document, analysis } = out.ok
        ? out.value
        : { document: null, analysis: null as AnswerAnalysis | null };
      const why = !out.ok
        ? readerLimitMessage(out.limit, timeoutMs, ctx.reading.memoryMb)
        : document?.status === 'unreadable'
          ? bytes || kept
            ? document.message
            : MISSING
          : null;
      const reading = document && !own && (bytes || same) ? encodeReading(document) : null;
      await db.transaction().execute(async (trx) => {
        if (reading) await keepReading(trx, item.id, reading);
        await items.storeReading(
          trx,
          runId,
          item.id,
          analysis ? { analysis: JSON.stringify(analysis) } : { unreadable: why ?? MISSING },
          item.calibrates === 0,
        );
      });
    }
  };
  await Promise.all(Array.from({ length: READS_PER_CHUNK }, lane));
  if ((await items.countUnread(db, runId)) > 0) return false;
  return db.transaction().execute(async (trx) => {
    if (!(await items.advanceStage(trx, runId, 'read', 'score'))) return false;
    await then?.(trx);
    return true;
  });
}
