import type { Kysely } from 'kysely';
import type { ContactMessageTable, Database } from '../../db/schema';

/** Stores a new contact message (not yet forwarded). */
export async function insertContactMessage(
  db: Kysely<Database>,
  row: Omit<ContactMessageTable, 'forwarded_at' | 'forward_error'>,
): Promise<void> {
  await db
    .insertInto('contact_message')
    .values({ ...row, forwarded_at: null, forward_error: null })
    .execute();
}

/** Records the outcome of forwarding a stored message: when it was delivered, or why not. */
export async function recordForward(
  db: Kysely<Database>,
  id: string,
  outcome: { forwardedAt: string } | { error: string },
): Promise<void> {
  await db
    .updateTable('contact_message')
    .set(
      'forwardedAt' in outcome
        ? { forwarded_at: outcome.forwardedAt, forward_error: null }
        : { forward_error: outcome.error },
    )
    .where('id', '=', id)
    .execute();
}
