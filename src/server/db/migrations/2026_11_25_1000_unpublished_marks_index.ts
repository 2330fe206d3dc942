import { sql, type Kysely } from 'kysely';

/**
 * A student's marks given and not yet published, by student: what automatic publishing looks
 * for on each of their dashboard and notices requests. Only such rows are in the index, so the
 * look-up costs next to nothing when there are none, the usual case.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('submission_unpublished_marks_idx')
    .on('submission')
    .columns(['student_id', 'assignment_id'])
    .where(sql<boolean>`marks is not null and published is null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('submission_unpublished_marks_idx').execute();
}
