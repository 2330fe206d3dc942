import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Replaces the user's calendar link by the one with this hash (one link per user). */
export async function replaceLink(
  db: Kysely<Database>,
  userId: string,
  tokenHash: string,
  createdAt: string,
) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_feed').where('user_id', '=', userId).execute();
    await trx
      .insertInto('calendar_feed')
      .values({ user_id: userId, token_hash: tokenHash, created_at: createdAt })
      .execute();
  });
}

/** The user's link row, if they made one. */
export const findByUser = (db: Kysely<Database>, userId: string) =>
  db.selectFrom('calendar_feed').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** The user whose link has this token hash, if any. */
export const findByHash = (db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('calendar_feed')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();

/**
 * The assignments a user teaches or has joined, with what their calendar event shows (for a
 * student, her own extension too).
 */
export async function dueDates(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('assignment')
    .leftJoin('extension', (j) =>
      j
        .onRef('extension.assignment_id', '=', 'assignment.id')
        .on('extension.student_id', '=', userId),
    )
    .select([
      'extension.deadline as extended_deadline',
      'assignment.id',
      'assignment.code',
      'assignment.title',
      'assignment.deadline',
      'assignment.deadline_time_zone',
      'assignment.updated_at',
    ])
    .where((eb) =>
      eb.or([
        eb('assignment.teacher_id', '=', userId),
        eb(
          'assignment.id',
          'in',
          eb.selectFrom('enrollment').select('assignment_id').where('student_id', '=', userId),
        ),
        // The assignments of the classes she co-teaches.
        eb(
          'assignment.class_id',
          'in',
          eb
            .selectFrom('class_member')
            .select('class_id')
            .where('user_id', '=', userId)
            .where('role', '=', 'teacher')
            .where('removed_at', 'is', null),
        ),
      ]),
    )
    .orderBy('assignment.deadline')
    .execute();
}
