import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages';
import type { QuestionMarkBody } from '../../../shared/review';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';
import type { AssignmentRow } from '../assignments/assignments.service';
import { findSubmissionIn } from '../assignments/submissions.service';
import * as audit from '../evaluations/evaluations.repository';
import { marksState, parseAi, type StoredQuestion } from './marks-state';
import { findQuestion, questionsOf, type ReviewDeps } from './questions.service';
import * as repo from './review.repository';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One question's change of marks in the audit trail, by the teacher, with why. */
export async function auditQuestion(
  db: Kysely<Database>,
  c: {
    submissionId: string;
    by: string;
    question: string;
    from: number | null;
    to: number | null;
    note: string;
    at: string;
  },
) {
  await audit.insertMarkChange(db, {
    id: crypto.randomUUID(),
    submission_id: c.submissionId,
    changed_by: c.by,
    from_marks: c.from,
    to_marks: c.to,
    source: 'teacher',
    created_at: c.at,
    question: c.question,
    note: c.note,
  });
}

/**
 * Makes the submission's total agree with its questions (the teacher's marks where given, else
 * the AI's) after a question changed. A total the teacher typed over everything is replaced
 * only when a question is marked again.
 */
export async function recomputeTotal(
  db: Kysely<Database>,
  submissionId: string,
  questions: StoredQuestion[],
) {
  const s = await db
    .selectFrom('submission')
    .select(['ai_result', 'marks'])
    .where('id', '=', submissionId)
    .executeTakeFirstOrThrow();
  const state = marksState(
    questions,
    parseAi(s.ai_result),
    await repo.questionMarks(db, submissionId),
  );
  await repo.updateSubmission(db, submissionId, { marks: state.total, marks_source: state.source });
  return { from: s.marks === null ? null : Number(s.marks), to: state.total };
}

/** The marks of ticked rubric items: their points' sum, at most the question's total. */
async function marksOfItems(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  question: StoredQuestion,
  ids: string[],
) {
  const items = (await repo.rubricItems(db, assignment.id)).filter(
    (i) => i.question === question.number,
  );
  const chosen = ids.map((id) => items.find((i) => i.id === id));
  if (chosen.some((i) => !i)) {
    throw badRequest(messages.unknownRubricItem, [
      { path: 'items', message: messages.unknownRubricItem },
    ]);
  }
  return Math.min(question.total, round2(chosen.reduce((sum, i) => sum + Number(i!.points), 0)));
}

/**
 * The teacher marks one question of one answer: typed marks, ticked rubric items (the marks are
 * their points' sum), or null to give it back to the AI; and/or a comment. The total follows, and
 * the change is in the audit trail with the question's number. Works on any submitted answer,
 * graded by the AI or not.
 */
export async function setQuestionMark(
  deps: ReviewDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  submissionId: string,
  number: string,
  body: QuestionMarkBody,
) {
  const db = deps.db.kysely;
  const questions = await questionsOf(deps, assignment);
  const question = findQuestion(questions, number);
  const submission = await findSubmissionIn(db, assignment, submissionId);
  if (typeof body.marks === 'number' && body.marks > question.total) {
    throw badRequest(messages.questionMarksAboveTotal, [
      { path: 'marks', message: messages.questionMarksAboveTotal },
    ]);
  }
  const itemMarks = body.items
    ? await marksOfItems(db, assignment, question, body.items)
    : undefined;
  await db.transaction().execute(async (trx) => {
    const before = (await repo.questionMarks(trx, submission.id)).find(
      (r) => r.question === number,
    );
    const state = marksState(questions, parseAi(submission.ai_result), before ? [before] : []);
    const fromMarks = state.questions.find((q) => q.number === number)?.marks ?? null;
    const marksGiven = body.marks !== undefined || body.items !== undefined;
    const marks = itemMarks ?? (body.marks === undefined ? (before?.marks ?? null) : body.marks);
    const at = nowIso();
    await repo.upsertQuestionMark(trx, {
      submission_id: submission.id,
      question: number,
      marks: marks === null ? null : Number(marks),
      items: body.items ? JSON.stringify(body.items) : marksGiven ? null : (before?.items ?? null),
      comment: body.comment === undefined ? (before?.comment ?? null) : body.comment || null,
      updated_by: teacher.id,
      updated_at: at,
    });
    const total = await recomputeTotal(trx, submission.id, questions);
    const after = (await repo.questionMarks(trx, submission.id)).find((r) => r.question === number);
    const afterState = marksState(questions, parseAi(submission.ai_result), after ? [after] : []);
    const toMarks = afterState.questions.find((q) => q.number === number)?.marks ?? null;
    if (marksGiven && fromMarks !== toMarks) {
      await auditQuestion(trx, {
        submissionId: submission.id,
        by: teacher.id,
        question: number,
        from: fromMarks,
        to: toMarks,
        note: `total ${total.from ?? '–'} → ${total.to ?? '–'}`,
        at,
      });
    }
  });
}

/** The teacher's overall comment on an answer (null or empty removes it). */
export async function setOverallComment(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  submissionId: string,
  comment: string | null,
) {
  const submission = await findSubmissionIn(db, assignment, submissionId);
  await repo.updateSubmission(db, submission.id, { comment: comment || null });
}

/**
 * Comments the teacher has written on this assignment, most used first, to reuse on other
 * answers (the overall ones, and per question).
 */
export async function savedComments(db: Kysely<Database>, assignment: AssignmentRow) {
  const rows = await repo.questionMarksOfAssignment(db, assignment.id);
  const overall = await db
    .selectFrom('submission')
    .select('comment')
    .where('assignment_id', '=', assignment.id)
    .where('comment', 'is not', null)
    .execute();
  const counts = new Map<string, number>();
  for (const c of [...rows.map((r) => r.comment), ...overall.map((r) => r.comment)]) {
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([text]) => text);
}

/** 404 for a rubric item that is not the assignment's. */
export const rubricItemNotFound = () =>
  new AppError(404, 'not_found', 'This assignment has no such rubric item.');
