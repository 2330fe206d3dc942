import { anonymityOf, shuffled } from '../marks/anonymity.service';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { decodeReading, type ExtractedDocument } from '../../../grading';
import type { SubmissionRow, SubmissionsResponse } from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { nowIso } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';
import { assignmentNotFound } from '../assignments/assignments.policy';
import {
  summaryOf,
  type AssignmentDeps,
  type AssignmentRow,
} from '../assignments/assignments.service';
import { extensionOf, lateSecondsAt } from '../assignments/late-work.service';
import {
  findFile,
  insertFiles,
  removeStoredFiles,
  storeUploads,
  type VerifiedUpload,
} from '../files/files.service';
import { marksViewOf } from '../marks/marks.policy';
import { queueHandInReceipt } from '../notifications/notifications.service';
import { submissionNotFound, visibleSubmissions } from './submissions.policy';
import { toSubmissionRow } from './submissions.presenter';
import * as repo from './submissions.repository';

/** A submission with its student's name: what other modules' services are handed. */
export type { SubmissionWithName } from './submissions.repository';

const alreadySubmitted = () => conflict('already_submitted', messages.alreadySubmitted);

/**
 * Refuses a submission that cannot be accepted, before its body is read: the student's own
 * deadline has passed and late work is not taken, or no longer (403), or she has submitted
 * already (409).
 */
export async function assertCanStillSubmit(
  db: Kysely<Database>,
  student: CurrentUser,
  assignment: AssignmentRow,
  at: Date,
): Promise<void> {
  await lateSecondsAt(db, assignment, student.id, at);
  if (await repo.findOwnSubmission(db, assignment.id, student.id)) throw alreadySubmitted();
}

/**
 * Keeps a student's one answer: stores the verified PDF, then inserts its file row and the
 * submission in one transaction, with the reading made while the PDF was checked, or else the one
 * she was shown before handing in this very file (same SHA-256, of the current reader version).
 * The unique pair (assignment, student) decides between two simultaneous attempts; the loser's
 * stored file is removed and it gets 409. `read` says whether it was handed in with a reading
 * (else the arrival reader should read it now: jobs/read-on-arrival.ts).
 */
export async function submitAnswer(
  deps: AssignmentDeps,
  student: CurrentUser,
  assignment: AssignmentRow,
  upload: VerifiedUpload,
  startedAt: Date,
): Promise<{ row: SubmissionRow; read: boolean }> {
  // Measured against her own deadline at the moment the request arrived, and kept.
  const lateSeconds = await lateSecondsAt(deps.db.kysely, assignment, student.id, startedAt);
  const files = await storeUploads(deps.store, [{ upload, purpose: 'answer' }], student.id);
  const id = crypto.randomUUID();
  const submittedAt = nowIso();
  let read = false;
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      await insertFiles(trx, files);
      const shown = await repo.takePreviewReading(trx, assignment.id, student.id, upload.sha256);
      const reading = upload.reading ?? (decodeReading(shown) ? shown : null);
      read = reading !== null;
      await repo.insertSubmission(trx, {
        id,
        assignment_id: assignment.id,
        student_id: student.id,
        file_id: files[0]!.id,
        submitted_at: submittedAt,
        late_seconds: lateSeconds,
        // Read while it was checked (a PDF with no page to OCR), or read by OCR for her to see
        // before she handed it in: never read again.
        reading,
      });
      const file = files[0]!;
      if (deps.notify)
        await queueHandInReceipt(deps.notify, trx, {
          studentId: student.id,
          assignment,
          submittedAt,
          fileName: file.original_name,
          size: Number(file.size),
          sha256: file.sha256,
        });
    });
    deps.notify?.wake();
  } catch (err) {
    await removeStoredFiles(
      deps.store,
      files.map((f) => f.storage_key),
      deps.log,
    );
    if (isUniqueViolation(err)) throw alreadySubmitted();
    if (isForeignKeyViolation(err)) throw assignmentNotFound();
    throw err;
  }
  const row = await repo.findSubmission(deps.db.kysely, assignment.id, id);
  return { row: toSubmissionRow(row!, 'published', assignment), read };
}

