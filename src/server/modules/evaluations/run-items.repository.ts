import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, EvaluationItemTable, RunStage } from '../../db/schema';
import { ACTIVE_STATUSES } from '../../../shared/evaluations';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per statement when many are written at once (well under every driver's limits). */
const BATCH = 400;

/** The run's status, or undefined when it is gone. */
export async function runStatus(db: Db, runId: string) {
  const row = await db
    .selectFrom('evaluation_run')
    .select('status')
    .where('id', '=', runId)
    .executeTakeFirst();
  return row?.status;
}

/** Adds a run's answers, each with its chunk. */
export async function insertItems(db: Db, rows: Insertable<EvaluationItemTable>[]) {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto('evaluation_item')
      .values(rows.slice(i, i + BATCH))
      .execute();
}

/**
 * Moves the run from one step to the next if it is still active and at `from` (compare-and-set);
 * true for the one caller that moved it.
 */
export async function advanceStage(
  db: Db,
  runId: string,
  from: RunStage,
  to: RunStage,
  patch: { context?: string; chunks?: number; suggested?: string; groups?: string } = {},
) {
  const result = await db
    .updateTable('evaluation_run')
    .set({ stage: to, ...patch })
    .where('id', '=', runId)
    .where('stage', '=', from)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Stops a scored run to wait for the teacher to confirm the unreviewed marks it would change
 * (compare-and-set from its score step, like advanceStage); true for the one caller that did.
 */
export async function awaitConfirmation(
  db: Db,
  runId: string,
  patch: { preview: string; suggested: string; groups: string },
) {
  const result = await db
    .updateTable('evaluation_run')
    .set({
      stage: 'confirm',
      status: 'awaiting-confirmation',
      lease_owner: null,
      lease_expires_at: null,
      ...patch,
    })
    .where('id', '=', runId)
    .where('stage', '=', 'score')
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The answers of one chunk still to read, with what reading them needs. */
export async function itemsToRead(db: Db, runId: string, chunk: number) {
  return db
    .selectFrom('evaluation_item as i')
    .innerJoin('submission as s', 's.id', 'i.submission_id')
    .select(['i.submission_id as id', 'i.calibrates', 's.file_id', 's.reading'])
    .where('i.run_id', '=', runId)
    .where('i.chunk', '=', chunk)
    .where('i.analysis', 'is', null)
    .where('i.unreadable', 'is', null)
    .orderBy('i.submission_id')
    .execute();
}

/**
 * Stores one answer's analysis (or why it could not be read) unless it is stored already, and
 * counts it as read on the run; false when another worker got there first.
 */
export async function storeReading(
  db: Db,
  runId: string,
  submissionId: string,
  outcome: { analysis: string } | { unreadable: string },
  counts: boolean,
) {
  const result = await db
    .updateTable('evaluation_item')
    .set(
      'analysis' in outcome ? { analysis: outcome.analysis } : { unreadable: outcome.unreadable },
    )
    .where('run_id', '=', runId)
    .where('submission_id', '=', submissionId)
    .where('analysis', 'is', null)
    .where('unreadable', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (counts)
    await db
      .updateTable('evaluation_run')
      .set((eb) => ({ read: eb('read', '+', 1) }))
      .where('id', '=', runId)
      .execute();
  return true;
}

/** How many of the run's answers are still to read. */
export async function countUnread(db: Db, runId: string) {
  const row = await db
    .selectFrom('evaluation_item')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('run_id', '=', runId)
    .where('analysis', 'is', null)
    .where('unreadable', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every analysed answer of the run, for the class-level step. */
export async function analysedItems(db: Db, runId: string) {
  return db
    .selectFrom('evaluation_item')
    .select(['submission_id as id', 'analysis'])
    .where('run_id', '=', runId)
    .where('analysis', 'is not', null)
    .orderBy('submission_id')
    .execute();
}

/** Stores the class-level score of each answer (JSON), many rows per statement. */
export async function storeScores(db: Db, runId: string, scores: Array<[string, string]>) {
  for (let i = 0; i < scores.length; i += BATCH) {
    const values = sql.join(
      scores.slice(i, i + BATCH).map(([id, score]) => sql`(${id}, ${score})`),
    );
    // VALUES columns are column1, column2 on both SQLite and PostgreSQL.
    await sql`update evaluation_item set score = v.column2
      from (values ${values}) as v
      where evaluation_item.run_id = ${runId} and evaluation_item.submission_id = v.column1`.execute(
      db,
    );
  }
}

/** The answers of one chunk whose results are still to write. */
export async function itemsToWrite(db: Db, runId: string, chunk: number) {
  return db
    .selectFrom('evaluation_item')
    .select(['submission_id as id', 'analysis', 'unreadable', 'score'])
    .where('run_id', '=', runId)
    .where('chunk', '=', chunk)
    .where('calibrates', '=', 0)
    .where('written_at', 'is', null)
    .orderBy('submission_id')
    .execute();
}

/** Every answer the run will write (not those the teacher marked, which only calibrate). */
export async function itemIdsToWrite(db: Db, runId: string) {
  const rows = await db
    .selectFrom('evaluation_item')
    .select('submission_id')
    .where('run_id', '=', runId)
    .where('calibrates', '=', 0)
    .where('written_at', 'is', null)
    .execute();
  return rows.map((r) => r.submission_id);
}

/** Marks one answer's result written, once: false when it was written already. */
export async function markWritten(db: Db, runId: string, submissionId: string, at: string) {
  const result = await db
    .updateTable('evaluation_item')
    .set({ written_at: at })
    .where('run_id', '=', runId)
    .where('submission_id', '=', submissionId)
    .where('written_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many of the run's results are still to write. */
export async function countUnwritten(db: Db, runId: string) {
  const row = await db
    .selectFrom('evaluation_item')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('run_id', '=', runId)
    .where('calibrates', '=', 0)
    .where('written_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Drops a run's working rows once it has ended (its results live on the submissions). */
export async function deleteItems(db: Db, runId: string) {
  await db.deleteFrom('evaluation_item').where('run_id', '=', runId).execute();
}
