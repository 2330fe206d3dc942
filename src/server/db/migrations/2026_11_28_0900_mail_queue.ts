import type { Kysely } from 'kysely';

/**
 * The mail queue: every message Markwise sends is written here first, in the request that
 * causes it, and delivered afterwards by the sender loop (modules/mail): over SMTP, or into
 * DATA_DIR/outbox. A message is `queued` until it is `sent`, or `failed` once its attempts are
 * spent (the last error kept). `claimed_until` marks a message being sent, so two loops never
 * send the same one; a sender that died lets its claim lapse and the message is tried again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_message')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_message_due_idx')
    .on('mail_message')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('mail_message_recipient_idx')
    .on('mail_message')
    .columns(['to_address', 'kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_message').execute();
}
