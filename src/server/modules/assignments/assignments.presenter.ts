import {
  assignmentDetail,
  assignmentSummary,
  type AssignmentCard,
  type AssignmentDetail,
  type AssignmentSummary,
  type StudentWorkStatus,
} from '../../../shared/assignments';
import { ownDeadline, type LatePolicy } from '../../../shared/late-penalty';
import type {
  AssignmentRow,
  OwnCardRow,
  JoinedCardRow,
  TeacherCardRow,
} from './assignments.repository';

/** Whether the deadline (ISO-8601 UTC) has passed. */
export const isPast = (deadline: string, now = new Date()) => Date.parse(deadline) < now.getTime();

/** The assignment's late policy as stored (late_* columns). */
export function latePolicyOf(
  a: Pick<
    AssignmentRow,
    'late_accepted' | 'late_until' | 'late_penalty_kind' | 'late_penalty_percent'
  >,
): LatePolicy {
  const acceptLate = Number(a.late_accepted) === 1 && a.late_until !== null;
  return {
    acceptLate,
    lateUntil: acceptLate ? a.late_until : null,
    penaltyKind: a.late_penalty_kind,
    penaltyPercent: Number(a.late_penalty_percent),
  };
}

/**
 * Whether a student may hand in at `now` as far as time goes: before her own deadline (`due`:
 * the assignment's, or her extension), or after it while late work is accepted and the late
 * cut-off has not passed.
 */
export function handInOpen(a: Parameters<typeof latePolicyOf>[0], due: string, now = new Date()) {
  if (!isPast(due, now)) return true;
  const policy = latePolicyOf(a);
  return policy.acceptLate && now.getTime() < Date.parse(policy.lateUntil!);
}

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
  a: OwnCardRow | JoinedCardRow,
  teacherName: string,
  now = new Date(),
  workStatus?: StudentWorkStatus,
): AssignmentCard {
  const due = ownDeadline(a.deadline, 'extended_deadline' in a ? a.extended_deadline : null);
  const card: AssignmentCard = {
    code: a.code,
    title: a.title,
    description: a.description,
    deadline: a.deadline,
    teacherName,
    isPastDeadline: isPast(due, now),
  };
  if (due !== a.deadline) card.extendedDeadline = due;
  if (workStatus) card.workStatus = workStatus;
  return card;
}

/** A teacher's card, with what waits for them on it. */
export function toTeacherCard(a: TeacherCardRow, teacherName: string, now = new Date()) {
  return {
    ...toCard(a, teacherName, now),
    toReview: Number(a.to_review),
    openRegrades: Number(a.open_regrades),
  } satisfies AssignmentCard;
}

/** The detail page's data; `extras` holds the owner's counters or the student's own state. */
export function toDetail(
  a: AssignmentRow,
  extras:
    | { viewer: 'owner'; submittedCount: number; pendingCount: number; canEdit: boolean }
    | {
        viewer: 'student';
        hasSubmitted: boolean;
        /** Her marks are published (she may read them). */
        marksPublished: boolean;
        submittedAt: string | null;
        submission: { id: string; fileName: string } | null;
        /** Her extension, when she has one. */
        extendedDeadline: string | null;
        /** Her hand-in's lateness in words, when it was late. */
        lateBy: string | null;
        canHandIn: boolean;
      },
  now = new Date(),
): AssignmentDetail {
  return assignmentDetail.parse({
    code: a.code,
    title: a.title,
    description: a.description,
    teacherName: a.teacher_name,
    deadline: a.deadline,
    deadlineTimeZone: a.deadline_time_zone,
    totalMarks: a.total_marks,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
    hasQuestionPaper: a.question_file_id !== null,
    hasModelAnswer: a.model_answer_file_id !== null,
    hasDiagram: a.diagram_file_id !== null,
    // The keywords steer grading; students would only learn what to stuff their answers with.
    diagramKeywords: extras.viewer === 'owner' ? keywordsFromColumn(a.diagram_keywords) : [],
    latePolicy: latePolicyOf(a),
    class: a.class_id
      ? { id: a.class_id, name: a.class_name ?? '', archived: Boolean(a.class_archived_at) }
      : null,
    ...extras,
    // A student's "past" is about her own deadline (an extension moves it).
    isPastDeadline: isPast(
      extras.viewer === 'student' ? ownDeadline(a.deadline, extras.extendedDeadline) : a.deadline,
      now,
    ),
  });
}

/**
 * The assignment block at the top of the grades table, with the stored publishing settings the
 * teacher's form loads (every setting of that form must be read back here, or a reload shows
 * it unset).
 */
export function toSummary(
  a: AssignmentRow,
  now = new Date(),
  extendedDeadline: string | null = null,
): AssignmentSummary {
  const summary: AssignmentSummary = {
    code: a.code,
    title: a.title,
    description: a.description,
    teacherName: a.teacher_name,
    deadline: a.deadline,
    deadlineTimeZone: a.deadline_time_zone,
    totalMarks: a.total_marks,
    isPastDeadline: isPast(ownDeadline(a.deadline, extendedDeadline), now),
    autoPublish: Number(a.auto_publish) === 1,
    regradeDeadline: a.regrade_deadline,
    modelAnswerVisibility: a.model_answer_visibility,
    anonymousMarking: Number(a.anonymous_marking) === 1,
    latePolicy: latePolicyOf(a),
    extendedDeadline:
      extendedDeadline && ownDeadline(a.deadline, extendedDeadline) === extendedDeadline
        ? extendedDeadline
        : null,
  };
  return assignmentSummary.parse(summary);
}
