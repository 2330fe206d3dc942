import type { Kysely } from 'kysely';

/**
 * "Accept answers like this": answers the teacher accepted as right for one question of her
 * assignment, each read like an "Also accept:" line of the model answer by every later run. The
 * answer it was taken from and who added it are kept while they exist.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accepted_answer')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('submission_id', 'text', (c) => c.references('submission.id').onDelete('set null'))
    .addColumn('added_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('accepted_answer_assignment_idx')
    .on('accepted_answer')
    .columns(['assignment_id', 'question', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('accepted_answer').execute();
}
