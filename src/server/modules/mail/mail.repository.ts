import type { Kysely } from 'kysely';
import type { Database, MailMessageTable } from '../../db/schema';

export type MailRow = MailMessageTable;

/** Writes a new message to the queue, due at once. */
export async function insertMail(
  db: Kysely<Database>,
  row: Pick<
    MailMessageTable,
    | 'id'
    | 'kind'
    | 'to_address'
    | 'subject'
    | 'text_body'
    | 'html_body'
    | 'created_at'
    | 'unsubscribe_url'
  >,
): Promise<void> {
  await db
    .insertInto('mail_message')
    .values({
      ...row,
      status: 'queued',
      attempts: 0,
      next_attempt_at: row.created_at,
      claimed_until: null,
      last_error: null,
      sent_at: null,
    })
    .execute();
}

/**
 * Takes the next due message for this sender until `claimUntil`: queued, due, and not held by
 * another sender (or held by one whose claim lapsed). Undefined when nothing is due.
 */
export async function claimNextMail(
  db: Kysely<Database>,
  now: string,
  claimUntil: string,
): Promise<MailRow | undefined> {
  for (;;) {
    const next = await db
      .selectFrom('mail_message')
      .select('id')
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    // The same conditions again: only one sender's update finds the row still free.
    const taken = await db
      .updateTable('mail_message')
      .set({ claimed_until: claimUntil })
      .where('id', '=', next.id)
      .where('status', '=', 'queued')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) {
      return db
        .selectFrom('mail_message')
        .selectAll()
        .where('id', '=', next.id)
        .executeTakeFirstOrThrow();
    }
  }
}

/** Records a delivered message. */
export async function markMailSent(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db
    .updateTable('mail_message')
    .set((eb) => ({
      status: 'sent',
      sent_at: at,
      attempts: eb('attempts', '+', 1),
      claimed_until: null,
      last_error: null,
    }))
    .where('id', '=', id)
    .execute();
}

/** Records a failed attempt: tried again at `retryAt`, or failed for good when that is null. */
export async function markMailAttemptFailed(
  db: Kysely<Database>,
  id: string,
  outcome: { attempts: number; error: string; retryAt: string | null },
): Promise<void> {
  await db
    .updateTable('mail_message')
    .set({
      attempts: outcome.attempts,
      last_error: outcome.error,
      claimed_until: null,
      ...(outcome.retryAt ? { next_attempt_at: outcome.retryAt } : { status: 'failed' }),
    })
    .where('id', '=', id)
    .execute();
}

/** The queue's messages to one address, newest first (for tests and the operator). */
export async function mailTo(db: Kysely<Database>, address: string): Promise<MailRow[]> {
  return db
    .selectFrom('mail_message')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('created_at', 'desc')
    .execute();
}

/** How many messages are waiting or being sent. */
export async function countPendingMail(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('mail_message')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'queued')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether a message is due now and free to be taken. */
export async function hasDueMail(db: Kysely<Database>, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('mail_message')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes sent and failed messages created before `before`; returns how many. */
export async function deleteFinishedMailBefore(
  db: Kysely<Database>,
  before: string,
): Promise<number> {
  const result = await db
    .deleteFrom('mail_message')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The newest messages, of one status or all. */
export async function newestMail(
  db: Kysely<Database>,
  opts: { status?: MailRow['status']; limit: number },
): Promise<MailRow[]> {
  let q = db.selectFrom('mail_message').selectAll();
  if (opts.status) q = q.where('status', '=', opts.status);
  return q.orderBy('created_at', 'desc').orderBy('id').limit(opts.limit).execute();
}

/** How many messages the queue holds in each status. */
export async function mailCounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('mail_message')
    .select((eb) => ['status', eb.fn.countAll<string | number>().as('n')])
    .groupBy('status')
    .execute();
  const counts = { queued: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** One message by id. */
export async function findMail(db: Kysely<Database>, id: string): Promise<MailRow | undefined> {
  return db.selectFrom('mail_message').selectAll().where('id', '=', id).executeTakeFirst();
}
