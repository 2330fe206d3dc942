import type { Kysely } from 'kysely';

/**
 * The reading a student was shown before she handed in (one a student and assignment, the last):
 * the file's SHA-256 and the reading, so that handing in the same file keeps it and Evaluate Now
 * never reads that scan again. Taken into the submission when she hands it in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reading_preview')
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('student_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('reading', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_preview_pk', ['assignment_id', 'student_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reading_preview').execute();
}
