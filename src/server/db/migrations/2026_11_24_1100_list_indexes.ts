import type { Kysely } from 'kysely';

/**
 * Indexes for the hot reads and for deletes:
 * - a student's dashboard list reads enrollment by student and needs each assignment id: with
 *   both in one index it never visits the table (PostgreSQL: index-only scan); their own
 *   submissions are found by student too (the unique pair starts with the assignment);
 * - deleting an assignment deletes its file rows, and each one checks that no submission still
 *   names it, and cascades to its notices: without these, each is a scan of the whole table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('enrollment_student_assignment_idx')
    .on('enrollment')
    .columns(['student_id', 'assignment_id'])
    .execute();
  await db.schema.dropIndex('enrollment_student_idx').execute();
  await db.schema
    .createIndex('submission_student_idx')
    .on('submission')
    .columns(['student_id', 'assignment_id'])
    .execute();
  await db.schema.createIndex('submission_file_idx').on('submission').column('file_id').execute();
  await db.schema
    .createIndex('notice_assignment_idx')
    .on('notice')
    .column('assignment_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notice_assignment_idx').execute();
  await db.schema.dropIndex('submission_file_idx').execute();
  await db.schema.dropIndex('submission_student_idx').execute();
  await db.schema
    .createIndex('enrollment_student_idx')
    .on('enrollment')
    .column('student_id')
    .execute();
  await db.schema.dropIndex('enrollment_student_assignment_idx').execute();
}
