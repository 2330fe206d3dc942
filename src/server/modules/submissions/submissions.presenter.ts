import { submissionRow, type SubmissionRow } from '../../../shared/assignments';
import type { AssignmentRow } from '../assignments/assignments.service';
import { lateMarkOf } from '../assignments/late-work.service';
import { publishedMarksOf, type MarksView, type StoredPublication } from '../marks/marks.policy';
import type { SubmissionWithName } from './submissions.repository';

/**
 * A grades-table row as `view` allows (marks.policy.ts decides which view a user gets): the
 * working marks with the AI's proposal, or only what was published. A late answer's row says how
 * late and its marks after the late penalty (`late`), beside the raw marks.
 */
export function toSubmissionRow(
  s: SubmissionWithName,
  view: MarksView,
  assignment: AssignmentRow,
): SubmissionRow {
  const shown = publishedMarksOf(s);
  const current = s.marks === null ? null : Number(s.marks);
  if (view === 'published') {
    // The marks as published, and nothing of the AI's proposal.
    return submissionRow.parse({
      id: s.id,
      studentName: s.student_name,
      submittedAt: s.submitted_at,
      marks: shown ? shown.marks : null,
      late: lateMarkOf(assignment, s.late_seconds, shown ? shown.marks : null),
      marksSource: null,
      needsReview: false,
      aiMarks: null,
      aiStatus: null,
      publishedMarks: shown ? shown.marks : null,
      published: shown !== null,
      changedSincePublished: false,
      confidence: null,
    });
  }
  return submissionRow.parse({
    id: s.id,
    studentName: s.student_name,
    submittedAt: s.submitted_at,
    marks: current,
    late: lateMarkOf(assignment, s.late_seconds, current),
    marksSource: s.marks_source,
    needsReview: Number(s.needs_review) === 1,
    aiMarks: s.ai_marks === null ? null : Number(s.ai_marks),
    aiStatus: s.ai_status,
    publishedMarks: shown ? shown.marks : null,
    published: shown !== null,
    changedSincePublished:
      shown !== null && (shown.marks !== current || !samePageComments(s, shown)),
    confidence: confidenceOf(s.ai_result),
  });
}

/**
 * Whether the answer's pages still have the comments published: comments are only added and
 * removed, so the same number with the same newest one are the same comments.
 */
function samePageComments(s: SubmissionWithName, shown: StoredPublication): boolean {
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

/** How sure the engine was of a graded answer, from its stored result. */
function confidenceOf(aiResult: string | null): number | null {
  if (!aiResult) return null;
  try {
    const { confidence } = JSON.parse(aiResult) as { confidence?: unknown };
    return typeof confidence === 'number' ? confidence : null;
  } catch {
    return null;
  }
}
