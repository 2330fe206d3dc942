import { keyPointName, privateMathsMessage } from '../../../grading/explain';
import type { MathsFinding, PublishedFinding } from '../../../shared/maths';
import type { KeyPointsShown, PublishedMarks } from '../../../shared/review';
import type { CurrentUser } from '../../auth/current-user';
import { teachesAssignment, type TaughtAssignment } from '../assignments/assignments.policy';
import type { AssignmentRow } from '../assignments/assignments.service';
import { parsePublished, type StoredPublication } from './marks-state';

export type { StoredPublication };

/**
 * Which marks of a submission a user sees. 'working': the marks as they stand, with the AI's
 * proposal and why it needs review. 'published': only what the teacher published, and nothing
 * before. (Whether the user may see the submission at all is submissions.policy.ts's question,
 * asked first.)
 */
export type MarksView = 'working' | 'published';

/**
 * The one rule for marks: the assignment's teachers (owner and co-teachers) see the working marks; a student sees only the
 * published ones, so nothing of a mark reaches a student before the teacher publishes it.
 */
export function marksViewOf(user: CurrentUser, assignment: TaughtAssignment): MarksView {
  return teachesAssignment(user, assignment) ? 'working' : 'published';
}

/** The published snapshot of a submission's marks, or null before publishing (not for students as is: see studentMarksOf). */
export function publishedMarksOf(s: { published: string | null }): StoredPublication | null {
  return parsePublished(s.published);
}

/**
 * How the model answer's key points reach students of the assignment now: quoted whole once the
 * teacher's choice allows it, else named by their first words. The default waits until no answer
 * can be handed in any more: `closeAt`, the latest of the deadline, the late cut-off and every
 * extension (late-work.service's handInsCloseAt; the deadline alone when not given). A deadline
 * moved later hides them again.
 */
export function keyPointsShownOf(
  assignment: AssignmentRow,
  now = new Date(),
  closeAt: string = assignment.deadline,
): KeyPointsShown {
  switch (assignment.model_answer_visibility) {
    case 'never':
      return 'named';
    case 'after-publishing':
      return 'quoted';
    default:
      return Date.parse(closeAt) < now.getTime() ? 'quoted' : 'named-until-deadline';
  }
}

/**
 * What a student reads of a publication: quoted key points and the engine's texts that quote them
 * only when `shown` is 'quoted'; otherwise every key point named by its first words and the texts
 * that name them so (a publication made before this had none: then no engine text at all). Built
 * here, on the server, so the model answer never reaches a student's browser early.
 */
export function studentView(p: StoredPublication, shown: KeyPointsShown): PublishedMarks {
  const quoted = shown === 'quoted';
  const name = (points: string[]) => (quoted ? points : points.map(keyPointName));
  return {
    marks: p.marks,
    total: p.total,
    publishedAt: p.publishedAt,
    feedback: quoted ? p.feedback : (p.namedFeedback ?? null),
    comment: p.comment,
    keyPoints: shown,
    questions: p.questions.map((q) => ({
      number: q.number,
      marks: q.marks,
      total: q.total,
      matched: name(q.matched),
      missing: name(q.missing),
      comment: q.comment,
      feedback: quoted ? (q.feedback ?? null) : (q.namedFeedback ?? null),
      maths: (q.maths ?? []).map((f) => (quoted ? f : findingWithoutModel(f))),
    })),
  };
}

/**
 * A mathematical finding as a student reads it while the key points are named only: the key
 * point named by its first words, no expected value, and the message without the model answer.
 */
export function findingWithoutModel(f: MathsFinding): PublishedFinding {
  return { ...f, point: keyPointName(f.point), expected: null, message: privateMathsMessage(f) };
}

/** What the student who made a submission may see of its marks now, or null before publishing. */
export function studentMarksOf(
  s: { published: string | null },
  assignment: AssignmentRow,
  now = new Date(),
  closeAt: string = assignment.deadline,
): PublishedMarks | null {
  const stored = publishedMarksOf(s);
  return stored && studentView(stored, keyPointsShownOf(assignment, now, closeAt));
}

/**
 * Whether the answer's pages still have the comments published: comments are only added and
 * removed, so the same number with the same newest one are the same comments.
 */
export function samePageComments(
  s: { page_comments?: number | string | bigint | null; page_comment_latest?: string | null },
  shown: StoredPublication,
): boolean {
  if (s.page_comments === undefined) return true;
  const published = shown.comments ?? [];
  const newest = published.reduce<string | null>(
    (latest, c) => (latest === null || c.createdAt > latest ? c.createdAt : latest),
    null,
  );
  return (
    Number(s.page_comments ?? 0) === published.length && (s.page_comment_latest ?? null) === newest
  );
}
