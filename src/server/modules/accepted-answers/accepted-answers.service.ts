import crypto from 'node:crypto';
import type {
  AcceptedAnswer,
  AcceptedAnswerBody,
  AcceptedAnswersResponse,
} from '../../../shared/accepted-answers';
import { MAX_ACCEPTED_PER_QUESTION } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import type { CurrentUser } from '../../auth/current-user';
import { nowIso } from '../../db/database';
import { AppError, badRequest, conflict } from '../../errors';
import type { AssignmentRow } from '../assignments/assignments.service';
import { questionsOf, type QuestionDeps } from '../assignments/questions.service';
import { findSubmissionIn } from '../submissions/submissions.service';
import * as repo from './accepted-answers.repository';

const toAnswer = (r: repo.AcceptedAnswerRow): AcceptedAnswer => ({
  id: r.id,
  question: r.question,
  text: r.text,
  submissionId: r.submission_id,
  studentName: r.student_name,
  createdAt: r.created_at,
});

/** Case, spacing and a final full stop do not make another answer. */
const sameText = (a: string, b: string) => {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/[.!?\s]+$/, '')
      .trim();
  return norm(a) === norm(b);
};

/** Every answer the teacher accepted on the assignment, by question, oldest first. */
export async function acceptedAnswersOf(
  deps: QuestionDeps,
  assignment: AssignmentRow,
): Promise<AcceptedAnswersResponse> {
  return { answers: (await repo.acceptedAnswers(deps.db.kysely, assignment.id)).map(toAnswer) };
}

/**
 * Accepts an answer as right for one question: later runs read it like an "Also accept:" line of
 * the model answer. 400 for a question the assignment lacks or an answer not its own; 409 when
 * the question has it already or has MAX_ACCEPTED_PER_QUESTION.
 */
export async function acceptAnswer(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  body: AcceptedAnswerBody,
): Promise<AcceptedAnswer> {
  const questions = await questionsOf(deps, assignment);
  if (!questions.some((q) => q.number === body.question))
    throw badRequest(messages.unknownQuestion);
  const db = deps.db.kysely;
  if (body.submissionId) {
    try {
      await findSubmissionIn(db, assignment, body.submissionId);
    } catch (err) {
      if (err instanceof AppError && err.status === 404)
        throw badRequest(messages.acceptedUnknownSubmission);
      throw err;
    }
  }
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    const texts = await repo.questionTexts(trx, assignment.id, body.question);
    if (texts.some((t) => sameText(t, body.text)))
      throw conflict('already_accepted', messages.acceptedAlready);
    if (texts.length >= MAX_ACCEPTED_PER_QUESTION)
      throw conflict('too_many_accepted', messages.acceptedTooMany);
    await repo.insertAcceptedAnswer(trx, {
      id,
      assignment_id: assignment.id,
      question: body.question,
      text: body.text,
      submission_id: body.submissionId ?? null,
      added_by: teacher.id,
      created_at: nowIso(),
    });
  });
  return toAnswer((await repo.acceptedAnswers(db, assignment.id)).find((r) => r.id === id)!);
}

/** Removes an accepted answer; later runs no longer credit answers like it. 404 when not the assignment's. */
export async function removeAcceptedAnswer(
  deps: QuestionDeps,
  assignment: AssignmentRow,
  id: string,
): Promise<void> {
  if (!(await repo.deleteAcceptedAnswer(deps.db.kysely, assignment.id, id)))
    throw new AppError(404, 'not_found', messages.acceptedNotFound);
}
