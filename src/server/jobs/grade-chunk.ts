import {
  resultOf,
  unreadableResult,
  type AnswerAnalysis,
  type AnswerResult,
  type AnswerScore,
  type PreparedAssignment,
} from '../../grading';
import { nowIso } from '../db/database';
import * as runs from '../modules/evaluations/evaluations.repository';
import * as items from '../modules/evaluations/run-items.repository';
import { writeAiResult, type AiResultWrite } from '../modules/marks/ai-results.service';
import {
  activeRun,
  contextOf,
  forgetContext,
  MISSING,
  RunStopped,
  type StepContext,
} from './step-context';

/**
 * Step 4, per chunk: builds each answer's result from its analysis and score and writes it with
 * the run's counter and the audit entry, exactly once (see writeOne); marks appear in the grades
 * table chunk by chunk. Returns true when this call wrote the run's last result and finished it.
 */
export async function gradeChunk(ctx: StepContext, runId: string, chunk: number): Promise<boolean> {
  const run = await activeRun(ctx, runId);
  if (run.stage !== 'grade') return false;
  const { prepared } = contextOf(run);
  const db = ctx.db.kysely;
  const regrade = run.submission_id ? regradeOfOne(prepared) : {};
  for (const item of await items.itemsToWrite(db, runId, chunk)) {
    if (ctx.signal.aborted) throw new RunStopped('stopping');
    const analysis = item.analysis ? (JSON.parse(item.analysis) as AnswerAnalysis) : null;
    const result =
      analysis && item.score
        ? withAnswerTexts(
            resultOf(prepared, analysis, JSON.parse(item.score) as AnswerScore),
            analysis,
          )
        : unreadableResult(prepared, item.id, {
            status: 'unreadable',
            reason: 'empty',
            message: item.unreadable ?? MISSING,
            pages: [],
          });
    if (await writeOne(ctx, runId, result, regrade)) await ctx.afterResult?.(runId);
    // Let requests in between writes: on SQLite each write holds the server's one thread.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if ((await items.countUnwritten(db, runId)) > 0) return false;
  const finished = await runs.closeRun(db, runId, { status: 'finished', at: nowIso() });
  if (finished) {
    await items.deleteItems(db, runId);
    forgetContext(runId);
  }
  return finished;
}

/**
 * How a run that regrades one answer after the teacher corrected its reading writes it: with
 * that reason in the audit trail, and with the total following the engine's new marks of the
 * questions she did not mark herself.
 */
function regradeOfOne(prepared: PreparedAssignment): Pick<AiResultWrite, 'note' | 'follow'> {
  return {
    note: 'regraded after the teacher corrected what Markwise read',
    follow: prepared.questions.map((q) => ({
      number: q.number,
      total: q.total,
      questionText: q.questionText,
      keyPoints: q.keyPoints.map((k) => k.phrase),
    })),
  };
}

/**
 * The result with each question's answer as the engine read it (`answerText`), for the teacher's
 * "Accept answers like this"; students never get the AI's result, only what is published.
 */
function withAnswerTexts(result: AnswerResult, analysis: AnswerAnalysis): AnswerResult {
  if (result.status !== 'graded') return result;
  return {
    ...result,
    questions: result.questions.map((q, qi) => ({
      ...q,
      answerText: analysis.questions[qi]?.text ?? '',
    })),
  };
}

/**
 * One result, the run's counter and its audit entry in one transaction, exactly once however
 * many workers try (the item is marked written in the same transaction). Stops the run when it
 * is no longer running. False when the result was written already.
 */
async function writeOne(
  ctx: StepContext,
  runId: string,
  result: AnswerResult,
  regrade: Pick<AiResultWrite, 'note' | 'follow'>,
): Promise<boolean> {
  const at = nowIso();
  const graded = result.status === 'graded';
  return ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await items.markWritten(trx, runId, result.id, at))) return false;
    // The marks and their audit entry, through the marks module like every other write of marks.
    await writeAiResult(trx, runId, result.id, {
      aiMarks: graded ? result.marks : null,
      status: result.status,
      json: JSON.stringify(result),
      needsReview: result.needsReview,
      at,
      ...regrade,
    });
    if (!(await runs.countResult(trx, runId, graded ? 'done' : 'failed')))
      throw new RunStopped('the run was cancelled or deleted');
    return true;
  });
}
