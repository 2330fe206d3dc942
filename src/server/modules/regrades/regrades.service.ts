import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages';
import type { RegradeAnswerBody, RegradeRequest, RegradeRequestBody } from '../../../shared/review';
import { nowIso } from '../../db/database';
import { isUniqueViolation } from '../../db/constraint-errors';
import type { Database } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';
import type { AssignmentRow } from '../assignments/assignments.service';
import { questionsOrNone, type QuestionDeps } from '../assignments/questions.service';
import { marksNow, setQuestionMark } from '../marks/marking.service';
import { isAnonymous } from '../marks/anonymity.service';
import { publishedMarksOf } from '../marks/marks.policy';
import { publish } from '../marks/publishing.service';
import { sendNotice } from '../notices/notices.service';
import {
  queueRegradeAnswered,
  queueRegradeRequested,
  type Notifier,
} from '../notifications/notifications.service';
import { findSubmissionIn, type SubmissionWithName } from '../submissions/submissions.service';
import * as repo from './regrades.repository';

const toRequest = (r: repo.RegradeRow): RegradeRequest => ({
  id: r.id,
  submissionId: r.submission_id,
  studentName: r.student_name,
  question: r.question,
  reason: r.reason,
  status: r.status,
  response: r.response,
  fromMarks: r.from_marks === null ? null : Number(r.from_marks),
  toMarks: r.to_marks === null ? null : Number(r.to_marks),
  createdAt: r.created_at,
  answeredAt: r.answered_at,
});

/** One request as the API shows it; it exists (it was just written). */
const requestById = async (db: Kysely<Database>, id: string) =>
  toRequest((await repo.findRequest(db, id))!);

/**
 * A student asks for a regrade of one question of their own answer, with a reason: only once
 * the marks are published, before the teacher's regrade deadline, once per question.
 */
export async function askForRegrade(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  submission: SubmissionWithName,
  body: RegradeRequestBody,
  notify?: Notifier,
): Promise<RegradeRequest> {
  const shown = publishedMarksOf(submission);
  if (!shown) throw new AppError(403, 'not_published', messages.regradeNotPublished);
  if (assignment.regrade_deadline && Date.parse(assignment.regrade_deadline) < Date.now()) {
    throw new AppError(403, 'regrades_closed', messages.regradeClosed);
  }
  const question = shown.questions.find((q) => q.number === body.question);
  if (!question) throw new AppError(404, 'unknown_question', messages.unknownQuestion);
  const id = crypto.randomUUID();
  try {
    await repo.insertRequest(db, {
      id,
      submission_id: submission.id,
      question: body.question,
      reason: body.reason,
      status: 'open',
      response: null,
      from_marks: question.marks,
      to_marks: null,
      created_at: nowIso(),
      answered_at: null,
      answered_by: null,
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('regrade_already_asked', messages.regradeAlreadyAsked);
    throw err;
  }
  if (notify) {
    await queueRegradeRequested(notify, db, {
      teacherId: assignment.teacher_id,
      studentName: isAnonymous(assignment) ? 'A student' : submission.student_name,
      assignment,
      question: body.question,
    });
    notify.wake();
  }
  return requestById(db, id);
}

/** The assignment's requests (the owner's view), or one student's own (the student's view). */
export async function regradeRequests(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  viewer: { studentId?: string },
) {
  const rows = await repo.listRequests(db, assignment.id, viewer.studentId);
  return rows.map(toRequest);
}

/**
 * The teacher answers a request, with or without new marks for the question. A change is made
 * like any other mark (audited) and published to the student at once; the student gets a
 * notice with the answer.
 */
export async function answerRegrade(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  requestId: string,
  body: RegradeAnswerBody,
): Promise<RegradeRequest> {
  const db = deps.db.kysely;
  const found = await repo.findRequest(db, requestId, assignment.id);
  if (!found) throw notFound('This assignment has no such regrade request.');
  if (found.status === 'answered')
    throw conflict('regrade_answered', messages.regradeAlreadyAnswered);
  if (typeof body.marks === 'number') {
    await setQuestionMark(deps, teacher, assignment, found.submission_id, found.question, {
      marks: body.marks,
    });
  }
  const s = await findSubmissionIn(db, assignment, found.submission_id);
  const questions = await questionsOrNone(deps, assignment);
  const now = await marksNow(db, questions, s);
  const toMarks = now.questions.find((q) => q.number === found.question)?.marks ?? null;
  const at = nowIso();
  await repo.answerRequest(db, requestId, {
    status: 'answered',
    response: body.response,
    to_marks: toMarks,
    answered_at: at,
    answered_by: teacher.id,
  });
  if (typeof body.marks === 'number') await publish(deps, assignment, { submissionIds: [s.id] });
  await sendNotice(db, {
    userId: found.student_id,
    assignmentId: assignment.id,
    kind: 'regrade-answered',
    text: `Your teacher answered your regrade request for question ${found.question} of "${assignment.title}".`,
    at,
  });
  if (deps.notify) {
    await queueRegradeAnswered(deps.notify, db, {
      studentId: found.student_id,
      assignment,
      question: found.question,
    });
    deps.notify.wake();
  }
  return requestById(db, requestId);
}
