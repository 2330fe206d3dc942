import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages';
import type { PublishResponse } from '../../../shared/review';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';
import type { CurrentUser } from '../../auth/current-user';
import type { AssignmentRow } from '../assignments/assignments.service';
import { lateMarkOf } from '../assignments/late-work.service';
import {
  questionsOrNone,
  type QuestionDeps,
  type StoredQuestion,
} from '../assignments/questions.service';
import type { PageComment } from '../../../shared/page-marks';
import { sendNotice } from '../notices/notices.service';
import { queueMarksPublished } from '../notifications/notifications.service';
import { pageCommentsOf, pageCommentsOfMany } from '../page-marks/page-marks.service';
import { findSubmissionIn, type SubmissionWithName } from '../submissions/submissions.service';
import { recordMarkChange } from './audit-trail';
import {
  marksMoved,
  marksState,
  parseAi,
  parsePublished,
  samePublication,
  toPublished,
  type QuestionMarkRow,
  type StoredPublication,
} from './marks-state';
import { recomputeTotal } from './marking.service';
import * as repo from './marks.repository';
import { isAnonymous } from './anonymity.service';
import { samePageComments } from './marks.policy';

/**
 * What the student would see if the submission were published now (toPublished says how the
 * reasons follow the marks that stand), with the comments on its pages as they stand. A total
 * the teacher typed over everything stands alone: its questions then show no marks.
 */
export async function publicationOf(
  db: Kysely<Database>,
  questions: StoredQuestion[],
  assignment: AssignmentRow,
  s: Pick<SubmissionWithName, 'id' | 'ai_result' | 'marks' | 'comment'>,
  at = nowIso(),
): Promise<StoredPublication> {
  const [marked, comments] = await Promise.all([
    repo.questionMarks(db, s.id),
    pageCommentsOf(db, s.id),
  ]);
  return publicationFrom(questions, assignment, s, marked, comments, at);
}

/** publicationOf from the submission's question marks and page comments, read already. */
function publicationFrom(
  questions: StoredQuestion[],
  assignment: AssignmentRow,
  s: Pick<SubmissionWithName, 'ai_result' | 'marks' | 'comment'>,
  marked: QuestionMarkRow[],
  comments: PageComment[],
  at: string,
): StoredPublication {
  const ai = parseAi(s.ai_result);
  const state = marksState(questions, ai, marked);
  const marks = s.marks === null ? null : Number(s.marks);
  return {
    ...toPublished(
      { marks, handTotal: marks !== state.total, questions: state.questions },
      ai?.status === 'graded' ? ai : null,
      { total: assignment.total_marks, comment: s.comment, at },
    ),
    comments,
  };
}

/**
 * The submissions among `rows` whose students see something else than publishing now would show
 * (marks, comments, feedback, reasons): what the grades table offers to publish again. The marks,
 * the overall comment and the page comments are compared as they stand; a row whose question
 * marks, comments or feedback were saved, or which was graded again, after its last publication
 * is compared whole (publicationOf), as the answer's details are; the others are unchanged.
 */
export async function publishedChanges(
  deps: QuestionDeps,
  assignment: AssignmentRow,
  rows: SubmissionWithName[],
): Promise<Set<string>> {
  const out = new Set<string>();
  const whole: Array<{ s: SubmissionWithName; shown: StoredPublication }> = [];
  for (const s of rows) {
    const shown = parsePublished(s.published);
    if (!shown) continue;
    const marks = s.marks === null ? null : Number(s.marks);
    if (shown.marks !== marks || shown.comment !== s.comment || !samePageComments(s, shown)) {
      out.add(s.id);
      continue;
    }
    const since = shown.publishedAt;
    if ((s.question_marks_latest ?? '') > since || (s.graded_at ?? '') > since)
      whole.push({ s, shown });
  }
  if (!whole.length) return out;
  // compared whole, with the question marks and page comments of all of them read at once (a
  // class graded again after publishing is a few queries, not two per answer)
  const db = deps.db.kysely;
  const questions = await questionsOrNone(deps, assignment);
  const ids = whole.map((w) => w.s.id);
  const [marked, comments] = await Promise.all([
    repo.questionMarksOfMany(db, ids),
    pageCommentsOfMany(db, ids),
  ]);
  const markedOf = new Map<string, QuestionMarkRow[]>();
  for (const r of marked)
    markedOf.set(r.submission_id, [...(markedOf.get(r.submission_id) ?? []), r]);
  for (const { s, shown } of whole) {
    const now = publicationFrom(
      questions,
      assignment,
      s,
      markedOf.get(s.id) ?? [],
      comments.get(s.id) ?? [],
      shown.publishedAt,
    );
    if (!samePublication(shown, now)) out.add(s.id);
  }
  return out;
}

const fmt = (n: number | null) => (n === null ? '–' : String(n));

