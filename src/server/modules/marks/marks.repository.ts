import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type {
  Database,
  MarkChangeTable,
  QuestionMarkTable,
  SubmissionTable,
} from '../../db/schema';

/** The columns of a submission that hold its marks, their review and their publication. */
export type MarksPatch = Pick<
  Updateable<SubmissionTable>,
  | 'marks'
  | 'marks_source'
  | 'ai_marks'
  | 'ai_status'
  | 'ai_result'
  | 'needs_review'
  | 'graded_at'
  | 'evaluation_run_id'
  | 'comment'
  | 'published'
  | 'published_at'
>;

/** Writes a submission's marks columns (never its hand-in: that is the submissions module's). */
export async function updateMarks(db: Kysely<Database>, submissionId: string, patch: MarksPatch) {
  await db.updateTable('submission').set(patch).where('id', '=', submissionId).execute();
}

/**
 * Replaces what the submission's student sees, unless another request replaced it since `seen`
 * was read (two publishes at once: the notices and the dashboard at a passed deadline, a double
 * click). False then, and nothing is written.
 */
export async function replacePublication(
  db: Kysely<Database>,
  submissionId: string,
  seen: string | null,
  next: { published: string; published_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('submission')
    .set(next)
    .where('id', '=', submissionId)
    .where('published', seen === null ? 'is' : '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Writes the engine's proposal for one submission unless this run already wrote it. Marks move
 * only where the teacher has not given their own; an unreadable answer keeps no marks at all.
 * Returns the marks before and after, or null when there was nothing to write.
 */
export async function writeAiResult(
  db: Kysely<Database>,
  runId: string,
  submissionId: string,
  result: {
    aiMarks: number | null;
    status: 'graded' | 'unreadable';
    json: string;
    needsReview: boolean;
    at: string;
  },
) {
  const before = await db
    .selectFrom('submission')
    .select([...UNDO_COLUMNS])
    .where('id', '=', submissionId)
    .where((eb) =>
      eb.or([eb('evaluation_run_id', 'is', null), eb('evaluation_run_id', '!=', runId)]),
    )
    .executeTakeFirst();
  if (!before) return null;
  const teacherOwned = before.marks_source === 'teacher';
  await db
    .updateTable('submission')
    .set({
      ai_marks: result.aiMarks,
      ai_status: result.status,
      ai_result: result.json,
      needs_review: result.needsReview ? 1 : 0,
      graded_at: result.at,
      evaluation_run_id: runId,
      ...(teacherOwned
        ? {}
        : { marks: result.aiMarks, marks_source: result.aiMarks === null ? null : 'ai' }),
    })
    .where('id', '=', submissionId)
    .execute();
  const from = before.marks === null ? null : Number(before.marks);
  return { from, to: teacherOwned ? from : result.aiMarks, teacherOwned, before };
}

/** The columns a run writes on an answer, and that undoing it puts back. */
export const UNDO_COLUMNS = [
  'marks',
  'marks_source',
  'ai_marks',
  'ai_status',
  'ai_result',
  'needs_review',
  'graded_at',
  'evaluation_run_id',
] as const;

/** An answer's columns that a run replaced. */
export type UndoColumns = Pick<Selectable<SubmissionTable>, (typeof UNDO_COLUMNS)[number]>;

/** Keeps what the run replaced on one answer; only the last run that wrote an answer keeps it. */
export async function saveUndo(
  db: Kysely<Database>,
  runId: string,
  submissionId: string,
  previous: UndoColumns,
) {
  await db.deleteFrom('run_undo').where('submission_id', '=', submissionId).execute();
  await db
    .insertInto('run_undo')
    .values({ run_id: runId, submission_id: submissionId, previous: JSON.stringify(previous) })
    .execute();
}

/** What the run replaced, per answer, with the answer's columns as they are now. */
export async function undoRows(db: Kysely<Database>, runId: string) {
  return db
    .selectFrom('run_undo as u')
    .innerJoin('submission as s', 's.id', 'u.submission_id')
    .select([
      'u.submission_id',
      'u.previous',
      's.marks',
      's.marks_source',
      's.evaluation_run_id',
      's.ai_result',
    ])
    .where('u.run_id', '=', runId)
    .orderBy('u.submission_id')
    .execute();
}

/** Whether the run kept anything to undo. */
export async function hasUndo(db: Kysely<Database>, runId: string) {
  const row = await db
    .selectFrom('run_undo')
    .select('submission_id')
    .where('run_id', '=', runId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets what the run replaced (it was undone). */
export async function deleteUndo(db: Kysely<Database>, runId: string) {
  await db.deleteFrom('run_undo').where('run_id', '=', runId).execute();
}

/** The answers' marks as the engine left them (not the teacher's), with the student's name. */
export async function unreviewedMarks(db: Kysely<Database>, submissionIds: string[]) {
  if (!submissionIds.length) return [];
  return db
    .selectFrom('submission as s')
    .innerJoin('user as u', 'u.id', 's.student_id')
    .select(['s.id', 'u.name as student_name', 's.marks', 's.ai_result'])
    .where('s.id', 'in', submissionIds)
    .where('s.marks_source', '=', 'ai')
    .where('s.marks', 'is not', null)
    .execute();
}

/** One submission's marks as they stand and the AI's result they came from. */
export async function marksOf(db: Kysely<Database>, submissionId: string) {
  return db
    .selectFrom('submission')
    .select(['ai_result', 'marks'])
    .where('id', '=', submissionId)
    .executeTakeFirstOrThrow();
}

/** Every submission of the assignment with its marks, the AI's and where they came from. */
export async function marksOfAssignment(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('submission')
    .select(['id', 'ai_result', 'ai_marks', 'marks', 'marks_source'])
    .where('assignment_id', '=', assignmentId)
    .execute();
}

/** The assignment's submissions that have marks, with what publishing them needs. */
export async function markedSubmissions(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('submission')
    .select(['id', 'student_id', 'ai_result', 'marks', 'comment', 'published', 'late_seconds'])
    .where('assignment_id', '=', assignmentId)
    .where('marks', 'is not', null)
    .execute();
}

/** The teacher's overall comments on the assignment's answers. */
export async function overallComments(db: Kysely<Database>, assignmentId: string) {
  const rows = await db
    .selectFrom('submission')
    .select('comment')
    .where('assignment_id', '=', assignmentId)
    .where('comment', 'is not', null)
    .execute();
  return rows.map((r) => r.comment);
}

/** Rows one multi-row statement writes or ids one `in` list holds (well below both databases' limits on parameters). */
const CHUNK = 500;

const chunks = <T>(xs: T[]) =>
  Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) =>
    xs.slice(i * CHUNK, (i + 1) * CHUNK),
  );

/** Appends to the audit trail of marks: the only statement that writes mark_change. */
export async function insertMarkChange(
  db: Kysely<Database>,
  rows: Array<Insertable<MarkChangeTable>>,
) {
  for (const part of chunks(rows)) await db.insertInto('mark_change').values(part).execute();
}

/** The teacher's per-question marks and comments of one submission. */
export async function questionMarks(db: Kysely<Database>, submissionId: string) {
  return db
    .selectFrom('question_mark')
    .select(['question', 'marks', 'items', 'comment', 'feedback', 'feedback_hidden', 'by_group'])
    .where('submission_id', '=', submissionId)
    .execute();
}

/** Every per-question row of some submissions (all their questions). */
export async function questionMarksOfMany(db: Kysely<Database>, submissionIds: string[]) {
  const out = [];
  for (const part of chunks(submissionIds)) {
    out.push(
      ...(await db
        .selectFrom('question_mark')
        .select([
          'submission_id',
          'question',
          'marks',
          'items',
          'comment',
          'feedback',
          'feedback_hidden',
          'by_group',
        ])
        .where('submission_id', 'in', part)
        .execute()),
    );
  }
  return out;
}

/** Some submissions of the assignment (those of other assignments are left out), with their marks. */
export async function submissionsIn(db: Kysely<Database>, assignmentId: string, ids: string[]) {
  const out = [];
  for (const part of chunks(ids)) {
    out.push(
      ...(await db
        .selectFrom('submission')
        .select(['id', 'ai_result', 'marks'])
        .where('assignment_id', '=', assignmentId)
        .where('id', 'in', part)
        .execute()),
    );
  }
  return out;
}

/** Writes the same marks columns on some submissions. */
export async function updateMarksOfMany(db: Kysely<Database>, ids: string[], patch: MarksPatch) {
  for (const part of chunks(ids))
    await db.updateTable('submission').set(patch).where('id', 'in', part).execute();
}

/** Writes new rows of the teacher's marks per question. */
export async function insertQuestionMarks(
  db: Kysely<Database>,
  rows: Array<Insertable<QuestionMarkTable>>,
) {
  for (const part of chunks(rows)) await db.insertInto('question_mark').values(part).execute();
}

/** Changes the same way one question's rows of some submissions. */
export async function updateQuestionMarks(
  db: Kysely<Database>,
  submissionIds: string[],
  question: string,
  patch: Updateable<QuestionMarkTable>,
) {
  for (const part of chunks(submissionIds))
    await db
      .updateTable('question_mark')
      .set(patch)
      .where('submission_id', 'in', part)
      .where('question', '=', question)
      .execute();
}

/** Every per-question row of the assignment's submissions, for the grades table. */
export async function questionMarksOfAssignment(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('question_mark')
    .innerJoin('submission', 'submission.id', 'question_mark.submission_id')
    .select([
      'question_mark.submission_id',
      'question_mark.question',
      'question_mark.marks',
      'question_mark.items',
      'question_mark.comment',
    ])
    .where('submission.assignment_id', '=', assignmentId)
    .execute();
}

/** Writes the teacher's row for one question (insert or update). */
export async function upsertQuestionMark(db: Kysely<Database>, row: Insertable<QuestionMarkTable>) {
  const { submission_id, question, ...rest } = row;
  const updated = await db
    .updateTable('question_mark')
    .set(rest)
    .where('submission_id', '=', submission_id)
    .where('question', '=', question)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db.insertInto('question_mark').values(row).execute();
  }
}

/** Changes the teacher's row for one question. */
export async function updateQuestionMark(
  db: Kysely<Database>,
  submissionId: string,
  question: string,
  patch: Updateable<QuestionMarkTable>,
) {
  await db
    .updateTable('question_mark')
    .set(patch)
    .where('submission_id', '=', submissionId)
    .where('question', '=', question)
    .execute();
}

/** Rows of one question that were marked by ticking rubric items (a rubric change re-scores them). */
export async function rubricMarkedRows(
  db: Kysely<Database>,
  assignmentId: string,
  question: string,
) {
  return db
    .selectFrom('question_mark')
    .innerJoin('submission', 'submission.id', 'question_mark.submission_id')
    .innerJoin('user', 'user.id', 'submission.student_id')
    .select([
      'question_mark.submission_id',
      'question_mark.marks',
      'question_mark.items',
      'user.name as student_name',
    ])
    .where('submission.assignment_id', '=', assignmentId)
    .where('question_mark.question', '=', question)
    .where('question_mark.items', 'is not', null)
    .execute();
}

/** The points of one question's rubric items by id (the rubric module writes them). */
export async function rubricPoints(db: Kysely<Database>, assignmentId: string, question: string) {
  const rows = await db
    .selectFrom('rubric_item')
    .select(['id', 'points'])
    .where('assignment_id', '=', assignmentId)
    .where('question', '=', question)
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.points)]));
}

/**
 * The assignments that publish automatically, whose deadline has passed (at `now`), and that
 * hold marks not yet published: what the scheduled job publishes (jobs/scheduled-tasks.ts).
 */
export async function dueForPublishing(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('assignment')
    .innerJoin('user as teacher', 'teacher.id', 'assignment.teacher_id')
    .selectAll('assignment')
    .select('teacher.name as teacher_name')
    .where('assignment.auto_publish', '=', 1)
    .where('assignment.deadline', '<', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('submission')
          .select('submission.id')
          .whereRef('submission.assignment_id', '=', 'assignment.id')
          .where('submission.marks', 'is not', null)
          .where('submission.published', 'is', null),
      ),
    )
    .orderBy('assignment.deadline')
    .execute();
}
