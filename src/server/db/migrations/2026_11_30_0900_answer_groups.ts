import type { Kysely } from 'kysely';

/**
 * Answer groups: a run keeps the groups of alike answers it found per question (JSON), and a
 * teacher's mark on one question remembers whether she gave it by marking its group (1) or the
 * answer on its own (0), so marking the group again moves only the marks the group gave.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('evaluation_run').addColumn('groups', 'text').execute();
  await db.schema
    .alterTable('question_mark')
    .addColumn('by_group', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('question_mark').dropColumn('by_group').execute();
  await db.schema.alterTable('evaluation_run').dropColumn('groups').execute();
}
