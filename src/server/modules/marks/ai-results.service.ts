import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordMarkChange } from './audit-trail';
import * as repo from './marks.repository';

export { parseAi } from './marks-state';

/** The engine's result for one answer, as the grading steps write it. */
export interface AiResultWrite {
  aiMarks: number | null;
  status: 'graded' | 'unreadable';
  /** The whole result (AnswerResult) as JSON. */
  json: string;
  needsReview: boolean;
  at: string;
}

/**
 * Writes the engine's proposal for one answer in the caller's transaction, once per run: the
 * marks move only where the teacher has not given their own, an unreadable answer keeps no
 * marks, and a move of the marks goes to the audit trail. What it replaced is kept so the run
 * can be undone. False when this run wrote it already.
 */
export async function writeAiResult(
  db: Kysely<Database>,
  runId: string,
  submissionId: string,
  result: AiResultWrite,
): Promise<boolean> {
  const change = await repo.writeAiResult(db, runId, submissionId, result);
  if (!change) return false;
  await repo.saveUndo(db, runId, submissionId, change.before);
  if (!change.teacherOwned && change.from !== change.to) {
    await recordMarkChange(db, {
      submissionId,
      by: null,
      source: 'ai',
      from: change.from,
      to: change.to,
      at: result.at,
    });
  }
  return true;
}

/** The answers' marks as the engine left them, unreviewed by the teacher, with student names. */
export async function unreviewedMarks(db: Kysely<Database>, submissionIds: string[]) {
  return (await repo.unreviewedMarks(db, submissionIds)).map((r) => ({
    id: r.id,
    studentName: r.student_name,
    marks: Number(r.marks),
    aiResult: r.ai_result,
  }));
}

/** Whether the run kept what it replaced, so it can be undone. */
export const canUndoRun = (db: Kysely<Database>, runId: string) => repo.hasUndo(db, runId);

/**
 * Undoes a run in the caller's transaction: each answer it wrote gets back its previous AI
 * result, flags and marks; marks the teacher has given since stay hers (only the AI's proposal
 * beside them goes back). Each move of the marks is audited. Returns how many answers changed.
 */
export async function undoRun(
  db: Kysely<Database>,
  runId: string,
  teacherId: string,
  at: string,
): Promise<number> {
  let restored = 0;
  for (const row of await repo.undoRows(db, runId)) {
    if (row.evaluation_run_id !== runId) continue;
    const previous = JSON.parse(row.previous) as repo.UndoColumns;
    const teacherOwned = row.marks_source === 'teacher';
    const { marks, marks_source, ...ai } = previous;
    await repo.updateMarks(db, row.submission_id, teacherOwned ? ai : previous);
    restored++;
    const from = row.marks === null ? null : Number(row.marks);
    const to = marks === null ? null : Number(marks);
    if (teacherOwned || from === to) continue;
    await recordMarkChange(db, {
      submissionId: row.submission_id,
      by: teacherId,
      source: marks_source === 'teacher' ? 'teacher' : 'ai',
      from,
      to,
      note: 'evaluation undone',
      at,
    });
  }
  await repo.deleteUndo(db, runId);
  return restored;
}
