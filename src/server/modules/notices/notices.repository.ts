import type { Insertable, Kysely } from 'kysely';
import type { Database, NoticeTable } from '../../db/schema';

export async function insertNotices(db: Kysely<Database>, rows: Insertable<NoticeTable>[]) {
  if (rows.length) await db.insertInto('notice').values(rows).execute();
}

/** The user's newest notices (at most `limit`) with their assignment's code and title. */
export async function newestNotices(db: Kysely<Database>, userId: string, limit: number) {
  return db
    .selectFrom('notice')
    .innerJoin('assignment', 'assignment.id', 'notice.assignment_id')
    .select([
      'notice.id',
      'notice.kind',
      'notice.text',
      'notice.created_at',
      'notice.read_at',
      'assignment.code',
      'assignment.title',
    ])
    .where('notice.user_id', '=', userId)
    .orderBy('notice.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Marks the user's unread notices read: the listed ones, or all of them when `ids` is absent. */
export async function markRead(
  db: Kysely<Database>,
  userId: string,
  ids: string[] | undefined,
  at: string,
) {
  let q = db
    .updateTable('notice')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) q = q.where('id', 'in', ids.length ? ids : ['']);
  await q.execute();
}