/**
 * The grades table as the user may see it (submissions.policy.ts, marks.policy.ts): the owner
 * gets every submission and the joined students who have not submitted; a student gets only
 * their own row, with marks only once the teacher published them.
 */
export async function submissionsFor(
  db: Kysely<Database>,
  user: CurrentUser,
  assignment: AssignmentRow,
  /** Which rows' students see something else than publishing now would show (the owner's view). */
  publishedChanges?: (rows: repo.SubmissionWithName[]) => Promise<Set<string>>,
): Promise<SubmissionsResponse> {
  const view = marksViewOf(user, assignment);
  if (visibleSubmissions(user, assignment) === 'all') {
    const summary = { ...summaryOf(assignment), canEdit: assignment.teacher_id === user.id };
    const [rows, missing, anon] = await Promise.all([
      repo.listSubmissions(db, assignment.id),
      repo.listNotSubmitted(db, assignment.id),
      anonymityOf(db, assignment),
    ]);
    const changed =
      view === 'working' && publishedChanges ? await publishedChanges(rows) : undefined;
    if (anon) {
      // Names hidden: the shuffled order, and the students still to hand in by pseudonym.
      return {
        viewer: 'owner',
        assignment: summary,
        submissions: shuffled(rows, anon, (r) => r.student_id).map((r) => ({
          ...toSubmissionRow(r, view, assignment, changed),
          studentName: anon.pseudonymOf(r.student_id),
        })),
        notSubmitted: anon.notSubmitted.map((studentName) => ({ studentName })),
      };
    }
    return {
      viewer: 'owner',
      assignment: summary,
      submissions: rows.map((r) => toSubmissionRow(r, view, assignment, changed)),
      notSubmitted: missing.map((studentName) => ({ studentName })),
    };
  }
  const [own, extended] = await Promise.all([
    repo.findOwnSubmission(db, assignment.id, user.id),
    extensionOf(db, assignment.id, user.id),
  ]);
  return {
    viewer: 'student',
    assignment: summaryOf(assignment, new Date(), extended),
    submissions: own ? [toSubmissionRow(own, view, assignment)] : [],
    marksVisible: own?.published != null,
  };
}

/** One submission of the assignment, or 404. */
export async function findSubmissionIn(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  id: string,
) {
  const submission = await repo.findSubmission(db, assignment.id, id);
  if (!submission) throw submissionNotFound();
  return submission;
}

/** The stored answer PDF of a submission. */
export async function answerFile(db: Kysely<Database>, submission: { file_id: string }) {
  const file = await findFile(db, submission.file_id);
  if (!file) throw submissionNotFound();
  return file;
}

/** One submission's grades-table row as the user may see it. */
export async function submissionRowFor(
  db: Kysely<Database>,
  user: CurrentUser,
  assignment: AssignmentRow,
  submissionId: string,
): Promise<SubmissionRow> {
  return toSubmissionRow(
    await findSubmissionIn(db, assignment, submissionId),
    marksViewOf(user, assignment),
    assignment,
  );
}

/** Keeps an answer's reading (JSON) so it is never read again. */
export async function keepReading(db: Kysely<Database>, submissionId: string, reading: string) {
  await repo.keepReading(db, submissionId, reading);
}

/**
 * A reading of the current reader version kept with another submission of the same file (the
 * same bytes, by SHA-256), or null: a file is read by OCR once, whoever hands it in again.
 */
export async function readingOfSameFile(
  db: Kysely<Database>,
  fileId: string,
): Promise<ExtractedDocument | null> {
  for (const kept of await repo.readingsOfSameFile(db, fileId)) {
    const doc = decodeReading(kept);
    if (doc) return doc;
  }
  return null;
}
