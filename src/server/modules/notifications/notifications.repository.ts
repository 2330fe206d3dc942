import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Someone an email goes to. */
export interface Recipient {
  id: string;
  name: string;
  email: string;
}

/** The listed users who have not turned `kind` off. */
export async function recipientsFor(
  db: Kysely<Database>,
  userIds: readonly string[],
  kind: string,
): Promise<Recipient[]> {
  if (!userIds.length) return [];
  const out: Recipient[] = [];
  // In slices: a class of thousands stays under every driver's limit on bound values.
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db
      .selectFrom('user')
      .leftJoin('mail_opt_out', (join) =>
        join.onRef('mail_opt_out.user_id', '=', 'user.id').on('mail_opt_out.kind', '=', kind),
      )
      .select(['user.id', 'user.name', 'user.email'])
      .where('user.id', 'in', userIds.slice(i, i + 500))
      .where('mail_opt_out.user_id', 'is', null)
      .execute();
    out.push(...rows);
  }
  return out;
}

/** The kinds the user turned off. */
export async function optOutsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_opt_out')
    .select('kind')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.kind);
}

/** Turns one kind off for the user (again is harmless). */
export async function addOptOut(db: Kysely<Database>, userId: string, kind: string, at: string) {
  await db
    .insertInto('mail_opt_out')
    .values({ user_id: userId, kind, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
    .execute();
}

/** Turns one kind on again for the user. */
export async function removeOptOut(db: Kysely<Database>, userId: string, kind: string) {
  await db
    .deleteFrom('mail_opt_out')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
}

/** Whether the user exists. */
export async function userExists(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** An assignment as the messages name it. */
export async function assignmentForMail(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('assignment')
    .innerJoin('user as teacher', 'teacher.id', 'assignment.teacher_id')
    .select([
      'assignment.id',
      'assignment.code',
      'assignment.title',
      'assignment.deadline',
      'assignment.deadline_time_zone',
      'assignment.teacher_id',
      'teacher.name as teacher_name',
    ])
    .where('assignment.id', '=', assignmentId)
    .executeTakeFirst();
}

/**
 * Joined students who have not handed in and were not yet reminded of their deadline (her own
 * when she has an extension later than the assignment's), where that deadline falls in
 * (`from`, `to`].
 */
export async function remindersDue(db: Kysely<Database>, from: string, to: string) {
  // Her extension only while it is later than the assignment's deadline (as ownDeadline): a
  // deadline moved past it is hers again. ISO-8601 UTC text compares as the instants do.
  const due = sql<string>`case when extension.deadline > assignment.deadline then extension.deadline else assignment.deadline end`;
  return db
    .selectFrom('assignment')
    .innerJoin('enrollment', 'enrollment.assignment_id', 'assignment.id')
    .leftJoin('extension', (join) =>
      join
        .onRef('extension.assignment_id', '=', 'assignment.id')
        .onRef('extension.student_id', '=', 'enrollment.student_id'),
    )
    .leftJoin('submission', (join) =>
      join
        .onRef('submission.assignment_id', '=', 'assignment.id')
        .onRef('submission.student_id', '=', 'enrollment.student_id'),
    )
    .leftJoin('deadline_reminder', (join) =>
      join
        .onRef('deadline_reminder.assignment_id', '=', 'assignment.id')
        .onRef('deadline_reminder.student_id', '=', 'enrollment.student_id')
        .on('deadline_reminder.deadline', '=', due),
    )
    .select(['assignment.id as assignment_id', due.as('deadline'), 'enrollment.student_id'])
    .where(due, '>', from)
    .where(due, '<=', to)
    .where('submission.id', 'is', null)
    .where('deadline_reminder.student_id', 'is', null)
    .orderBy(due)
    .execute();
}

/** Records one reminder; false when it was recorded already (by another run of the job). */
export async function recordReminder(
  db: Kysely<Database>,
  row: { assignment_id: string; student_id: string; deadline: string; sent_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('deadline_reminder')
    .values(row)
    .onConflict((oc) => oc.columns(['assignment_id', 'student_id', 'deadline']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
