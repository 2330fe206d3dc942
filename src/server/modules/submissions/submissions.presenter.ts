import { submissionRow, type SubmissionRow } from '../../../shared/assignments';
import type { AssignmentRow } from '../assignments/assignments.service';
import { lateMarkOf } from '../assignments/late-work.service';
import { publishedMarksOf, samePageComments, type MarksView } from '../marks/marks.policy';
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
  /** The rows whose publication differs from what publishing now would show (publishedChanges). */
  changed?: Set<string>,
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
    changedSincePublished: changed
      ? changed.has(s.id)
      : shown !== null && (shown.marks !== current || !samePageComments(s, shown)),
    confidence: confidenceOf(s.ai_result),
  });
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
