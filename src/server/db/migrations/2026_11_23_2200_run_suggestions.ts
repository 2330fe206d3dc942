import type { Kysely } from 'kysely';

/** The answers a finished run suggests the teacher mark first (JSON array of submission ids). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('evaluation_run').addColumn('suggested', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('evaluation_run').dropColumn('suggested').execute();
}
