import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { FULL_MARKS_PREFIX } from '../../../shared/evaluations';
import { messages } from '../../../shared/messages';
import type { PublishedMarks, PublishResponse, ReviewSettingsBody } from '../../../shared/review';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';
import type { AssignmentRow } from '../assignments/assignments.service';
import type { SubmissionWithName } from '../assignments/submissions.service';
import { findSubmissionIn } from '../assignments/submissions.service';
import * as audit from '../evaluations/evaluations.repository';
import {
  marksState,
  parseAi,
  samePublication,
  toPublished,
  type StoredQuestion,
} from './marks-state';
import { recomputeTotal } from './marking.service';
import { questionsOf, type ReviewDeps } from './questions.service';
import * as repo from './review.repository';

/** The assignment's questions, or none when its model answer cannot be read (the AI's then stand). */
export async function questionsOrNone(deps: ReviewDeps, assignment: AssignmentRow) {
  try {
    return await questionsOf(deps, assignment);
  } catch {
    return [] as StoredQuestion[];
  }
}

/** A published snapshot, parsed. */
export const parsePublished = (json: string | null) =>
  json ? (JSON.parse(json) as PublishedMarks) : null;

/**
 * What the student would see if the submission were published now. A total the teacher typed
 * over everything stands alone: its questions then show no marks, only their key points.
 */
export async function publicationOf(
  db: Kysely<Database>,
  questions: StoredQuestion[],
  assignment: AssignmentRow,
  s: Pick<SubmissionWithName, 'id' | 'ai_result' | 'marks' | 'comment'>,
  at = nowIso(),
): Promise<PublishedMarks> {
  const ai = parseAi(s.ai_result);
  const rows = await repo.questionMarks(db, s.id);
  const state = marksState(questions, ai, rows);
  const marks = s.marks === null ? null : Number(s.marks);
  const handTotal = marks !== state.total;
  const feedback = ai?.status === 'graded' ? ai.feedback : null;
  return toPublished(
    {
      marks,
      questions: handTotal ? state.questions.map((q) => ({ ...q, marks: null })) : state.questions,
    },
    {
      total: assignment.total_marks,
      feedback:
        feedback && ai?.status === 'graded' && marks !== ai.marks
          ? feedback.replace(FULL_MARKS_PREFIX, '')
          : feedback,
      comment: s.comment,
      at,
    },
  );
}

const fmt = (n: number | null) => (n === null ? '–' : String(n));

/**
 * Publishes the marks of the assignment's marked submissions (or of the listed ones) to their
 * students: each gets a snapshot of its marks, reasons and comments, and an in-app notice
 * (published, or changed with the old and new marks). Submissions whose students already see
 * exactly this are left alone. `onlyFirst` publishes only those never published (automatic
 * publishing at the deadline never changes what students have seen).
 */
export async function publish(
  deps: ReviewDeps,
  assignment: AssignmentRow,
  opts: { submissionIds?: string[]; onlyFirst?: boolean } = {},
): Promise<PublishResponse> {
  const db = deps.db.kysely;
  const questions = await questionsOrNone(deps, assignment);
  let rows = await db
    .selectFrom('submission')
    .select(['id', 'student_id', 'ai_result', 'marks', 'comment', 'published'])
    .where('assignment_id', '=', assignment.id)
    .where('marks', 'is not', null)
    .execute();
  if (opts.submissionIds) rows = rows.filter((r) => opts.submissionIds!.includes(r.id));
  if (opts.onlyFirst) rows = rows.filter((r) => r.published === null);
  let published = 0;
  for (const s of rows) {
    const before = parsePublished(s.published);
    const at = nowIso();
    const next = await publicationOf(db, questions, assignment, s, at);
    if (samePublication(before, next)) continue;
    await db.transaction().execute(async (trx) => {
      await repo.updateSubmission(trx, s.id, { published: JSON.stringify(next), published_at: at });
      await repo.insertNotices(trx, [
        {
          id: crypto.randomUUID(),
          user_id: s.student_id,
          assignment_id: assignment.id,
          kind: before ? 'changed' : 'published',
          text: before
            ? `Your marks for "${assignment.title}" changed: ${fmt(before.marks)} → ${fmt(next.marks)} / ${next.total}.`
            : `Your marks for "${assignment.title}" are published: ${fmt(next.marks)} / ${next.total}.`,
          created_at: at,
          read_at: null,
        },
      ]);
    });
    published++;
  }
  if (!rows.length && !opts.onlyFirst)
    throw conflict('nothing_to_publish', messages.nothingToPublish);
  return { published, unchanged: rows.length - published };
}

/** Publishes automatically once the deadline has passed, when the assignment says so. */
export async function publishDue(deps: ReviewDeps, assignment: AssignmentRow, now = new Date()) {
  if (Number(assignment.auto_publish) !== 1 || Date.parse(assignment.deadline) > now.getTime())
    return;
  await publish(deps, assignment, { onlyFirst: true });
}

/**
 * Rejects what changed since the submission was published (a re-run, an edit): the published
 * marks become the current ones again, as the teacher's, and the change is audited.
 */
export async function rejectChanges(
  deps: ReviewDeps,
  teacher: CurrentUser,
  assignment: AssignmentRow,
  submissionId: string,
) {
  const db = deps.db.kysely;
  const submission = await findSubmissionIn(db, assignment, submissionId);
  const shown = parsePublished(submission.published);
  if (!shown)
    throw conflict(
      'not_published',
      'These marks have not been published, so there is nothing to go back to.',
    );
  const questions = await questionsOrNone(deps, assignment);
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    for (const q of shown.questions) {
      await repo.upsertQuestionMark(trx, {
        submission_id: submission.id,
        question: q.number,
        marks: q.marks,
        items: null,
        comment: q.comment,
        updated_by: teacher.id,
        updated_at: at,
      });
    }
    await repo.updateSubmission(trx, submission.id, { comment: shown.comment });
    const total = await recomputeTotal(trx, submission.id, questions);
    if (total.to !== shown.marks) {
      await repo.updateSubmission(trx, submission.id, {
        marks: shown.marks,
        marks_source: 'teacher',
      });
    }
    await audit.insertMarkChange(trx, {
      id: crypto.randomUUID(),
      submission_id: submission.id,
      changed_by: teacher.id,
      from_marks: submission.marks === null ? null : Number(submission.marks),
      to_marks: shown.marks,
      source: 'teacher',
      created_at: at,
      question: null,
      note: 'kept the published marks',
    });
  });
}

/** Automatic publishing at the deadline, and until when regrades may be asked for. */
export async function saveReviewSettings(
  db: Kysely<Database>,
  assignment: AssignmentRow,
  body: ReviewSettingsBody,
) {
  await db
    .updateTable('assignment')
    .set({
      auto_publish: body.autoPublish ? 1 : 0,
      regrade_deadline: body.regradeDeadline ? new Date(body.regradeDeadline).toISOString() : null,
      updated_at: nowIso(),
    })
    .where('id', '=', assignment.id)
    .execute();
}
