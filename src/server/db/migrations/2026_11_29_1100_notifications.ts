import type { Kysely } from 'kysely';

/**
 * Email notifications (modules/notifications):
 * - `mail_opt_out`: the kinds of email a user asked not to get (an unsubscribe link, or the
 *   settings page); a row means "not this kind", so every kind is on until turned off.
 * - `deadline_reminder`: one row per student and deadline whose 24-hour reminder was queued, so
 *   the scheduled job sends it once however often it runs (a moved deadline is a new one).
 * - `mail_message.unsubscribe_url`: the one-click address sent in the List-Unsubscribe header.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_opt_out')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_opt_out_pk', ['user_id', 'kind'])
    .execute();
  await db.schema
    .createTable('deadline_reminder')
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('student_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deadline_reminder_pk', ['assignment_id', 'student_id', 'deadline'])
    .execute();
  await db.schema.alterTable('mail_message').addColumn('unsubscribe_url', 'text').execute();
  await db.schema
    .createIndex('mail_message_created_idx')
    .on('mail_message')
    .columns(['created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_message_created_idx').execute();
  await db.schema.alterTable('mail_message').dropColumn('unsubscribe_url').execute();
  await db.schema.dropTable('deadline_reminder').execute();
  await db.schema.dropTable('mail_opt_out').execute();
}
