import { decodeReading } from '../../../grading';
import type { AiResult, SubmissionDetail } from '../../../shared/evaluations';
import type { CurrentUser } from '../../auth/current-user';
import type { AssignmentRow } from '../assignments/assignments.service';
import { questionsOrNone, type QuestionDeps } from '../assignments/questions.service';
import { handInsCloseAt, lateMarkOf } from '../assignments/late-work.service';
import { correctionsOf } from '../maths-review/readings.service';
import { findSubmissionIn, type SubmissionWithName } from '../submissions/submissions.service';
import { marksNow } from './marking.service';
import { parseAi, samePublication } from './marks-state';
import {
  keyPointsShownOf,
  marksViewOf,
  publishedMarksOf,
  studentMarksOf,
  studentView,
  type MarksView,
} from './marks.policy';
import { publicationOf } from './publishing.service';

/**
 * One submission of the assignment (404 when it is not the assignment's) with the engine's
 * explanation, as `user` may see its marks (marks.policy.ts). Whether `user` may see the
 * submission at all is asked before (submissions.policy.ts, or the owner-only routes).
 */
export async function submissionDetailOf(
  deps: QuestionDeps,
  user: CurrentUser,
  assignment: AssignmentRow,
  submissionId: string,
): Promise<SubmissionDetail> {
  const s = await findSubmissionIn(deps.db.kysely, assignment, submissionId);
  return submissionDetailFor(deps, s, assignment, marksViewOf(user, assignment));
}

/**
 * The detail in `view`. The working
 * view has everything: the marks as they stand per question, the AI's proposal and why it needs
 * review, and what the student sees. The published view (the student who made it) has only what
 * was published (nothing before), never the review reasons.
 */
async function submissionDetailFor(
  deps: QuestionDeps,
  s: SubmissionWithName,
  assignment: AssignmentRow,
  view: MarksView,
): Promise<SubmissionDetail> {
  const shown = publishedMarksOf(s);
  const base = {
    id: s.id,
    studentName: s.student_name,
    submittedAt: s.submitted_at,
    totalMarks: assignment.total_marks,
    // The teacher sees the publication whole, as the student would with the key points quoted.
    published: shown && studentView(shown, 'quoted'),
  };
  if (view === 'published') {
    const closeAt = await handInsCloseAt(deps.db.kysely, assignment);
    const mine = studentMarksOf(s, assignment, new Date(), closeAt);
    return {
      ...base,
      published: mine,
      marks: mine ? mine.marks : null,
      late: lateMarkOf(assignment, s.late_seconds, mine ? mine.marks : null),
      marksSource: null,
      aiMarks: null,
      needsReview: false,
      gradedAt: null,
      marksVisible: shown !== null,
      ai: null,
      review: null,
    };
  }
  const db = deps.db.kysely;
  const questions = await questionsOrNone(deps, assignment);
  const ai = parseAi(s.ai_result);
  const state = await marksNow(db, questions, s);
  const now = await publicationOf(db, questions, assignment, s);
  const closeAt = await handInsCloseAt(db, assignment);
  const marks = s.marks !== null ? Number(s.marks) : null;
  return {
    ...base,
    marks,
    late: lateMarkOf(assignment, s.late_seconds, marks),
    marksSource: s.marks_source,
    aiMarks: s.ai_marks !== null ? Number(s.ai_marks) : null,
    needsReview: Number(s.needs_review) === 1,
    gradedAt: s.graded_at,
    marksVisible: true,
    ai,
    review: {
      questions: state.questions,
      comment: s.comment,
      changedSincePublished: shown !== null && !samePublication(shown, now),
      preview:
        s.marks === null
          ? null
          : studentView(now, keyPointsShownOf(assignment, new Date(), closeAt)),
      readings: await correctionsOf(db, s.id),
      scanned: scannedReading(s.reading, ai),
    },
  };
}

/**
 * Whether the answer was read by OCR: its kept reading says so; without one (read by an earlier
 * reader), a review reason about the scan does.
 */
function scannedReading(reading: string | null, ai: AiResult | null): boolean {
  const doc = decodeReading(reading);
  if (doc) return doc.status === 'ok' && doc.ocrConfidence !== null;
  return (
    ai?.status === 'graded' &&
    ai.reviewReasons.some((r) => r === 'poor-ocr' || r === 'hard-to-read')
  );
}
