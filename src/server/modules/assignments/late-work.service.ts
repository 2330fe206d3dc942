import type { Kysely } from 'kysely';
import { deadlineInstant } from '../../../shared/assignments';
import {
  lateMessages,
  latePenalty,
  ownDeadline,
  type ExtensionBody,
  type ExtensionListResponse,
  type LateMark,
  type LatePolicyBody,
} from '../../../shared/late-work';
import { messages } from '../../../shared/messages';
import type { CurrentUser } from '../../auth/current-user';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { handInOpen, isPast, latePolicyOf } from './assignments.presenter';
import type { AssignmentRow } from './assignments.repository';
import * as repo from './late-work.repository';
import { isEnrolled, updateAssignment } from './assignments.repository';

/**
 * Extensions and late work: the assignment's late policy, each student's own deadline, the
 * check every hand-in passes, and `lateMarkOf`, the one place marks get their late penalty.
 */

/** The refusal of a hand-in after the student's deadline (and after the late cut-off, if any). */
export const deadlinePassed = () => new AppError(403, 'deadline_passed', messages.deadlinePassed);

const refused = (path: string, message: string) => badRequest(message, [{ path, message }]);

/**
 * The late penalty of an answer handed in `lateSeconds` late, on `marks` as shown (raw; null while
 * unmarked), under the assignment's policy now: null when it was on time. Every place a mark is
 * shown (grades table, the student's published view, review, CSV) calls this and nothing else.
 */
export function lateMarkOf(
  assignment: Parameters<typeof latePolicyOf>[0],
  lateSeconds: number | string | bigint,
  marks: number | null,
): LateMark | null {
  return latePenalty(marks, Number(lateSeconds), latePolicyOf(assignment));
}

/**
 * When the last answer can come in: the latest of the deadline, the late cut-off (when late work
 * is accepted) and every student's extension (ISO-8601 UTC).
 */
export async function handInsCloseAt(db: Kysely<Database>, assignment: AssignmentRow) {
  const policy = latePolicyOf(assignment);
  const latest = await repo.latestExtension(db, assignment.id);
  const moments = [assignment.deadline, policy.lateUntil, latest].filter(
    (m): m is string => m !== null,
  );
  return moments.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}

/** The student's own later deadline on the assignment (ISO-8601 UTC), or null. */
export async function extensionOf(db: Kysely<Database>, assignmentId: string, studentId: string) {
  return (await repo.findExtension(db, assignmentId, studentId))?.deadline ?? null;
}

/**
 * How late a hand-in arriving `at` is, in whole seconds (0: on time, at or before the student's
 * own deadline), or 403 deadline_passed when it can no longer be taken: after her deadline while
 * late work is not accepted, or at or after the late cut-off.
 */
export async function lateSecondsAt(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  studentId: string,
  at: Date,
): Promise<number> {
  const due = ownDeadline(assignment.deadline, await extensionOf(db, assignment.id, studentId));
  if (!isPast(due, at)) return 0;
  if (!handInOpen(assignment, due, at)) throw deadlinePassed();
  return Math.max(1, Math.floor((at.getTime() - Date.parse(due)) / 1000));
}

/**
 * Saves whether late hand-ins are taken, until when (in `lateUntilTimeZone`, else the deadline's
 * zone; it must be after the deadline), and the penalty. Not accepting late work clears the date.
 */
export async function saveLatePolicy(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  body: LatePolicyBody,
) {
  let lateUntil: string | null = null;
  if (body.acceptLate) {
    const zone = body.lateUntilTimeZone ?? assignment.deadline_time_zone;
    lateUntil = deadlineInstant(body.lateUntil!, zone);
    if (Date.parse(lateUntil) <= Date.parse(assignment.deadline))
      throw refused('lateUntil', lateMessages.lateUntilNotAfterDeadline);
  }
  await updateAssignment(db, assignment.id, {
    late_accepted: body.acceptLate ? 1 : 0,
    late_until: lateUntil,
    // A penalty left out (undefined) keeps its stored value.
    late_penalty_kind: body.penaltyKind,
    late_penalty_percent: body.penaltyPercent,
    updated_at: nowIso(),
  });
}

/** 404 unless the student joined the assignment. */
async function assertJoined(db: Kysely<Database>, assignment: AssignmentRow, studentId: string) {
  if (!(await isEnrolled(db, assignment.id, studentId)))
    throw notFound(lateMessages.extensionNotJoined);
}

/**
 * Gives one joined student her own deadline: after the assignment's, still ahead, and only
 * before she hands in (her hand-in's lateness is fixed when it arrives: 409 after, except while
 * marking anonymously, when the answer must not tell who has handed in).
 */
export async function setExtension(
  db: Kysely<Database>,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  studentId: string,
  body: ExtensionBody,
  now = new Date(),
) {
  await assertJoined(db, assignment, studentId);
  const zone = body.deadlineTimeZone ?? assignment.deadline_time_zone;
  const deadline = deadlineInstant(body.deadline, zone);
  if (Date.parse(deadline) <= Date.parse(assignment.deadline))
    throw refused('deadline', lateMessages.extensionNotAfterDeadline);
  if (isPast(deadline, now)) throw refused('deadline', lateMessages.extensionPast);
  // While the teacher marks anonymously the list does not say who has handed in, and neither
  // may this answer: the extension is kept, and changes nothing for an answer already in.
  const anonymous = Number(assignment.anonymous_marking) === 1;
  if (!anonymous && (await repo.hasHandedIn(db, assignment.id, studentId)))
    throw conflict('already_handed_in', lateMessages.extensionHandedIn);
  await repo.upsertExtension(db, {
    assignment_id: assignment.id,
    student_id: studentId,
    deadline,
    deadline_time_zone: zone,
    granted_by: teacher.id,
    created_at: nowIso(),
  });
}

/** Takes a student's extension away (her deadline is the assignment's again); 404 when she has none. */
export async function clearExtension(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  studentId: string,
) {
  await assertJoined(db, assignment, studentId);
  if (!(await repo.deleteExtension(db, assignment.id, studentId)))
    throw notFound(lateMessages.extensionNotFound);
}

/**
 * The owner's list: every joined student by name with her own deadline, and whether she handed
 * in (left out while marking anonymously, as the grades table hides who has not handed in then).
 */
export async function extensionsFor(
  db: Kysely<Database>,
  assignment: AssignmentRow,
): Promise<ExtensionListResponse> {
  const anonymous = Number(assignment.anonymous_marking) === 1;
  const rows = await repo.joinedWithExtensions(db, assignment.id);
  return {
    students: rows.map((r) => ({
      studentId: r.student_id,
      studentName: r.name,
      deadline: r.deadline,
      deadlineTimeZone: r.deadline_time_zone,
      ...(anonymous ? {} : { handedIn: r.submission_id !== null }),
    })),
  };
}
