import { sql, type Kysely } from 'kysely';

/** `arrival_read_at` of the answers handed in before they were read as they arrive. */
export const BEFORE_READ_ON_ARRIVAL = 'before-read-on-arrival';

/**
 * When the readers took up a handed-in answer that had not been read (a scan nobody previewed),
 * so each is read once, as it arrives, rather than when Evaluate Now is pressed; and an index of
 * the answers still waiting for that.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submission').addColumn('arrival_read_at', 'text').execute();
  // Answers handed in before: left to the runs, as they were (only new hand-ins are read so).
  await db
    .updateTable('submission')
    .set({ arrival_read_at: BEFORE_READ_ON_ARRIVAL })
    .where('reading', 'is', null)
    .execute();
  await db.schema
    .createIndex('submission_unread_idx')
    .on('submission')
    .column('submitted_at')
    .where(sql.ref('reading'), 'is', null)
    .where(sql.ref('arrival_read_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('submission_unread_idx').execute();
  await db.schema.alterTable('submission').dropColumn('arrival_read_at').execute();
}
