import type { Insertable, Transaction } from 'kysely';
import { decodeReading, type TeacherMark } from '../../grading';
import { nowIso } from '../db/database';
import type { Database, EvaluationItemTable } from '../db/schema';
import * as runs from '../modules/evaluations/evaluations.repository';
import * as items from '../modules/evaluations/run-items.repository';
import { engineMathsSettings } from '../modules/maths-review/maths-settings.service';
import {
  activeRun,
  failRun,
  inReader,
  MODEL_UNREADABLE,
  owner,
  readPaper,
  RunStopped,
  type RunContextJson,
  type StepContext,
} from './step-context';

/**
 * Step 1, once per run: reads the model answer and question paper, prepares the assignment with
 * the teacher's rubric, the answers she accepted and how she marks each question's numbers, lists
 * the answers in chunks and stores it all. `then` runs in the same transaction when this call
 * planned the run (the job queue sends the chunks' jobs there).
 * Returns the number of chunks, or null when the run was planned already or cannot be graded.
 */
export async function planRun(
  ctx: StepContext,
  runId: string,
  then?: (trx: Transaction<Database>, chunks: number) => Promise<void>,
): Promise<number | null> {
  const run = await activeRun(ctx, runId);
  if (run.stage !== 'plan') return null;
  const db = ctx.db.kysely;
  await runs.markStarted(db, runId, nowIso());
  const assignment = await runs.findAssignmentOfRun(db, run.assignment_id);
  if (!assignment) throw new RunStopped('the assignment is gone');
  const modelAnswer = await readPaper(ctx, runId, assignment.model_answer_file_id);
  const paper = assignment.question_file_id
    ? await readPaper(ctx, runId, assignment.question_file_id)
    : null;
  const rubric = await runs.rubricByQuestion(db, assignment.id);
  const accepted = await runs.acceptedByQuestion(db, assignment.id);
  const maths = await engineMathsSettings(db, assignment.id);
  const prepared = modelAnswer
    ? await inReader(ctx.signal, () =>
        ctx.pool.run(
          {
            type: 'prepare-run',
            input: {
              totalMarks: assignment.total_marks,
              diagramKeywords: assignment.diagram_keywords
                .split(',')
                .map((k) => k.trim())
                .filter(Boolean),
              modelAnswer,
              questionPaper: paper,
              rubric,
              accepted,
              maths,
            },
          },
          { lane: 'batch', owner: owner(runId), timeoutMs: ctx.reading.gradeTimeoutMs },
        ),
      )
    : null;
  if (!prepared?.ok || !prepared.value) {
    await failRun(ctx, runId, MODEL_UNREADABLE);
    return null;
  }
  const submissions = await runs.submissionsToGrade(db, assignment.id);
  const byQuestion = new Map<string, Record<string, number>>();
  for (const q of await runs.teacherQuestionMarks(db, assignment.id))
    (byQuestion.get(q.submission_id) ?? byQuestion.set(q.submission_id, {}).get(q.submission_id)!)[
      q.question
    ] = Number(q.marks);
  const teacherMarks: TeacherMark[] = [];
  const rows: Insertable<EvaluationItemTable>[] = [];
  // A run that regrades one answer (its reading was corrected) writes only that one; the others
  // are read again from their kept readings for the class-level weights, never from their files.
  const only = run.submission_id;
  let k = 0;
  for (const s of submissions) {
    const target = s.id === only;
    const teacher = s.marks_source === 'teacher' && s.marks !== null;
    const read = decodeReading(s.reading) !== null;
    // The teacher's own marks calibrate the others when the answer was read before; an answer
    // the teacher marked is never read for this.
    if (!target && (teacher || only) && !read) continue;
    // Where she marked questions, those are her marks; the rest of that answer is still the
    // engine's and no evidence. Only a total set as a whole stands for every question. The
    // answer being regraded is read on its own, without its marks.
    const questions = byQuestion.get(s.id);
    if (teacher && !target)
      teacherMarks.push({ id: s.id, marks: Number(s.marks), ...(questions && { questions }) });
    rows.push({
      run_id: runId,
      submission_id: s.id,
      chunk: Math.floor(k++ / ctx.chunkSize),
      calibrates: target || (!only && !teacher) ? 0 : 1,
    });
  }
  const chunks = Math.max(1, Math.ceil(k / ctx.chunkSize));
  const context: RunContextJson = { prepared: prepared.value, teacherMarks };
  const planned = await db.transaction().execute(async (trx) => {
    if (
      !(await items.advanceStage(trx, runId, 'plan', 'read', {
        context: JSON.stringify(context),
        chunks,
      }))
    )
      return false;
    await items.insertItems(trx, rows);
    await then?.(trx, chunks);
    return true;
  });
  return planned ? chunks : null;
}
