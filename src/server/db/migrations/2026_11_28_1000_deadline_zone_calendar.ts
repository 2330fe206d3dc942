import type { Kysely } from 'kysely';

/**
 * A deadline is a moment set in a time zone: `assignment.deadline` already holds the ISO-8601
 * UTC instant; `deadline_time_zone` keeps the IANA zone the teacher set it in (existing rows,
 * whose date-only deadlines became 23:59:59.999 UTC that day, are in 'UTC'). `calendar_feed`
 * holds each user's secret calendar link, as the SHA-256 of its token (one link per user: a new
 * one replaces the old).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('assignment')
    .addColumn('deadline_time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await db.schema
    .createTable('calendar_feed')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feed').execute();
  await db.schema.alterTable('assignment').dropColumn('deadline_time_zone').execute();
}
