import type { Kysely } from 'kysely';

/**
 * How a teacher marks the numbers of each question (tolerance and the share a right value with a
 * wrong or missing unit earns, both in percent), her corrections of what the engine read in an
 * answer, and the one answer a run regrades after such a correction (null: the whole class).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question_setting')
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('tolerance_percent', 'real', (c) => c.notNull())
    .addColumn('wrong_unit_share_percent', 'real', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_setting_pk', ['assignment_id', 'question'])
    .execute();
  await db.schema
    .createTable('reading_correction')
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submission.id').onDelete('cascade'),
    )
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('corrected_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('corrected_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_correction_pk', ['submission_id', 'question'])
    .execute();
  await db.schema.alterTable('evaluation_run').addColumn('submission_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('evaluation_run').dropColumn('submission_id').execute();
  await db.schema.dropTable('reading_correction').execute();
  await db.schema.dropTable('question_setting').execute();
}
