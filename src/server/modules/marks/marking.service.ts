import type { Insertable, Kysely, Updateable } from 'kysely';
import { messages } from '../../../shared/messages';
import type { MarkMove, QuestionFeedbackBody, QuestionMarkBody } from '../../../shared/review';
import { nowIso } from '../../db/database';
import type { Database, QuestionMarkTable } from '../../db/schema';
import { badRequest } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';
import type { AssignmentRow } from '../assignments/assignments.service';
import {
  findQuestion,
  questionsOf,
  type QuestionDeps,
  type StoredQuestion,
} from '../assignments/questions.service';
import { findSubmissionIn, type SubmissionWithName } from '../submissions/submissions.service';
import { submissionNotFound } from '../submissions/submissions.policy';
import { recordMarkChange, recordMarkChanges, type MarkChange } from './audit-trail';
import { marksState, parseAi, type MarksState, type QuestionMarkRow } from './marks-state';

export type { MarksState };
import * as repo from './marks.repository';
import type { MarksPatch } from './marks.repository';
import { round2 } from '../../../shared/marks-rounding';

/** The answer's marks as they stand, per question: the teacher's where given, else the AI's. */
export async function marksNow(
  db: Kysely<Database>,
  questions: StoredQuestion[],
  s: Pick<SubmissionWithName, 'id' | 'ai_result'>,
) {
  return marksState(questions, parseAi(s.ai_result), await repo.questionMarks(db, s.id));
}

/**
 * The teacher sets an answer's total marks (0..total, at most 2 decimals), graded or not; the
 * change goes to the audit trail and the AI's own proposal (ai_*) is kept as it was.
 */
