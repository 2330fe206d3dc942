import type { Kysely } from 'kysely';

/**
 * A re-run that would change marks the teacher has not reviewed waits for her to confirm them:
 * the run keeps the changes it proposes (`preview`). A run can be undone: each answer it wrote
 * keeps what it replaced (`run_undo`, one row per answer, for the last run that wrote it), and
 * the run says when it was undone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('evaluation_run').addColumn('preview', 'text').execute();
  await db.schema.alterTable('evaluation_run').addColumn('undone_at', 'text').execute();
  await db.schema
    .createTable('run_undo')
    .addColumn('run_id', 'text', (c) =>
      c.notNull().references('evaluation_run.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submission.id').onDelete('cascade'),
    )
    .addColumn('previous', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('run_undo_pk', ['run_id', 'submission_id'])
    .execute();
  await db.schema
    .createIndex('run_undo_submission')
    .on('run_undo')
    .column('submission_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('run_undo').execute();
  await db.schema.alterTable('evaluation_run').dropColumn('undone_at').execute();
  await db.schema.alterTable('evaluation_run').dropColumn('preview').execute();
}
