import type { Kysely } from 'kysely';

/**
 * An answer's text is read once: the reading (or why it could not be read, such as a broken
 * limit) is kept on the submission, so a re-run, a resumed run or calibration never opens the
 * file again, and an answer the teacher marked is never read at all.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submission').addColumn('reading', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submission').dropColumn('reading').execute();
}
