import type { Kysely } from 'kysely';

/**
 * Anonymous marking: while `anonymous_marking` is 1 and the marks are not published, the owner
 * sees each student as "Student N", in an order shuffled by `anonymous_salt` (random, made the
 * first time the setting is turned on and kept, so the order stays the same between page loads).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('assignment')
    .addColumn('anonymous_marking', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('assignment').addColumn('anonymous_salt', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assignment').dropColumn('anonymous_salt').execute();
  await db.schema.alterTable('assignment').dropColumn('anonymous_marking').execute();
}
