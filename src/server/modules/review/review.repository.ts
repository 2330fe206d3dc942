import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type {
  Database,
  NoticeTable,
  QuestionMarkTable,
  RubricItemTable,
  SubmissionTable,
} from '../../db/schema';

export type RubricItemRow = Selectable<RubricItemTable>;

/** The teacher's per-question marks and comments of one submission. */
export async function questionMarks(db: Kysely<Database>, submissionId: string) {
  return db
    .selectFrom('question_mark')
    .select(['question', 'marks', 'items', 'comment'])
    .where('submission_id', '=', submissionId)
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

export async function updateSubmission(
  db: Kysely<Database>,
  id: string,
  patch: Updateable<SubmissionTable>,
) {
  await db.updateTable('submission').set(patch).where('id', '=', id).execute();
}

export async function rubricItems(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('rubric_item')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('question')
    .orderBy('position')
    .execute();
}

export async function insertRubricItems(db: Kysely<Database>, rows: Insertable<RubricItemTable>[]) {
  if (rows.length) await db.insertInto('rubric_item').values(rows).execute();
}

export async function updateRubricItem(
  db: Kysely<Database>,
  id: string,
  patch: Updateable<RubricItemTable>,
) {
  await db.updateTable('rubric_item').set(patch).where('id', '=', id).execute();
}

export async function deleteRubricItem(db: Kysely<Database>, id: string) {
  await db.deleteFrom('rubric_item').where('id', '=', id).execute();
}

export async function insertNotices(db: Kysely<Database>, rows: Insertable<NoticeTable>[]) {
  if (rows.length) await db.insertInto('notice').values(rows).execute();
}
