import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MarkChangeTable, SubmissionTable } from '../../db/schema';

/** A submission row with the student's display name. */
export type SubmissionWithName = Selectable<SubmissionTable> & { student_name: string };

const withStudent = (db: Kysely<Database>) =>
  db
    .selectFrom('submission')
    .innerJoin('user', 'user.id', 'submission.student_id')
    .selectAll('submission')
    .select('user.name as student_name');

/** Every submission of the assignment, by student name. */
export async function listSubmissions(db: Kysely<Database>, assignmentId: string) {
  return withStudent(db)
    .where('submission.assignment_id', '=', assignmentId)
    .orderBy('user.name')
    .orderBy('submission.submitted_at')
    .execute();
}

/** One submission of the assignment by id. */
export async function findSubmission(
  db: Kysely<Database>,
  assignmentId: string,
  id: string,
): Promise<SubmissionWithName | undefined> {
  return withStudent(db)
    .where('submission.assignment_id', '=', assignmentId)
    .where('submission.id', '=', id)
    .executeTakeFirst();
}

/** The student's own submission to the assignment. */
export async function findOwnSubmission(
  db: Kysely<Database>,
  assignmentId: string,
  studentId: string,
): Promise<SubmissionWithName | undefined> {
  return withStudent(db)
    .where('submission.assignment_id', '=', assignmentId)
    .where('submission.student_id', '=', studentId)
    .executeTakeFirst();
}

/** Names of joined students who have not submitted, alphabetically. */
export async function listNotSubmitted(db: Kysely<Database>, assignmentId: string) {
  const rows = await db
    .selectFrom('enrollment')
    .innerJoin('user', 'user.id', 'enrollment.student_id')
    .leftJoin('submission', (j) =>
      j
        .onRef('submission.assignment_id', '=', 'enrollment.assignment_id')
        .onRef('submission.student_id', '=', 'enrollment.student_id'),
    )
    .select('user.name')
    .where('enrollment.assignment_id', '=', assignmentId)
    .where('submission.id', 'is', null)
    .orderBy('user.name')
    .execute();
  return rows.map((r) => r.name);
}

/** Inserts a submission; the unique pair (assignment, student) refuses a second one. */
export async function insertSubmission(db: Kysely<Database>, row: Insertable<SubmissionTable>) {
  await db.insertInto('submission').values(row).execute();
}

/** The highest marks given in the assignment, or null when none. */
export async function highestMarks(db: Kysely<Database>, assignmentId: string) {
  const row = await db
    .selectFrom('submission')
    .select((eb) => eb.fn.max('marks').as('top'))
    .where('assignment_id', '=', assignmentId)
    .executeTakeFirst();
  return row?.top == null ? null : Number(row.top);
}

/** Sets marks by the teacher's hand; the AI's proposal (ai_*) is left as it was. */
export async function setTeacherMarks(db: Kysely<Database>, id: string, marks: number, at: string) {
  await db
    .updateTable('submission')
    .set({ marks, marks_source: 'teacher', needs_review: 0, graded_at: at })
    .where('id', '=', id)
    .execute();
}

/** Appends to the audit trail of marks. */
export async function insertMarkChange(db: Kysely<Database>, row: Insertable<MarkChangeTable>) {
  await db.insertInto('mark_change').values(row).execute();
}
