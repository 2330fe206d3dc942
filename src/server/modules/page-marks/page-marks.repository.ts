import type { Insertable, Kysely } from 'kysely';
import type { Database, PageCommentTable } from '../../db/schema';

/**
 * The comments on some submissions' pages with their authors' names, page by page, oldest first
 * (each row names its submission).
 */
export function pageCommentsOfMany(db: Kysely<Database>, submissionIds: string[]) {
  if (!submissionIds.length) return Promise.resolve([]);
  return db
    .selectFrom('page_comment as c')
    .leftJoin('user as u', 'u.id', 'c.author_id')
    .selectAll('c')
    .select('u.name as author_name')
    .where('c.submission_id', 'in', submissionIds)
    .orderBy('c.page')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** The comments on one submission's pages (see pageCommentsOfMany). */
export const pageComments = (db: Kysely<Database>, submissionId: string) =>
  pageCommentsOfMany(db, [submissionId]);

export type PageCommentRow = Awaited<ReturnType<typeof pageCommentsOfMany>>[number];

/** Stores one comment. */
export async function insertPageComment(db: Kysely<Database>, row: Insertable<PageCommentTable>) {
  await db.insertInto('page_comment').values(row).execute();
}

/** Deletes one comment of a submission; false when it had none by that id. */
export async function deletePageComment(db: Kysely<Database>, submissionId: string, id: string) {
  const result = await db
    .deleteFrom('page_comment')
    .where('submission_id', '=', submissionId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
