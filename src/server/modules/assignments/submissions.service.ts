import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SubmissionRow, SubmissionsResponse } from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { nowIso } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';
import { findFile, insertFiles } from '../files/files.repository';
import { removeStoredFiles, storeUploads } from '../files/files.service';
import type { VerifiedUpload } from '../files/upload-form';
import { assignmentNotFound, submissionNotFound } from './assignments.policy';
import { isPast, toSubmissionRow, toSummary } from './assignments.presenter';
import type { AssignmentRow } from './assignments.repository';
import type { AssignmentDeps } from './assignments.service';
import * as repo from './submissions.repository';

/** A submission with its student's name: what other modules' services are handed. */
export type { SubmissionWithName } from './submissions.repository';

const deadlinePassed = () => new AppError(403, 'deadline_passed', messages.deadlinePassed);
const alreadySubmitted = () => conflict('already_submitted', messages.alreadySubmitted);

/**
 * Refuses a submission that cannot be accepted, before its body is read: the deadline has
 * passed (403) or the student has submitted already (409).
 */
export async function assertCanStillSubmit(
  db: Kysely<Database>,
  student: CurrentUser,
  assignment: AssignmentRow,
  at: Date,
): Promise<void> {
  if (isPast(assignment.deadline, at)) throw deadlinePassed();
  if (await repo.findOwnSubmission(db, assignment.id, student.id)) throw alreadySubmitted();
}

/**
 * Keeps a student's one answer: stores the verified PDF, then inserts its file row and the
 * submission (with the reading made while the PDF was checked) in one transaction. The unique pair (assignment, student) decides between two
 * simultaneous attempts; the loser's stored file is removed and it gets 409.
 */
export async function submitAnswer(
  deps: AssignmentDeps,
  student: CurrentUser,
  assignment: AssignmentRow,
  upload: VerifiedUpload,
  startedAt: Date,
): Promise<SubmissionRow> {
  if (isPast(assignment.deadline, startedAt)) throw deadlinePassed();
  const files = await storeUploads(deps.store, [{ upload, purpose: 'answer' }], student.id);
  const id = crypto.randomUUID();
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      await insertFiles(trx, files);
      await repo.insertSubmission(trx, {
        id,
        assignment_id: assignment.id,
        student_id: student.id,
        file_id: files[0]!.id,
        submitted_at: nowIso(),
        // Read while it was checked (a PDF with no page to OCR): never read again.
        reading: upload.reading,
      });
    });
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
  return toSubmissionRow(row!, { forStudent: true, hideMarks: true });
}

/**
 * The grades table: the owner gets every submission and the joined students who have not
 * submitted; a student gets only their own row, with marks only once the teacher published them.
 */
export async function submissionsFor(
  db: Kysely<Database>,
  user: CurrentUser,
  assignment: AssignmentRow,
): Promise<SubmissionsResponse> {
  const now = new Date();
  if (assignment.teacher_id === user.id) {
    const [rows, missing] = await Promise.all([
      repo.listSubmissions(db, assignment.id),
      repo.listNotSubmitted(db, assignment.id),
    ]);
    return {
      viewer: 'owner',
      assignment: toSummary(assignment, now),
      submissions: rows.map((r) => toSubmissionRow(r)),
      notSubmitted: missing.map((studentName) => ({ studentName })),
    };
  }
  const own = await repo.findOwnSubmission(db, assignment.id, user.id);
  return {
    viewer: 'student',
    assignment: toSummary(assignment, now),
    submissions: own ? [toSubmissionRow(own, { forStudent: true })] : [],
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

/**
 * The teacher sets marks (0..total, at most 2 decimals) on a submission, graded or not; the
 * change is recorded in mark_change and the AI's own proposal (ai_*) is kept as it was.
 */
export async function setMarks(
  db: Kysely<Database>,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  submissionId: string,
  marks: number,
): Promise<SubmissionRow> {
  if (marks > assignment.total_marks) {
    throw badRequest(messages.marksAboveTotal, [
      { path: 'marks', message: messages.marksAboveTotal },
    ]);
  }
  await db.transaction().execute(async (trx) => {
    const current = await findSubmissionIn(trx, assignment, submissionId);
    const at = nowIso();
    await repo.setTeacherMarks(trx, current.id, marks, at);
    await repo.insertMarkChange(trx, {
      id: crypto.randomUUID(),
      submission_id: current.id,
      changed_by: teacher.id,
      from_marks: current.marks === null ? null : Number(current.marks),
      to_marks: marks,
      source: 'teacher',
      created_at: at,
    });
  });
  return toSubmissionRow(await findSubmissionIn(db, assignment, submissionId));
}
