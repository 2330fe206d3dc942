import { z } from 'zod';
import { lateMark, latePolicy } from './late-penalty';
import { modelAnswerVisibility } from './review';

/**
 * The assignments API contract, response side (DESIGN.md "HTTP API"): the shapes the server
 * presents and the web app reads. The request bodies are in ./assignments, which re-exports these.
 */

/**
 * Where a student's work on an assignment stands, as their dashboard card says it. Marks stay
 * hidden until the teacher publishes them, so "published" is the only state that follows handing
 * in: whether the AI or the teacher has marked it is never told before.
 */
export const studentWorkStatus = z.enum(['not-handed-in', 'handed-in', 'published']);
export type StudentWorkStatus = z.infer<typeof studentWorkStatus>;

/** One dashboard card (GET /api/assignments). */
export const assignmentCard = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  /** ISO-8601 UTC instant. */
  deadline: z.string(),
  teacherName: z.string(),
  /** For a student: whether her own deadline (see extendedDeadline) has passed. */
  isPastDeadline: z.boolean(),
  /** Student's list only: her own later deadline (an extension), ISO-8601 UTC. */
  extendedDeadline: z.string().optional(),
  /** Student's list only: hand-ins after her deadline are still taken (late work), until this instant. */
  lateUntil: z.string().optional(),
  /** Student's list only: their own work on it. */
  workStatus: studentWorkStatus.optional(),
  /** Teacher's list only: answers handed in that are neither marked by the teacher nor published. */
  toReview: z.number().int().nonnegative().optional(),
  /** Teacher's list only: regrade requests not answered yet. */
  openRegrades: z.number().int().nonnegative().optional(),
});
export type AssignmentCard = z.infer<typeof assignmentCard>;

/** GET /api/assignments: upcoming first (soonest deadline first), then past ones (most recent first). */
export const assignmentListResponse = z.object({ assignments: z.array(assignmentCard) });
export type AssignmentListResponse = z.infer<typeof assignmentListResponse>;

/** GET /api/assignments/:code (also the reply of POST and PATCH). Extras depend on who asks. */
export const assignmentDetail = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  teacherName: z.string(),
  /** ISO-8601 UTC instant. */
  deadline: z.string(),
  /** The IANA time zone the teacher set the deadline in ('UTC' for deadlines set before zones). */
  deadlineTimeZone: z.string(),
  totalMarks: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  hasQuestionPaper: z.boolean(),
  hasModelAnswer: z.boolean(),
  hasDiagram: z.boolean(),
  /** Owner only (empty for students: the keywords steer grading). */
  diagramKeywords: z.array(z.string()),
  isPastDeadline: z.boolean(),
  /** 'owner' for the teacher who made it, 'student' for a joined student. */
  viewer: z.enum(['owner', 'student']),
  /** Owner only: submissions received ("Assignments Filed"). */
  submittedCount: z.number().optional(),
  /** Owner only: joined students who have not submitted ("Assignments Due"). */
  pendingCount: z.number().optional(),
  /** Student only. */
  hasSubmitted: z.boolean().optional(),
  /** Student only: her marks are published, so she may read them. */
  marksPublished: z.boolean().optional(),
  submittedAt: z.string().nullable().optional(),
  /** Student only: their own hand-in (to open what they handed in), or null before handing in. */
  submission: z.object({ id: z.string(), fileName: z.string() }).nullable().optional(),
  /** Student only: her own later deadline (an extension), or null. `isPastDeadline` is about it. */
  extendedDeadline: z.string().nullable().optional(),
  /** Student only: how late her hand-in was, in words ("1 day 4 h"), or null when on time. */
  lateBy: z.string().nullable().optional(),
  /** Whether late hand-ins are taken, until when, and what they cost (everyone on it may read it). */
  latePolicy: latePolicy.optional(),
  /** Student only: whether she may hand in now (before her deadline, or late while that is accepted). */
  canHandIn: z.boolean().optional(),
  /** The class it belongs to (null: none); an archived class's work is read-only. */
  class: z
    .object({ id: z.string(), name: z.string(), archived: z.boolean() })
    .nullable()
    .optional(),
  /** Teachers: whether the user may edit and delete it (its owner) or only mark it (a co-teacher). */
  canEdit: z.boolean().optional(),
});
export type AssignmentDetail = z.infer<typeof assignmentDetail>;

