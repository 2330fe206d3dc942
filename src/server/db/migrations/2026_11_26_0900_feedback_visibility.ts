import type { Kysely } from 'kysely';

/**
 * What a student reads follows the teacher: per question, the teacher may replace the engine's
 * feedback with their own words or hide it; per assignment, the teacher chooses when students
 * see the model answer's key points quoted whole ('never', 'after-publishing', or
 * 'after-deadline', the default: until then feedback names them by their first words).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('assignment')
    .addColumn('model_answer_visibility', 'text', (c) => c.notNull().defaultTo('after-deadline'))
    .execute();
  await db.schema.alterTable('question_mark').addColumn('feedback', 'text').execute();
  await db.schema
    .alterTable('question_mark')
    .addColumn('feedback_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('question_mark').dropColumn('feedback_hidden').execute();
  await db.schema.alterTable('question_mark').dropColumn('feedback').execute();
  await db.schema.alterTable('assignment').dropColumn('model_answer_visibility').execute();
}
