import type { Kysely } from 'kysely';

/**
 * Runs graded in steps that any worker can take: the run's stage and its class-level context
 * (the prepared assignment, then the class's scores), and one row per answer of the run with its
 * chunk, its reading by the engine, its class-level score and when its result was written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('evaluation_run')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('plan'))
    .execute();
  await db.schema.alterTable('evaluation_run').addColumn('context', 'text').execute();
  await db.schema
    .alterTable('evaluation_run')
    .addColumn('chunks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('evaluation_item')
    .addColumn('run_id', 'text', (c) =>
      c.notNull().references('evaluation_run.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submission.id').onDelete('cascade'),
    )
    .addColumn('chunk', 'integer', (c) => c.notNull())
    .addColumn('calibrates', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('analysis', 'text')
    .addColumn('unreadable', 'text')
    .addColumn('score', 'text')
    .addColumn('written_at', 'text')
    .addPrimaryKeyConstraint('evaluation_item_pk', ['run_id', 'submission_id'])
    .execute();
  await db.schema
    .createIndex('evaluation_item_chunk')
    .on('evaluation_item')
    .columns(['run_id', 'chunk'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('evaluation_item').execute();
  await db.schema.alterTable('evaluation_run').dropColumn('chunks').execute();
  await db.schema.alterTable('evaluation_run').dropColumn('context').execute();
  await db.schema.alterTable('evaluation_run').dropColumn('stage').execute();
}