/** POST /api/assignments/join reply; `alreadyJoined` is true when the student had joined before. */
export const joinAssignmentResponse = z.object({
  assignment: assignmentCard,
  alreadyJoined: z.boolean(),
});
export type JoinAssignmentResponse = z.infer<typeof joinAssignmentResponse>;

/** Where a submission's marks came from: the grading engine or the teacher's own hand. */
export const marksSource = z.enum(['ai', 'teacher']);
export type MarksSource = z.infer<typeof marksSource>;

/** One row of the grades table. `marks` null means "N/E" (or, for a student, not released yet). */
export const submissionRow = z.object({
  id: z.string(),
  studentName: z.string(),
  submittedAt: z.string(),
  marks: z.number().nullable(),
  marksSource: marksSource.nullable(),
  needsReview: z.boolean(),
  /** The grading engine's own proposal (kept when the teacher corrects); null until graded or while hidden. */
  aiMarks: z.number().nullable(),
  /** 'graded', 'unreadable' (the engine could not read the PDF), or null before any evaluation. */
  aiStatus: z.enum(['graded', 'unreadable']).nullable(),
  /** The marks the student sees (null: not published yet). */
  publishedMarks: z.number().nullable().default(null),
  /** Whether the student's marks have been published. */
  published: z.boolean().default(false),
  /** Owner only: the marks as they stand differ from the published ones (a re-run, an edit). */
  changedSincePublished: z.boolean().default(false),
  /** Owner only: how sure the engine is of its proposal (0..1); null until graded or unreadable. */
  confidence: z.number().nullable().default(null),
  /**
   * Handed in late: how late, and `marks` (as shown in this row) after the late penalty. Null
   * when on time. The raw `marks` stay what the answer earned.
   */
  late: lateMark.nullable().default(null),
});
export type SubmissionRow = z.infer<typeof submissionRow>;

/** The assignment details at the top of the grades table. */
export const assignmentSummary = assignmentDetail
  .pick({
    code: true,
    title: true,
    description: true,
    teacherName: true,
    deadline: true,
    deadlineTimeZone: true,
    totalMarks: true,
    isPastDeadline: true,
  })
  .extend({
    /** Marks are published automatically once the deadline has passed. */
    autoPublish: z.boolean(),
    /** Until when students may ask for a regrade (null: no end). */
    regradeDeadline: z.string().nullable(),
    /** When students see the model answer's key points quoted whole (see review.ts). */
    modelAnswerVisibility: modelAnswerVisibility,
    /** The owner marks with names hidden ("Student 17") until she publishes all marks. */
    anonymousMarking: z.boolean().default(false),
    /** Whether late hand-ins are taken, until when, and the penalty. */
    latePolicy: latePolicy,
    /** Student only: her own later deadline (an extension), or null. */
    extendedDeadline: z.string().nullable().default(null),
    /** Teachers: whether she owns it (edits its settings) or co-teaches it (marks and publishes). */
    canEdit: z.boolean().optional(),
  });
export type AssignmentSummary = z.infer<typeof assignmentSummary>;

/**
 * GET /api/assignments/:code/submissions. The owner gets every submission (by student name)
 * and the joined students who have not submitted; a student gets only their own row, whose
 * marks stay null until the deadline has passed (`marksVisible`).
 */
export const submissionsResponse = z.discriminatedUnion('viewer', [
  z.object({
    viewer: z.literal('owner'),
    assignment: assignmentSummary,
    submissions: z.array(submissionRow),
    notSubmitted: z.array(z.object({ studentName: z.string() })),
  }),
  z.object({
    viewer: z.literal('student'),
    assignment: assignmentSummary,
    submissions: z.array(submissionRow).max(1),
    marksVisible: z.boolean(),
  }),
]);
export type SubmissionsResponse = z.infer<typeof submissionsResponse>;
export type OwnerSubmissionsResponse = Extract<SubmissionsResponse, { viewer: 'owner' }>;
export type StudentSubmissionsResponse = Extract<SubmissionsResponse, { viewer: 'student' }>;

/** POST /api/assignments/:code/submission reply (201): the student's own row. */
export const submitResponse = submissionRow;
/** PUT .../submissions/:id/marks reply: the updated row. */
export const marksResponse = submissionRow;
