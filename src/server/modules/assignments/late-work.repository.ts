import type { Insertable, Kysely } from 'kysely';
import type { Database, ExtensionTable } from '../../db/schema';

/** The student's extension on the assignment, or undefined. */
export async function findExtension(db: Kysely<Database>, assignmentId: string, studentId: string) {
  return db
    .selectFrom('extension')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

/** The latest extension given on the assignment (ISO-8601 UTC), or null. */
export async function latestExtension(db: Kysely<Database>, assignmentId: string) {
  const row = await db
    .selectFrom('extension')
    .select((eb) => eb.fn.max('deadline').as('latest'))
    .where('assignment_id', '=', assignmentId)
    .executeTakeFirst();
  return row?.latest ?? null;
}

/** Gives (or moves) the student's extension. */
export async function upsertExtension(db: Kysely<Database>, row: Insertable<ExtensionTable>) {
  await db
    .insertInto('extension')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['assignment_id', 'student_id']).doUpdateSet({
        deadline: row.deadline,
        deadline_time_zone: row.deadline_time_zone,
        granted_by: row.granted_by,
        created_at: row.created_at,
      }),
    )
    .execute();
}

/** Removes the student's extension; false when she had none. */
export async function deleteExtension(
  db: Kysely<Database>,
  assignmentId: string,
  studentId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('extension')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the student has handed in an answer to the assignment. */
export async function hasHandedIn(db: Kysely<Database>, assignmentId: string, studentId: string) {
  const row = await db
    .selectFrom('submission')
    .select('id')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every joined student of the assignment by name, with her extension and whether she handed in. */
export async function joinedWithExtensions(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('enrollment')
    .innerJoin('user', 'user.id', 'enrollment.student_id')
    .leftJoin('extension', (j) =>
      j
        .onRef('extension.assignment_id', '=', 'enrollment.assignment_id')
        .onRef('extension.student_id', '=', 'enrollment.student_id'),
    )
    .leftJoin('submission', (j) =>
      j
        .onRef('submission.assignment_id', '=', 'enrollment.assignment_id')
        .onRef('submission.student_id', '=', 'enrollment.student_id'),
    )
    .select([
      'user.id as student_id',
      'user.name',
      'extension.deadline',
      'extension.deadline_time_zone',
      'submission.id as submission_id',
    ])
    .where('enrollment.assignment_id', '=', assignmentId)
    .orderBy('user.name')
    .orderBy('user.id')
    .execute();
}