/** Marks as the notice says them: after the late penalty, with what the answer earned beside them. */
function marksText(
  assignment: AssignmentRow,
  lateSeconds: number | string | bigint,
  p: { marks: number | null; total: number },
) {
  const late = lateMarkOf(assignment, lateSeconds, p.marks);
  if (!late || late.penalisedMarks === null || late.penaltyPercent === 0)
    return `${fmt(p.marks)} / ${p.total}`;
  return `${fmt(late.penalisedMarks)} / ${p.total} (${fmt(p.marks)} less ${late.penaltyPercent}% for handing in ${late.lateBy} late)`;
}

/**
 * Publishes the marks of the assignment's marked submissions (or of the listed ones) to their
 * students: each gets a snapshot of its marks, reasons and comments, and an in-app notice
 * (published, or changed with the old and new marks). Submissions whose students already see
 * exactly this are left alone. `onlyFirst` publishes only those never published (automatic
 * publishing at the deadline never changes what students have seen).
 */
export async function publish(
  deps: QuestionDeps,
  assignment: AssignmentRow,
  opts: { submissionIds?: string[]; onlyFirst?: boolean } = {},
): Promise<PublishResponse> {
  const db = deps.db.kysely;
  const questions = await questionsOrNone(deps, assignment);
  let rows = await repo.markedSubmissions(db, assignment.id);
  if (opts.submissionIds) rows = rows.filter((r) => opts.submissionIds!.includes(r.id));
  if (opts.onlyFirst) rows = rows.filter((r) => r.published === null);
  // Who gets the email, looked up once: a class of thousands is one query, not one each.
  const mailTo = deps.notify
    ? await deps.notify.recipients(
        db,
        'marks_published',
        rows.map((r) => r.student_id),
      )
    : new Map();
  let published = 0;
  for (const s of rows) {
    const before = parsePublished(s.published);
    const at = nowIso();
    const next = await publicationOf(db, questions, assignment, s, at);
    if (samePublication(before, next)) continue;
    // Only the reasons or comments changed: the student is told so, not "7 → 7".
    const moved = before === null || marksMoved(before, next);
    const marks = marksText(assignment, s.late_seconds, next);
    const sent = await db.transaction().execute(async (trx) => {
      const fresh = { published: JSON.stringify(next), published_at: at };
      // Published by another request meanwhile: that one sent the notice.
      if (!(await repo.replacePublication(trx, s.id, s.published, fresh))) return false;
      await sendNotice(trx, {
        userId: s.student_id,
        assignmentId: assignment.id,
        kind: before ? 'changed' : 'published',
        text: !before
          ? `Your marks for "${assignment.title}" are published: ${marks}.`
          : moved
            ? `Your marks for "${assignment.title}" changed: ${fmt(lateMarkOf(assignment, s.late_seconds, before.marks)?.penalisedMarks ?? before.marks)} → ${marks}.`
            : `Your teacher updated the feedback on "${assignment.title}"; your marks stay ${marks}.`,
        at,
      });
      if (deps.notify)
        await queueMarksPublished(deps.notify, trx, mailTo.get(s.student_id), {
          assignment,
          marks,
          change: !before ? 'published' : moved ? 'marks' : 'feedback',
        });
      return true;
    });
    if (sent) published++;
  }
  if (published) deps.notify?.wake();
  if (!rows.length && !opts.onlyFirst)
    throw conflict('nothing_to_publish', messages.nothingToPublish);
  // Publishing every marked answer ends anonymous marking: the names come back.
  if (!opts.submissionIds && rows.length && isAnonymous(assignment))
    await endAnonymousMarking(db, assignment.id);
  return { published, unchanged: rows.length - published };
}

/**
 * The scheduled job's part of publishing at the deadline: publishes, in every assignment that
 * says so and whose deadline has passed, the marks never published yet (never changing what
 * students have seen). Idempotent: a second run finds nothing, and two runs at once publish each
 * submission once (publish() replaces a publication only if it is unchanged). Returns how many
 * submissions were published.
 */
export async function publishAllDue(deps: QuestionDeps, now = new Date()): Promise<number> {
  let published = 0;
  for (const assignment of await repo.dueForPublishing(deps.db.kysely, now.toISOString())) {
    published += (await publish(deps, assignment, { onlyFirst: true })).published;
  }
  return published;
}

/**
 * Rejects what changed since the submission was published (a re-run, an edit): the published
 * marks become the current ones again, as the teacher's, and the change is audited.
 */
export async function rejectChanges(
  deps: QuestionDeps,
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
    await repo.updateMarks(trx, submission.id, { comment: shown.comment });
    const total = await recomputeTotal(trx, submission.id, questions);
    if (total.to !== shown.marks) {
      await repo.updateMarks(trx, submission.id, { marks: shown.marks, marks_source: 'teacher' });
    }
    await recordMarkChange(trx, {
      submissionId: submission.id,
      by: teacher.id,
      source: 'teacher',
      from: submission.marks === null ? null : Number(submission.marks),
      to: shown.marks,
      note: 'kept the published marks',
      at,
    });
  });
}

/** Names are shown again (the salt stays, so turning it on again gives the same order). */
async function endAnonymousMarking(db: Kysely<Database>, assignmentId: string) {
  await db
    .updateTable('assignment')
    .set({ anonymous_marking: 0 })
    .where('id', '=', assignmentId)
    .execute();
}
