import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ReadingPreviewTable, SubmissionTable } from '../../db/schema';
import { ACTIVE_STATUSES } from '../../../shared/evaluations';

/**
 * A submission row with the student's display name, how many comments its pages have and when
 * the newest was made, and when its question marks were last saved (to tell whether what was
 * published still stands).
 */
export type SubmissionWithName = Selectable<SubmissionTable> & {
  student_name: string;
  page_comments?: number | string | bigint | null;
  page_comment_latest?: string | null;
  /** When the teacher last saved a question's marks, comment or feedback. */
  question_marks_latest?: string | null;
};

const withStudent = (db: Kysely<Database>) =>
  db
    .selectFrom('submission')
    .innerJoin('user', 'user.id', 'submission.student_id')
    .selectAll('submission')
    .select('user.name as student_name')
    .select((eb) => [
      eb
        .selectFrom('page_comment')
        .whereRef('page_comment.submission_id', '=', 'submission.id')
        .select((c) => c.fn.countAll().as('n'))
        .as('page_comments'),
      eb
        .selectFrom('page_comment')
        .whereRef('page_comment.submission_id', '=', 'submission.id')
        .select((c) => c.fn.max('page_comment.created_at').as('latest'))
        .as('page_comment_latest'),
      eb
        .selectFrom('question_mark')
        .whereRef('question_mark.submission_id', '=', 'submission.id')
        .select((c) => c.fn.max('question_mark.updated_at').as('latest'))
        .as('question_marks_latest'),
    ]);

/** Every submission of the assignment, by student name. */
export async function listSubmissions(db: Kysely<Database>, assignmentId: string) {
  return withStudent(db)
    .where('submission.assignment_id', '=', assignmentId)
    .orderBy('user.name')
    .orderBy('submission.submitted_at')
    .execute();
}

/** One submission of the assignment by id. */
export async function findSubmission(
  db: Kysely<Database>,
  assignmentId: string,
  id: string,
): Promise<SubmissionWithName | undefined> {
  return withStudent(db)
    .where('submission.assignment_id', '=', assignmentId)
    .where('submission.id', '=', id)
    .executeTakeFirst();
}

/** The student's own submission to the assignment. */
export async function findOwnSubmission(
  db: Kysely<Database>,
  assignmentId: string,
  studentId: string,
): Promise<SubmissionWithName | undefined> {
  return withStudent(db)
    .where('submission.assignment_id', '=', assignmentId)
    .where('submission.student_id', '=', studentId)
    .executeTakeFirst();
}

/** Names of joined students who have not submitted, alphabetically. */
export async function listNotSubmitted(db: Kysely<Database>, assignmentId: string) {
  const rows = await db
    .selectFrom('enrollment')
    .innerJoin('user', 'user.id', 'enrollment.student_id')
    .leftJoin('submission', (j) =>
      j
        .onRef('submission.assignment_id', '=', 'enrollment.assignment_id')
        .onRef('submission.student_id', '=', 'enrollment.student_id'),
    )
    .select('user.name')
    .where('enrollment.assignment_id', '=', assignmentId)
    .where('submission.id', 'is', null)
    .orderBy('user.name')
    .execute();
  return rows.map((r) => r.name);
}

/** Inserts a submission; the unique pair (assignment, student) refuses a second one. */
export async function insertSubmission(db: Kysely<Database>, row: Insertable<SubmissionTable>) {
  await db.insertInto('submission').values(row).execute();
}

/** Keeps an answer's reading (JSON) so it is never read again. */
export async function keepReading(db: Kysely<Database>, submissionId: string, reading: string) {
  await db.updateTable('submission').set({ reading }).where('id', '=', submissionId).execute();
}

/**
 * Answers handed in with no reading that no reader has taken up yet, oldest first (the partial
 * index `submission_unread_idx` holds these), but for those the teacher marked herself (a run
 * never reads them) and those of an assignment whose run is queued or under way (it reads them).
 */
export async function unreadArrivals(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('submission as s')
    .select(['s.id', 's.file_id'])
    .where('s.reading', 'is', null)
    .where('s.arrival_read_at', 'is', null)
    .where((eb) => eb.or([eb('s.marks_source', 'is', null), eb('s.marks_source', '!=', 'teacher')]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('evaluation_run as r')
            .select('r.id')
            .whereRef('r.assignment_id', '=', 's.assignment_id')
            .where('r.status', 'in', ACTIVE_STATUSES),
        ),
      ),
    )
    .orderBy('s.submitted_at')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/** Gives an answer taken up to read back, for a later look (its reading was given up). */
export async function releaseArrival(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('submission')
    .set({ arrival_read_at: null })
    .where('id', '=', id)
    .where('reading', 'is', null)
    .execute();
}

/** Takes an unread answer up to read it; false when another reader took it first. */
export async function takeArrival(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('submission')
    .set({ arrival_read_at: at })
    .where('id', '=', id)
    .where('reading', 'is', null)
    .where('arrival_read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Keeps a reading unless one was kept meanwhile (by a grading run that read the answer too). */
export async function keepReadingIfNone(
  db: Kysely<Database>,
  submissionId: string,
  reading: string,
): Promise<void> {
  await db
    .updateTable('submission')
    .set({ reading })
    .where('id', '=', submissionId)
    .where('reading', 'is', null)
    .execute();
}

/** Readings kept with other submissions of a file with the same bytes (SHA-256) as this one. */
export async function readingsOfSameFile(db: Kysely<Database>, fileId: string) {
  const rows = await db
    .selectFrom('file as f')
    .innerJoin('file as g', 'g.sha256', 'f.sha256')
    .innerJoin('submission as s', 's.file_id', 'g.id')
    .select('s.reading')
    .where('f.id', '=', fileId)
    .where('s.reading', 'is not', null)
    .limit(8)
    .execute();
  return rows.flatMap((r) => (r.reading ? [r.reading] : []));
}

/** Keeps the reading a student was shown for a file, in place of her earlier one for the assignment. */
export async function keepPreviewReading(
  db: Kysely<Database>,
  row: Insertable<ReadingPreviewTable>,
): Promise<void> {
  const { sha256, reading, created_at } = row;
  await db
    .insertInto('reading_preview')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['assignment_id', 'student_id']).doUpdateSet({ sha256, reading, created_at }),
    )
    .execute();
}

/**
 * The reading the student was shown for a file with these bytes (SHA-256), or null; her kept
 * reading for the assignment is removed either way (she is handing in).
 */
export async function takePreviewReading(
  db: Kysely<Database>,
  assignmentId: string,
  studentId: string,
  sha256: string,
): Promise<string | null> {
  const row = await db
    .deleteFrom('reading_preview')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .returning(['sha256', 'reading'])
    .executeTakeFirst();
  return row && row.sha256 === sha256 ? row.reading : null;
}
