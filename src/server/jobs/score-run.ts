import type { Transaction } from 'kysely';
import type {
  AnswerAnalysis,
  AnswerScore,
  PreparedAssignment,
  QuestionScoring,
} from '../../grading';
import { storedGroupsOf } from '../modules/answer-groups/answer-groups.service';
import { unreviewedMarks } from '../modules/marks/ai-results.service';
import { runChanges } from './run-changes';
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
 * The questions in one group per reader, balanced by how much the class wrote to each (scoring a
 * question costs about that: its pairwise similarities), largest first onto the lightest group.
 */
export function questionGroups(
  answers: { analysis: AnswerAnalysis }[],
  questions: number,
  readers: number,
): number[][] {
  const cost = Array.from({ length: questions }, (_, qi) =>
    answers.reduce((sum, a) => sum + 1 + (a.analysis.questions[qi]?.raw.length ?? 0), 0),
  );
  const groups = Array.from({ length: Math.min(readers, questions) }, () => ({
    questions: [] as number[],
    load: 0,
  }));
  const heaviestFirst = cost.map((_, qi) => qi).sort((a, b) => cost[b]! - cost[a]! || a - b);
  for (const qi of heaviestFirst) {
    const lightest = groups.reduce((min, g) => (g.load < min.load ? g : min));
    lightest.questions.push(qi);
    lightest.load += cost[qi]!;
  }
  return groups.map((g) => g.questions.sort((a, b) => a - b));
}

/** The unreviewed marks the run would change (see runChanges). */
async function changesOf(
  ctx: StepContext,
  runId: string,
  prepared: PreparedAssignment,
  answers: Array<{ id: string; analysis: AnswerAnalysis }>,
  scores: AnswerScore[],
) {
  const ids = await items.itemIdsToWrite(ctx.db.kysely, runId);
  const analysed = new Map(answers.map((a) => [a.id, a.analysis]));
  const scored = new Map(scores.map((s) => [s.id, s]));
  return runChanges(
    prepared,
    ids.map((id) => ({ id, analysis: analysed.get(id) ?? null, score: scored.get(id) ?? null })),
    await unreviewedMarks(ctx.db.kysely, ids),
  );
}

/**
 * Step 3, once per run: the class-level step (see scoreClass) in a reader process, over every
 * analysed answer and the teacher's marks; stores each answer's score and the suggested answers,
 * and moves the run on to writing results (`then` runs in that transaction), or, when it would
 * change marks the teacher has not reviewed, stops it to wait for her confirmation with the list
 * (not a run regrading the one answer whose reading she corrected).
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
  // The questions are scored side by side, one group per reader, then combined.
  const groups = questionGroups(answers, prepared.questions.length, ctx.pool.size);
  const task = {
    lane: 'batch' as const,
    owner: owner(runId),
    timeoutMs: 60_000 + 20 * answers.length,
  };
  const marked = new Set(teacherMarks.map((t) => t.id));
  const unmarked = answers.filter((a) => !marked.has(a.id));
  const [scored, suggestedApart] = await Promise.all([
    inReader(ctx.signal, () =>
      Promise.all(
        groups.map((questions) =>
          ctx.pool.run(
            { type: 'score-questions', input: { prepared, answers, teacherMarks, questions } },
            task,
          ),
        ),
      ),
    ),
    // With teacher marks, the answers to suggest are chosen among the others, on their own.
    teacherMarks.length
      ? inReader(ctx.signal, () =>
          ctx.pool.run(
            { type: 'suggest', input: { prepared, answers: unmarked, suggest: SUGGESTED } },
            task,
          ),
        )
      : null,
  ]);
  const scorings: QuestionScoring[] = [];
  for (const [g, out] of scored.entries()) {
    if (!out.ok) return failRun(ctx, runId, GRADING_OVER_LIMIT).then(() => false);
    out.value.forEach((s, k) => (scorings[groups[g]![k]!] = s));
  }
  if (suggestedApart && !suggestedApart.ok)
    return failRun(ctx, runId, GRADING_OVER_LIMIT).then(() => false);
  const combined = await inReader(ctx.signal, () =>
    ctx.pool.run(
      {
        type: 'combine-scores',
        input: {
          prepared,
          answers: answers.map((a) => ({
            id: a.id,
            numbered: a.analysis.numbered,
            ocrConfidence: a.analysis.ocrConfidence,
            hardToRead: !!a.analysis.hardToRead,
          })),
          scorings,
          suggest: suggestedApart ? null : SUGGESTED,
        },
      },
      task,
    ),
  );
  if (!combined.ok) return failRun(ctx, runId, GRADING_OVER_LIMIT).then(() => false);
  const suggested = suggestedApart?.value ?? combined.value.suggested ?? [];
  const out = { value: { suggested, scores: combined.value.scores } };
  const answerGroups = storedGroupsOf(prepared, answers, scorings);
  // A run regrading one answer was asked for by the teacher herself: nothing to confirm.
  const changes = run.submission_id
    ? []
    : await changesOf(ctx, runId, prepared, answers, out.value.scores);
  if (changes.length)
    // Unreviewed marks would change: the run waits for the teacher to see and confirm them.
    return db.transaction().execute(async (trx) => {
      const preview = JSON.stringify(changes);
      if (
        !(await items.awaitConfirmation(trx, runId, {
          preview,
          suggested: JSON.stringify(out.value.suggested),
          groups: answerGroups,
        }))
      )
        return false;
      await items.storeScores(
        trx,
        runId,
        out.value.scores.map((s) => [s.id, JSON.stringify(s)]),
      );
      return true;
    });
  return db.transaction().execute(async (trx) => {
    if (
      !(await items.advanceStage(trx, runId, 'score', 'grade', {
        suggested: JSON.stringify(out.value.suggested),
        groups: answerGroups,
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
