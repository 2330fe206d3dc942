import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StoredQuestion } from '../assignments/questions.service';
import { recordMarkChange } from './audit-trail';
import { recomputeTotal } from './marking.service';
import { marksState, parseAi, readingStands } from './marks-state';
import * as repo from './marks.repository';

export { parseAi, readingStands };

/** The engine's result for one answer, as the grading steps write it. */
export interface AiResultWrite {
  aiMarks: number | null;
  status: 'graded' | 'unreadable';
  /** The whole result (AnswerResult) as JSON. */
  json: string;
  needsReview: boolean;
  at: string;
  /** Why the run wrote it, for the audit trail ("reading of question 2 corrected"). */
  note?: string;
  /**
   * The assignment's questions, when the answer is regraded on its own after the teacher
   * corrected its reading: where she marked some questions, the total then follows the engine's
   * new marks of the others (her own marks stay hers; a total she typed over everything stays).
   */
  follow?: StoredQuestion[];
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
      note: result.note ?? null,
      at: result.at,
    });
  }
  if (change.teacherOwned && result.follow)
    await followQuestions(db, submissionId, result.follow, change.from, change.before.ai_result, {
      by: null,
      note: result.note ?? null,
      at: result.at,
    });
  return true;
}

/**
 * The total of an answer the teacher marked question by question, after the engine's marks of
 * her unmarked questions moved (`aiBefore` is the result they were read from): their sum again,
 * audited. A total she set as a whole (no marks of questions, or a total typed over them) stays.
 */
async function followQuestions(
  db: Kysely<Database>,
  submissionId: string,
  questions: StoredQuestion[],
  from: number | null,
  aiBefore: string | null,
  audit: { by: string | null; note: string | null; at: string },
) {
  const rows = await repo.questionMarks(db, submissionId);
  if (!rows.some((r) => r.marks !== null)) return;
  const before = marksState(questions, parseAi(aiBefore), rows);
  if (before.total !== from) return;
  const total = await recomputeTotal(db, submissionId, questions);
  if (total.from === total.to) return;
  await recordMarkChange(db, {
    submissionId,
    source: 'ai',
    from: total.from,
    to: total.to,
    ...audit,
  });
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
 * beside them goes back, and where she marked question by question the total follows it back,
 * given the assignment's `questions`). Each move of the marks is audited. Returns how many
 * answers changed.
 */
export async function undoRun(
  db: Kysely<Database>,
  runId: string,
  teacherId: string,
  at: string,
  questions: StoredQuestion[] = [],
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
    if (teacherOwned && questions.length)
      await followQuestions(db, row.submission_id, questions, from, row.ai_result, {
        by: teacherId,
        note: 'evaluation undone',
        at,
      });
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
