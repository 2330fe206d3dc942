import {
  notifyNewAssignment,
  type Notifier,
  type NotifyDeps,
} from '../notifications/notifications.service';
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  AssignmentDetail,
  AssignmentFileKind,
  CreateAssignmentInput,
  JoinAssignmentResponse,
  UpdateAssignmentInput,
} from '../../../shared/assignments';
import { deadlineInstant } from '../../../shared/assignments';
import { lateMessages, latePenalty, ownDeadline } from '../../../shared/late-work';
import { messages } from '../../../shared/messages';
import { DEFAULT_TIME_ZONE } from '../../../shared/time-zones';
import type { ReviewSettingsBody } from '../../../shared/review';
import { nowIso, type Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/constraint-errors';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';
import type { FileStore } from '../../storage/file-store';
import {
  deleteFileRows,
  findFile,
  insertFiles,
  removeStoredFiles,
  storageKeysOf,
  storeUploads,
  type VerifiedUpload,
} from '../files/files.service';
import {
  handInOpen,
  isPast,
  keywordsToColumn,
  latePolicyOf,
  toCard,
  toDetail,
  toSummary,
} from './assignments.presenter';
import { extensionOf } from './late-work.service';
import * as repo from './assignments.repository';
import type { AssignmentRow } from './assignments.repository';

/** An assignment as stored: what other modules' services are handed by `authorise`. */
export type { AssignmentRow };
import { newClassCode, normalizeCode } from './class-code';
import { assertClassForAssignment, attachAssignment, joinClass } from '../classes/classes.service';
import { classMessages } from '../../../shared/classes';

/** What the assignment services work with. */
export interface AssignmentDeps {
  db: Db;
  store: FileStore;
  log?: FastifyBaseLogger;
  /** Emails students (the hand-in receipt); none in some tests and tools. */
  notify?: Notifier;
}

/** The files of a new assignment: question paper and model answer PDFs, an optional diagram. */
export interface AssignmentUploads {
  questionPaper: VerifiedUpload;
  modelAnswer: VerifiedUpload;
  diagram?: VerifiedUpload;
}

/** Whether the assignment's deadline had passed at `at`. */
export const isPastDeadline = (assignment: AssignmentRow, at = new Date()) =>
  isPast(assignment.deadline, at);

/** The assignment's late policy as stored. */
export { latePolicyOf };

/** The assignment block at the top of the grades table (a student's with her own extension). */
export const summaryOf = (
  assignment: AssignmentRow,
  now = new Date(),
  extendedDeadline: string | null = null,
) => toSummary(assignment, now, extendedDeadline);

/** Refuses a deadline that has already passed: today is fine, but only at a time still ahead. */
export function assertDeadlineAhead(deadline: string): void {
  if (isPast(deadline))
    throw badRequest(messages.deadlinePast, [{ path: 'deadline', message: messages.deadlinePast }]);
}

/**
 * The assignment by class code (case and spaces ignored) and whether the user joined it, or
 * undefined when the code is unknown (assignments.policy.ts's `authorise` answers 404).
 */
export async function findForUser(db: Kysely<Database>, user: CurrentUser, code: string) {
  const assignment = await repo.findByCode(db, normalizeCode(code));
  if (!assignment) return undefined;
  const joined =
    user.role === 'student' ? await repo.isEnrolled(db, assignment.id, user.id) : false;
  return { assignment, joined };
}

/**
 * Publishes an assignment: stores the verified files, then inserts their rows and the
 * assignment under a fresh unique class code in one transaction (a code collision retries).
 * If nothing could be committed, the stored files are removed again.
 */
export async function createAssignment(
  deps: AssignmentDeps,
  teacher: CurrentUser,
  input: CreateAssignmentInput,
  uploads: AssignmentUploads,
): Promise<AssignmentRow> {
  const zone = input.deadlineTimeZone ?? DEFAULT_TIME_ZONE;
  const deadline = deadlineInstant(input.deadline, zone);
  assertDeadlineAhead(deadline);
  if (input.classId) await assertClassForAssignment(deps.db.kysely, teacher, input.classId);
  const files = await storeUploads(
    deps.store,
    [
      { upload: uploads.questionPaper, purpose: 'question-paper' as const },
      { upload: uploads.modelAnswer, purpose: 'model-answer' as const },
      ...(uploads.diagram ? [{ upload: uploads.diagram, purpose: 'diagram' as const }] : []),
    ],
    teacher.id,
  );
  const [question, model, diagram] = files;
  let told: string[] = [];
  try {
    const id = crypto.randomUUID();
    const code = await withFreshCode(deps.db.kysely, (code) =>
      deps.db.kysely.transaction().execute(async (trx) => {
        const now = nowIso();
        await insertFiles(trx, files);
        await repo.insertAssignment(trx, {
          id,
          code,
          title: input.title,
          description: input.description,
          deadline,
          deadline_time_zone: zone,
          total_marks: input.totalMarks,
          teacher_id: teacher.id,
          question_file_id: question!.id,
          model_answer_file_id: model!.id,
          diagram_file_id: diagram?.id ?? null,
          diagram_keywords: keywordsToColumn(input.diagramKeywords),
          created_at: now,
          updated_at: now,
        });
        if (input.classId) told = await attachAssignment(trx, input.classId, id);
      }),
    );
    const created = (await repo.findByCode(deps.db.kysely, code))!;
    await tellClass(deps, created.id, told);
    return created;
  } catch (err) {
    const keys = files.map((f) => f.storage_key);
    await removeStoredFiles(deps.store, keys, deps.log);
    throw err;
  }
}

/**
 * Emails the class's students an assignment was just set for ("New assignment"). Mail is queued
 * work: a failure to queue is logged and never fails the request that set the assignment.
 */
async function tellClass(
  deps: { db: Db; notify?: Notifier; log?: FastifyBaseLogger },
  assignmentId: string,
  studentIds: string[],
) {
  if (!deps.notify || studentIds.length === 0) return;
  try {
    await notifyNewAssignment({ db: deps.db, notify: deps.notify }, assignmentId, studentIds);
  } catch (err) {
    deps.log?.error({ err, assignmentId }, 'could not queue the new-assignment emails');
  }
}

/** Runs `insert` with a fresh class code; a code taken meanwhile (unique violation) retries, 5 times at most. */
async function withFreshCode(
  db: Kysely<Database>,
  insert: (code: string) => Promise<void>,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const code = newClassCode();
    if (await repo.codeTaken(db, code)) continue;
    try {
      await insert(code);
      return code;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/** The detail page for its owner (with counters) or a joined student (their own state): see viewerOf. */
export async function detailFor(
  db: Kysely<Database>,
  user: CurrentUser,
  assignment: AssignmentRow,
  viewer: 'owner' | 'student',
): Promise<AssignmentDetail> {
  if (viewer === 'owner') {
    const counts = await repo.submissionCounts(db, assignment.id);
    return toDetail(assignment, {
      viewer: 'owner',
      submittedCount: counts.submitted,
      pendingCount: counts.pending,
      canEdit: assignment.teacher_id === user.id,
    });
  }
  const [own, extension] = await Promise.all([
    repo.ownSubmission(db, assignment.id, user.id),
    extensionOf(db, assignment.id, user.id),
  ]);
  // Her extension only while it is later than the deadline (a deadline moved past it wins).
  const extended = ownDeadline(assignment.deadline, extension) === extension ? extension : null;
  const late = own ? latePenalty(null, Number(own.late_seconds), latePolicyOf(assignment)) : null;
  return toDetail(assignment, {
    viewer: 'student',
    hasSubmitted: own !== undefined,
    marksPublished: own?.published_at != null,
    submittedAt: own?.submitted_at ?? null,
    submission: own ? { id: own.id, fileName: own.original_name } : null,
    extendedDeadline: extended,
    lateBy: late?.lateBy ?? null,
    canHandIn:
      own === undefined && handInOpen(assignment, ownDeadline(assignment.deadline, extended)),
  });
}

/**
 * Changes an assignment's details. A new deadline must still be ahead (keeping the current
 * one is always fine); total marks may not drop below marks already given (409).
 */
export async function updateAssignment(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  body: UpdateAssignmentInput,
  teacher?: CurrentUser,
  notify?: NotifyDeps,
): Promise<AssignmentRow> {
  if (body.classId !== undefined && body.classId !== assignment.class_id) {
    if (assignment.class_id) throw conflict('class_fixed', classMessages.classFixed);
    await assertClassForAssignment(db, teacher!, body.classId);
  }
  const zone =
    body.deadline === undefined ? undefined : (body.deadlineTimeZone ?? DEFAULT_TIME_ZONE);
  const deadline = body.deadline === undefined ? undefined : deadlineInstant(body.deadline, zone);
  if (deadline !== undefined && deadline !== assignment.deadline) {
    assertDeadlineAhead(deadline);
    const late = latePolicyOf(assignment);
    // The late cut-off must stay after the deadline.
    if (late.acceptLate && Date.parse(deadline) >= Date.parse(late.lateUntil!))
      throw badRequest(lateMessages.deadlineAfterLateUntil, [
        { path: 'deadline', message: lateMessages.deadlineAfterLateUntil },
      ]);
  }
  if (body.totalMarks !== undefined) {
    const top = await repo.highestMarks(db, assignment.id);
    if (top !== null && top > body.totalMarks) {
      throw conflict('total_below_marks', messages.totalMarksBelowMarks);
    }
  }
  await repo.updateAssignment(db, assignment.id, {
    title: body.title,
    description: body.description,
    deadline,
    deadline_time_zone: zone,
    total_marks: body.totalMarks,
    diagram_keywords:
      body.diagramKeywords === undefined ? undefined : keywordsToColumn(body.diagramKeywords),
    updated_at: nowIso(),
  });
  const classId = body.classId;
  if (classId && !assignment.class_id) {
    const told = await db
      .transaction()
      .execute((trx) => attachAssignment(trx, classId, assignment.id));
    if (notify) await tellClass(notify, assignment.id, told);
  }
  return (await repo.findByCode(db, assignment.code))!;
}

/**
 * Automatic publishing of marks at the deadline, until when regrades may be asked for, and when
 * students see the model answer's key points quoted whole. A setting the body leaves out keeps its
 * stored value; a null date removes it.
 */
export async function saveReviewSettings(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  body: ReviewSettingsBody,
) {
  const { autoPublish, regradeDeadline } = body;
  await repo.updateAssignment(db, assignment.id, {
    auto_publish: autoPublish === undefined ? undefined : autoPublish ? 1 : 0,
    regrade_deadline:
      regradeDeadline === undefined
        ? undefined
        : regradeDeadline && new Date(regradeDeadline).toISOString(),
    ...(body.modelAnswerVisibility ? { model_answer_visibility: body.modelAnswerVisibility } : {}),
    ...(body.anonymousMarking === undefined
      ? {}
      : {
          anonymous_marking: body.anonymousMarking ? 1 : 0,
          // The shuffled order is made once and kept: turned on again, it is the same.
          anonymous_salt: assignment.anonymous_salt ?? crypto.randomBytes(16).toString('hex'),
        }),
    updated_at: nowIso(),
  });
}

/**
 * Joins a student by class code (case and spaces ignored); joining again is harmless. After the
 * deadline (and the late cut-off, when late work is accepted) a newcomer is refused (409
 * `assignment_closed`): there is nothing left to hand in.
 * An assignment of a class joins its class (and so every assignment of it); a student removed
 * from the class is refused (403), and an archived class takes nobody (409).
 */
export async function joinAssignment(
  db: Kysely<Database>,
  student: CurrentUser,
  code: string,
): Promise<JoinAssignmentResponse> {
  const assignment = await repo.findByCode(db, normalizeCode(code));
  if (!assignment) throw notFound(messages.joinFailedText);
  const card = toCard(assignment, assignment.teacher_name);
  // After the deadline a newcomer may still join while late hand-ins are taken.
  if (!handInOpen(assignment, assignment.deadline)) {
    if (await repo.isEnrolled(db, assignment.id, student.id))
      return { assignment: card, alreadyJoined: true };
    throw conflict('assignment_closed', messages.assignmentClosed);
  }
  if (assignment.class_id) {
    const before = await repo.isEnrolled(db, assignment.id, student.id);
    await joinClass(db, student, {
      id: assignment.class_id,
      archived_at: assignment.class_archived_at ?? null,
    });
    return { assignment: card, alreadyJoined: before };
  }
  const added = await repo.enroll(db, assignment.id, student.id, nowIso());
  return { assignment: card, alreadyJoined: !added };
}

/** The stored file row of one of the assignment's documents; 404 when it has none. */
export async function assignmentFile(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  kind: AssignmentFileKind,
) {
  const id = {
    'question-paper': assignment.question_file_id,
    'model-answer': assignment.model_answer_file_id,
    diagram: assignment.diagram_file_id,
  }[kind];
  const file = id ? await findFile(db, id) : undefined;
  if (!file) throw new AppError(404, 'not_found', messages.fileNotFound);
  return file;
}

/**
 * Deletes the assignment with everything that hangs off it (enrollments, submissions with their
 * marks and history, grading runs, rubric, notices) and its file rows in one transaction, then
 * the stored files. A stored file that cannot be deleted
 * is logged and left for the start-up orphan sweep; the database never points at a lost file.
 */
export async function deleteAssignment(deps: AssignmentDeps, assignment: AssignmentRow) {
  const keys = await deps.db.kysely.transaction().execute(async (trx) => {
    // On PostgreSQL the row lock makes a submission arriving meanwhile either finish first (and
    // be collected below) or fail its foreign key after we commit; SQLite runs one writer at a time.
    if (deps.db.dialect === 'postgres') await repo.lockAssignment(trx, assignment.id);
    const fileIds = await repo.fileIdsOf(trx, assignment);
    const storageKeys = await storageKeysOf(trx, fileIds);
    await repo.deleteAssignmentRow(trx, assignment.id);
    await deleteFileRows(trx, fileIds);
    return storageKeys;
  });
  await removeStoredFiles(deps.store, keys, deps.log);
}
