import {
  assignmentDetail,
  assignmentSummary,
  submissionRow,
  type AssignmentCard,
  type AssignmentDetail,
  type AssignmentSummary,
  type StudentWorkStatus,
  type SubmissionRow,
} from '../../../shared/assignments';
import type { AssignmentRow, OwnCardRow, JoinedCardRow } from './assignments.repository';
import type { SubmissionWithName } from './submissions.repository';

/** Whether the deadline (ISO-8601 UTC) has passed. */
export const isPast = (deadline: string, now = new Date()) => Date.parse(deadline) < now.getTime();

/** Diagram keywords are stored as one comma-separated text column. */
export const keywordsToColumn = (keywords: string[]) => keywords.join(', ');
const keywordsFromColumn = (column: string) =>
  column
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

/** Where the student's work stands: published marks only once the teacher has published them. */
export function workStatusOf(row: JoinedCardRow): StudentWorkStatus {
  if (row.submission_id === null) return 'not-handed-in';
  return row.published_at === null ? 'handed-in' : 'published';
}

/**
 * A dashboard card; a student's card also says where their work stands. Built as the schema's
 * type without parsing it: the routes parse the whole list once.
 */
export function toCard(
  a: OwnCardRow,
  teacherName: string,
  now = new Date(),
  workStatus?: StudentWorkStatus,
): AssignmentCard {
  const card: AssignmentCard = {
    code: a.code,
    title: a.title,
    description: a.description,
    deadline: a.deadline,
    teacherName,
    isPastDeadline: isPast(a.deadline, now),
  };
  if (workStatus) card.workStatus = workStatus;
  return card;
}

/** The detail page's data; `extras` holds the owner's counters or the student's own state. */
export function toDetail(
  a: AssignmentRow,
  extras:
    | { viewer: 'owner'; submittedCount: number; pendingCount: number }
    | { viewer: 'student'; hasSubmitted: boolean; submittedAt: string | null },
  now = new Date(),
): AssignmentDetail {
  return assignmentDetail.parse({
    code: a.code,
    title: a.title,
    description: a.description,
    teacherName: a.teacher_name,
    deadline: a.deadline,
    totalMarks: a.total_marks,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
    hasQuestionPaper: a.question_file_id !== null,
    hasModelAnswer: a.model_answer_file_id !== null,
    hasDiagram: a.diagram_file_id !== null,
    // The keywords steer grading; students would only learn what to stuff their answers with.
    diagramKeywords: extras.viewer === 'owner' ? keywordsFromColumn(a.diagram_keywords) : [],
    isPastDeadline: isPast(a.deadline, now),
    ...extras,
  });
}

/** The assignment block at the top of the grades table. */
export function toSummary(a: AssignmentRow, now = new Date()): AssignmentSummary {
  return assignmentSummary.parse({
    code: a.code,
    title: a.title,
    description: a.description,
    teacherName: a.teacher_name,
    deadline: a.deadline,
    totalMarks: a.total_marks,
    isPastDeadline: isPast(a.deadline, now),
  });
}

/** A grades-table row; with `hideMarks` (a student before the deadline) marks stay null. */
export function toSubmissionRow(
  s: SubmissionWithName,
  opts: { forStudent?: boolean; hideMarks?: boolean } = {},
): SubmissionRow {
  const hide = opts.hideMarks === true;
  const shown = s.published ? (JSON.parse(s.published) as { marks: number | null }) : null;
  const current = s.marks === null ? null : Number(s.marks);
  if (opts.forStudent) {
    // A student sees only what was published: the marks and nothing of the AI's proposal.
    return submissionRow.parse({
      id: s.id,
      studentName: s.student_name,
      submittedAt: s.submitted_at,
      marks: hide || !shown ? null : shown.marks,
      marksSource: null,
      needsReview: false,
      aiMarks: null,
      aiStatus: null,
      publishedMarks: hide || !shown ? null : shown.marks,
      published: !hide && shown !== null,
      changedSincePublished: false,
    });
  }
  return submissionRow.parse({
    id: s.id,
    studentName: s.student_name,
    submittedAt: s.submitted_at,
    marks: hide ? null : current,
    marksSource: hide ? null : s.marks_source,
    needsReview: Number(s.needs_review) === 1,
    aiMarks: hide || s.ai_marks === null ? null : Number(s.ai_marks),
    aiStatus: hide ? null : s.ai_status,
    publishedMarks: shown ? shown.marks : null,
    published: shown !== null,
    changedSincePublished: shown !== null && shown.marks !== current,
  });
}
