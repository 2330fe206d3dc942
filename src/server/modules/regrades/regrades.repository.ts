import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, RegradeRequestTable } from '../../db/schema';

/** Regrade requests with their student's name and their submission's assignment. */
const withStudent = (db: Kysely<Database>) =>
  db
    .selectFrom('regrade_request')
    .innerJoin('submission', 'submission.id', 'regrade_request.submission_id')
    .innerJoin('user', 'user.id', 'submission.student_id')
    .selectAll('regrade_request')
    .select(['user.name as student_name', 'submission.student_id', 'submission.assignment_id']);

export type RegradeRow = Awaited<
  ReturnType<ReturnType<typeof withStudent>['executeTakeFirstOrThrow']>
>;

/** One request by id, within the assignment when `assignmentId` is given. */
export async function findRequest(db: Kysely<Database>, id: string, assignmentId?: string) {
  let q = withStudent(db).where('regrade_request.id', '=', id);
  if (assignmentId) q = q.where('submission.assignment_id', '=', assignmentId);
  return q.executeTakeFirst();
}

/** The assignment's requests (or one student's), open ones first, oldest first. */
export async function listRequests(db: Kysely<Database>, assignmentId: string, studentId?: string) {
  let q = withStudent(db).where('submission.assignment_id', '=', assignmentId);
  if (studentId) q = q.where('submission.student_id', '=', studentId);
  return q
    .orderBy('regrade_request.status', 'desc')
    .orderBy('regrade_request.created_at')
    .execute();
}

/** Inserts a request; the unique pair (submission, question) refuses a second one. */
export async function insertRequest(db: Kysely<Database>, row: Insertable<RegradeRequestTable>) {
  await db.insertInto('regrade_request').values(row).execute();
}

/** Answers a request if it is still open. */
export async function answerRequest(
  db: Kysely<Database>,
  id: string,
  patch: Updateable<RegradeRequestTable>,
) {
  await db
    .updateTable('regrade_request')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}