export async function setTotalMarks(
  db: Kysely<Database>,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  submissionId: string,
  marks: number,
): Promise<void> {
  if (marks > assignment.total_marks) {
    throw badRequest(messages.marksAboveTotal, [
      { path: 'marks', message: messages.marksAboveTotal },
    ]);
  }
  await db.transaction().execute(async (trx) => {
    const current = await findSubmissionIn(trx, assignment, submissionId);
    const at = nowIso();
    await repo.updateMarks(trx, current.id, {
      marks,
      marks_source: 'teacher',
      needs_review: 0,
      graded_at: at,
    });
    await recordMarkChange(trx, {
      submissionId: current.id,
      by: teacher.id,
      source: 'teacher',
      from: current.marks === null ? null : Number(current.marks),
      to: marks,
      at,
    });
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
  const s = await repo.marksOf(db, submissionId);
  const state = await marksNow(db, questions, { id: submissionId, ai_result: s.ai_result });
  await repo.updateMarks(db, submissionId, { marks: state.total, marks_source: state.source });
  return { from: s.marks === null ? null : Number(s.marks), to: state.total };
}

/** The marks of ticked rubric items: their points' sum, at most the question's total. */
async function marksOfItems(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  question: StoredQuestion,
  ids: string[],
) {
  const points = await repo.rubricPoints(db, assignment.id, question.number);
  if (ids.some((id) => !points.has(id))) {
    throw badRequest(messages.unknownRubricItem, [
      { path: 'items', message: messages.unknownRubricItem },
    ]);
  }
  return Math.min(question.total, round2(ids.reduce((sum, id) => sum + points.get(id)!, 0)));
}

/**
 * The teacher marks one question of one answer: typed marks, ticked rubric items (the marks are
 * their points' sum), or null to give it back to the AI; and/or a comment. The total follows, and
 * the change is in the audit trail with the question's number. Works on any submitted answer,
 * graded by the AI or not.
 */
export async function setQuestionMark(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  submissionId: string,
  number: string,
  body: QuestionMarkBody,
) {
  await setQuestionMarks(deps, teacher, assignment, [submissionId], number, body);
}

/**
 * The same mark on one question of many answers (a group marked in one action, see
 * modules/answer-groups), by the rules of setQuestionMark, all or nothing: one transaction, a few
 * statements whatever the number of answers, an audit row per answer whose marks moved. An answer
 * not of the assignment (gone meanwhile) fails it all with 404. `byGroup`: the marks come from
 * the answer's group, and answers the teacher has marked on their own since are left as they are
 * (marks given on an answer alone make it the answer's own again). Returns the answers written.
 */
export async function setQuestionMarks(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  submissionIds: string[],
  number: string,
  body: QuestionMarkBody,
  opts: { byGroup?: boolean } = {},
): Promise<string[]> {
  const db = deps.db.kysely;
  const questions = await questionsOf(deps, assignment);
  const question = findQuestion(questions, number);
  const ids = [...new Set(submissionIds)];
  if (typeof body.marks === 'number' && body.marks > question.total) {
    throw badRequest(messages.questionMarksAboveTotal, [
      { path: 'marks', message: messages.questionMarksAboveTotal },
    ]);
  }
  const itemMarks = body.items
    ? await marksOfItems(db, assignment, question, body.items)
    : undefined;
  const marksGiven = body.marks !== undefined || body.items !== undefined;
  return db.transaction().execute(async (trx) => {
    const submissions = await repo.submissionsIn(trx, assignment.id, ids);
    if (submissions.length !== ids.length) throw submissionNotFound();
    const rows = new Map<string, Array<QuestionMarkRow & { by_group: number }>>();
    for (const r of await repo.questionMarksOfMany(trx, ids))
      rows.set(r.submission_id, [...(rows.get(r.submission_id) ?? []), r]);
    const at = nowIso();
    const inserts: Array<Insertable<QuestionMarkTable>> = [];
    const updates = new Map<string, { patch: Updateable<QuestionMarkTable>; ids: string[] }>();
    const totals = new Map<string, { patch: MarksPatch; ids: string[] }>();
    const changes: MarkChange[] = [];
    const written: string[] = [];
    for (const s of submissions) {
      const own = rows.get(s.id) ?? [];
      const before = own.find((r) => r.question === number);
      if (opts.byGroup && before?.marks != null && Number(before.by_group) !== 1) continue;
      const ai = parseAi(s.ai_result);
      const fromMarks = questionMarks(marksState(questions, ai, before ? [before] : []), number);
      const marks = itemMarks ?? (body.marks === undefined ? (before?.marks ?? null) : body.marks);
      const row = {
        marks: marks === null ? null : Number(marks),
        items: body.items
          ? JSON.stringify(body.items)
          : marksGiven
            ? null
            : (before?.items ?? null),
        comment: body.comment === undefined ? (before?.comment ?? null) : body.comment || null,
        by_group: marksGiven ? (opts.byGroup ? 1 : 0) : Number(before?.by_group ?? 0),
        updated_by: teacher.id,
        updated_at: at,
      };
      if (before) addTo(updates, JSON.stringify(row), row, s.id);
      else inserts.push({ submission_id: s.id, question: number, ...row });
      const after = [...own.filter((r) => r !== before), { ...before, ...row, question: number }];
      const state = marksState(questions, ai, after);
      addTo(
        totals,
        JSON.stringify([state.total, state.source]),
        {
          marks: state.total,
          marks_source: state.source,
        },
        s.id,
      );
      const toMarks = questionMarks(state, number);
      const totalFrom = s.marks === null ? null : Number(s.marks);
      if (marksGiven && fromMarks !== toMarks)
        changes.push({
          submissionId: s.id,
          by: teacher.id,
          source: 'teacher',
          question: number,
          from: fromMarks,
          to: toMarks,
          note: `total ${totalFrom ?? '–'} → ${state.total ?? '–'}`,
          at,
        });
      written.push(s.id);
    }
    for (const u of updates.values()) await repo.updateQuestionMarks(trx, u.ids, number, u.patch);
    await repo.insertQuestionMarks(trx, inserts);
    for (const t of totals.values()) await repo.updateMarksOfMany(trx, t.ids, t.patch);
    await recordMarkChanges(trx, changes);
    return written;
  });
}

const questionMarks = (state: MarksState, number: string) =>
  state.questions.find((q) => q.number === number)?.marks ?? null;

/** Puts an answer with the rows that take the same write. */
function addTo<P>(by: Map<string, { patch: P; ids: string[] }>, key: string, patch: P, id: string) {
  const entry = by.get(key);
  if (entry) entry.ids.push(id);
  else by.set(key, { patch, ids: [id] });
}

/**
 * The teacher's words in place of the engine's feedback on one question of one answer, or no
 * feedback at all (`hidden`); neither gives the engine's feedback back. The student reads it
 * once the marks are published again; marks are untouched.
 */
export async function setQuestionFeedback(
  deps: QuestionDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  submissionId: string,
  number: string,
  body: QuestionFeedbackBody,
) {
  const db = deps.db.kysely;
  const question = findQuestion(await questionsOf(deps, assignment), number);
  const submission = await findSubmissionIn(db, assignment, submissionId);
  await db.transaction().execute(async (trx) => {
    const before = (await repo.questionMarks(trx, submission.id)).find(
      (r) => r.question === question.number,
    );
    await repo.upsertQuestionMark(trx, {
      submission_id: submission.id,
      question: question.number,
      marks: before?.marks ?? null,
      items: before?.items ?? null,
      comment: before?.comment ?? null,
      feedback: body.hidden ? null : body.text || null,
      feedback_hidden: body.hidden ? 1 : 0,
      updated_by: teacher.id,
      updated_at: nowIso(),
    });
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
  await repo.updateMarks(db, submission.id, { comment: comment || null });
}

/**
 * Every answer's marks as they stand per question (the teacher's where given, else the AI's),
 * with the teacher's comments, by submission id: what the grades export writes.
 */
export async function classMarks(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  questions: StoredQuestion[],
): Promise<Map<string, MarksState>> {
  const [answers, rows] = await Promise.all([
    repo.marksOfAssignment(db, assignment.id),
    repo.questionMarksOfAssignment(db, assignment.id),
  ]);
  const bySubmission = new Map<string, typeof rows>();
  for (const r of rows)
    bySubmission.set(r.submission_id, [...(bySubmission.get(r.submission_id) ?? []), r]);
  return new Map(
    answers.map((a) => [
      a.id,
      marksState(questions, parseAi(a.ai_result), bySubmission.get(a.id) ?? []),
    ]),
  );
}

/**
 * Comments the teacher has written on this assignment, most used first, to reuse on other
 * answers (the overall ones, and per question).
 */
export async function savedComments(db: Kysely<Database>, assignment: AssignmentRow) {
  const rows = await repo.questionMarksOfAssignment(db, assignment.id);
  const overall = await repo.overallComments(db, assignment.id);
  const counts = new Map<string, number>();
  for (const c of [...rows.map((r) => r.comment), ...overall]) {
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([text]) => text);
}

/**
 * After a rubric item changed or went, re-scores every answer of the question that was marked
 * by ticking items: its marks are its ticked items' points again. Each move is audited with
 * `note` and returned. Runs in the rubric change's transaction.
 */
export async function rescoreTickedAnswers(
  trx: Kysely<Database>,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  questions: StoredQuestion[],
  question: StoredQuestion,
  note: string,
): Promise<MarkMove[]> {
  const points = await repo.rubricPoints(trx, assignment.id, question.number);
  const moved: MarkMove[] = [];
  for (const row of await repo.rubricMarkedRows(trx, assignment.id, question.number)) {
    const ticked = (JSON.parse(row.items!) as string[]).filter((id) => points.has(id));
    const marks = Math.min(
      question.total,
      round2(ticked.reduce((s, id) => s + points.get(id)!, 0)),
    );
    const from = row.marks === null ? null : Number(row.marks);
    const at = nowIso();
    await repo.updateQuestionMark(trx, row.submission_id, question.number, {
      marks,
      items: JSON.stringify(ticked),
      updated_by: teacher.id,
      updated_at: at,
    });
    if (from === marks) continue;
    await recomputeTotal(trx, row.submission_id, questions);
    await recordMarkChange(trx, {
      submissionId: row.submission_id,
      by: teacher.id,
      source: 'teacher',
      question: question.number,
      from,
      to: marks,
      note,
      at,
    });
    moved.push({
      submissionId: row.submission_id,
      studentName: row.student_name,
      question: question.number,
      from,
      to: marks,
    });
  }
  return moved;
}
