import type { Transaction } from 'kysely';
import { type AnswerAnalysis } from '../../grading';
import type { Database } from '../db/schema';
import * as items from '../modules/evaluations/run-items.repository';
import {
  activeRun,
  contextOf,
  failRun,
  GRADING_OVER_LIMIT,
  inReader,
  owner,
  SUGGESTED,
  type StepContext,
} from './step-context';

/**
 * Step 3, once per run: the class-level step (see scoreClass) in a reader process, over every
 * analysed answer and the teacher's marks; stores each answer's score and the suggested answers,
 * and moves the run on to writing results. `then` runs in that transaction.
 */
export async function scoreRun(
  ctx: StepContext,
  runId: string,
  then?: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  const run = await activeRun(ctx, runId);
  if (run.stage !== 'score') return false;
  const { prepared, teacherMarks } = contextOf(run);
  const db = ctx.db.kysely;
  const answers = (await items.analysedItems(db, runId)).map((r) => ({
    id: r.id,
    analysis: JSON.parse(r.analysis!) as AnswerAnalysis,
  }));
  const out = await inReader(() =>
    ctx.pool.run(
      { type: 'score', input: { prepared, answers, teacherMarks, suggest: SUGGESTED } },
      { lane: 'batch', owner: owner(runId), timeoutMs: 60_000 + 20 * answers.length },
    ),
  );
  if (!out.ok) {
    await failRun(ctx, runId, GRADING_OVER_LIMIT);
    return false;
  }
  return db.transaction().execute(async (trx) => {
    if (
      !(await items.advanceStage(trx, runId, 'score', 'grade', {
        suggested: JSON.stringify(out.value.suggested),
      }))
    )
      return false;
    await items.storeScores(
      trx,
      runId,
      out.value.scores.map((s) => [s.id, JSON.stringify(s)]),
    );
    await then?.(trx);
    return true;
  });
}
