import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, EvaluationRunTable } from '../../db/schema';
import { ACTIVE_STATUSES } from '../../../shared/evaluations';

export type RunRow = Selectable<EvaluationRunTable>;

/** The assignment's queued or running run, if any. */
export async function findActiveRun(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('evaluation_run')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirst();
}

/** The assignment's newest run (of that status, when given). */
export async function findLatestRun(
  db: Kysely<Database>,
  assignmentId: string,
  status?: RunRow['status'],
) {
  let query = db.selectFrom('evaluation_run').selectAll().where('assignment_id', '=', assignmentId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function findRun(db: Kysely<Database>, id: string) {
  return db.selectFrom('evaluation_run').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a run; the partial unique index refuses a second active run of one assignment. */
export async function insertRun(db: Kysely<Database>, row: Insertable<EvaluationRunTable>) {
  await db.insertInto('evaluation_run').values(row).execute();
}

/** Submissions the engine may mark: every one whose marks did not come from the teacher. */
export async function countGradable(db: Kysely<Database>, assignmentId: string) {
  const row = await db
    .selectFrom('submission')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('assignment_id', '=', assignmentId)
    .where((eb) => eb.or([eb('marks_source', 'is', null), eb('marks_source', '!=', 'teacher')]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the assignment has any submission at all. */
export async function hasSubmissions(db: Kysely<Database>, assignmentId: string) {
  const row = await db
    .selectFrom('submission')
    .select('id')
    .where('assignment_id', '=', assignmentId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every joined student with their submission's marks, if any, by name: a gradebook import then
 * shows who has not handed in as well. A student removed from the assignment's class is no longer
 * joined, but what she handed in stays in the grades.
 */
export async function gradeRows(db: Kysely<Database>, assignmentId: string) {
  const columns = [
    'user.id as student_id',
    'user.name',
    'user.email',
    'submission.id as submission_id',
    'submission.submitted_at',
    'submission.marks',
    'submission.marks_source',
    'submission.comment',
    'submission.late_seconds',
  ] as const;
  const [joined, left] = await Promise.all([
    db
      .selectFrom('enrollment')
      .innerJoin('user', 'user.id', 'enrollment.student_id')
      .leftJoin('submission', (j) =>
        j
          .onRef('submission.assignment_id', '=', 'enrollment.assignment_id')
          .onRef('submission.student_id', '=', 'enrollment.student_id'),
      )
      .select(columns)
      .where('enrollment.assignment_id', '=', assignmentId)
      .orderBy('user.name')
      .orderBy('user.email')
      .execute(),
    db
      .selectFrom('submission')
      .innerJoin('user', 'user.id', 'submission.student_id')
      .select(columns)
      .where('submission.assignment_id', '=', assignmentId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('enrollment')
              .select('enrollment.student_id')
              .whereRef('enrollment.assignment_id', '=', 'submission.assignment_id')
              .whereRef('enrollment.student_id', '=', 'submission.student_id'),
          ),
        ),
      )
      .execute(),
  ]);
  if (left.length === 0) return joined;
  return [...joined, ...left].sort(byNameThenEmail);
}

const byNameThenEmail = (a: { name: string; email: string }, b: { name: string; email: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.email < b.email ? -1 : a.email > b.email ? 1 : 0;

/**
 * Oldest run a worker may take: queued, or running under a lease that has expired (or any lease,
 * when `ignoreLeases`), other than the runs in `exclude` (the worker's own).
 */
export async function nextClaimable(
  db: Kysely<Database>,
  now: string,
  ignoreLeases: boolean,
  exclude: string[] = [],
) {
  let query = db
    .selectFrom('evaluation_run')
    .select(['id', 'lease_owner', 'lease_expires_at', 'status'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        ignoreLeases
          ? eb('status', '=', 'running')
          : eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', now)]),
      ]),
    );
  if (exclude.length) query = query.where('id', 'not in', exclude);
  return query.orderBy('created_at').limit(1).executeTakeFirst();
}

/** Takes the run if it is still as it was seen (compare-and-set); true when this worker got it. */
export async function claimRun(
  db: Kysely<Database>,
  seen: { id: string; status: string; lease_owner: string | null },
  workerId: string,
  now: string,
  leaseUntil: string,
) {
  const result = await db
    .updateTable('evaluation_run')
    .set((eb) => ({
      status: 'running',
      lease_owner: workerId,
      lease_expires_at: leaseUntil,
      started_at: eb.fn.coalesce('started_at', eb.val(now)),
    }))
    .where('id', '=', seen.id)
    .where('status', '=', seen.status as RunRow['status'])
    .where((eb) =>
      seen.lease_owner === null
        ? eb('lease_owner', 'is', null)
        : eb('lease_owner', '=', seen.lease_owner),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renews this worker's lease; false when the run is gone or taken. */
export async function renewLease(
  db: Kysely<Database>,
  runId: string,
  workerId: string,
  leaseUntil: string,
) {
  const result = await db
    .updateTable('evaluation_run')
    .set({ lease_expires_at: leaseUntil })
    .where('id', '=', runId)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts one written result (graded or unreadable) against the run, while it is running. */
export async function countResult(db: Kysely<Database>, runId: string, outcome: 'done' | 'failed') {
  const result = await db
    .updateTable('evaluation_run')
    .set((eb) => ({ [outcome]: eb(outcome, '+', 1) }))
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends an active run, finished or failed (with a reason), whichever worker ends it. */
export async function closeRun(
  db: Kysely<Database>,
  runId: string,
  end: { status: 'finished' | 'failed'; at: string; error?: string },
) {
  const result = await db
    .updateTable('evaluation_run')
    .set({
      status: end.status,
      stage: 'done',
      finished_at: end.at,
      error: end.error ?? null,
      lease_owner: null,
      lease_expires_at: null,
    })
    .where('id', '=', runId)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a queued run as started (a worker took its first step). */
export async function markStarted(db: Kysely<Database>, runId: string, at: string) {
  await db
    .updateTable('evaluation_run')
    .set((eb) => ({ status: 'running', started_at: eb.fn.coalesce('started_at', eb.val(at)) }))
    .where('id', '=', runId)
    .where('status', 'in', ACTIVE_STATUSES)
    .execute();
}

/** Ends the run held by this worker: finished or failed (with a reason), or back to the queue. */
export async function endRun(
  db: Kysely<Database>,
  runId: string,
  workerId: string,
  end: { status: 'finished' | 'failed'; at: string; error?: string } | { status: 'queued' },
) {
  await db
    .updateTable('evaluation_run')
    .set(
      end.status === 'queued'
        ? { status: 'queued', lease_owner: null, lease_expires_at: null }
        : {
            status: end.status,
            finished_at: end.at,
            error: end.error ?? null,
            lease_owner: null,
            lease_expires_at: null,
          },
    )
    .where('id', '=', runId)
    .where('lease_owner', '=', workerId)
    .execute();
}

/** Every submission of the assignment with what the worker needs to grade it. */
/** The marks the teacher gave per question on the assignment's answers (typed or ticked). */
export async function teacherQuestionMarks(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('question_mark as q')
    .innerJoin('submission as s', 's.id', 'q.submission_id')
    .select(['q.submission_id', 'q.question', 'q.marks'])
    .where('s.assignment_id', '=', assignmentId)
    .where('q.marks', 'is not', null)
    .execute();
}

export async function submissionsToGrade(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('submission')
    .select(['id', 'file_id', 'marks', 'marks_source', 'evaluation_run_id', 'reading'])
    .where('assignment_id', '=', assignmentId)
    .orderBy('submitted_at')
    .orderBy('id')
    .execute();
}

/** The assignment a run grades. */
export async function findAssignmentOfRun(db: Kysely<Database>, assignmentId: string) {
  return db.selectFrom('assignment').selectAll().where('id', '=', assignmentId).executeTakeFirst();
}

/**
 * Cancels the assignment's queued or running run; whichever worker holds it stops at its next
 * lease renewal or write. Returns the run, or null when none was active.
 */
export async function cancelActiveRun(db: Kysely<Database>, assignmentId: string, at: string) {
  const active = await findActiveRun(db, assignmentId);
  if (!active) return null;
  await db
    .updateTable('evaluation_run')
    .set({ status: 'cancelled', finished_at: at, lease_owner: null, lease_expires_at: null })
    .where('id', '=', active.id)
    .where('status', 'in', ACTIVE_STATUSES)
    .execute();
  return findRun(db, active.id);
}

/** The assignment's run that waits for the teacher to confirm the marks it would change, if any. */
export async function findAwaitingRun(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('evaluation_run')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .where('status', '=', 'awaiting-confirmation')
    .executeTakeFirst();
}

/** Sends a run waiting for confirmation on to write its results: queued at its grade step. */
export async function confirmRun(db: Kysely<Database>, runId: string) {
  const result = await db
    .updateTable('evaluation_run')
    .set({ status: 'queued', stage: 'grade', preview: null })
    .where('id', '=', runId)
    .where('status', '=', 'awaiting-confirmation')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A confirmed run taken straight back to work (the job queue has no claim step): running. */
export async function markResumed(db: Kysely<Database>, runId: string) {
  await db
    .updateTable('evaluation_run')
    .set({ status: 'running' })
    .where('id', '=', runId)
    .where('status', '=', 'queued')
    .execute();
}

/** Ends a run waiting for confirmation without writing anything; false when it was not waiting. */
export async function discardRun(db: Kysely<Database>, runId: string, at: string) {
  const result = await db
    .updateTable('evaluation_run')
    .set({ status: 'cancelled', finished_at: at, preview: null })
    .where('id', '=', runId)
    .where('status', '=', 'awaiting-confirmation')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records that the teacher undid the run; false when it was undone already. */
export async function markUndone(db: Kysely<Database>, runId: string, at: string) {
  const result = await db
    .updateTable('evaluation_run')
    .set({ undone_at: at })
    .where('id', '=', runId)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The teacher's rubric items by question number (empty until the rubric was first opened). */
export async function rubricByQuestion(db: Kysely<Database>, assignmentId: string) {
  const rows = await db
    .selectFrom('rubric_item')
    .select(['question', 'text', 'alternatives'])
    .where('assignment_id', '=', assignmentId)
    .orderBy('question')
    .orderBy('position')
    .execute();
  const out: Record<string, Array<{ text: string; alternatives: string[] }>> = {};
  for (const r of rows) {
    (out[r.question] ??= []).push({
      text: r.text,
      alternatives: JSON.parse(r.alternatives) as string[],
    });
  }
  return out;
}

/**
 * The answers the teacher accepted as right, by question number ("Accept answers like this"),
 * oldest first: the run reads each like an "Also accept:" line of the model answer.
 */
export async function acceptedByQuestion(db: Kysely<Database>, assignmentId: string) {
  const rows = await db
    .selectFrom('accepted_answer')
    .select(['question', 'text'])
    .where('assignment_id', '=', assignmentId)
    .orderBy('question')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.question] ??= []).push(r.text);
  return out;
}
