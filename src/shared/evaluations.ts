import { z } from 'zod';
import { mathsFinding, readingCorrection, type MathsFinding } from './maths';
import { lateMark } from './late-penalty';
import { publishedMarks } from './review';
import { round2 } from './marks-rounding';

/**
 * The grading-runs API contract ("Evaluate Now"): a run's progress, the engine's explanation of a
 * submission's marks, and the class statistics. Shared by the server and the web app.
 */

/** Every reason the grading engine gives for asking a teacher to review an answer. */
export const REVIEW_REASONS = [
  'poor-ocr',
  'hard-to-read',
  'answer-not-numbered',
  'unlike-other-answers',
  'no-answer',
  'repeats-question',
  'off-topic',
  'no-key-point',
  'answers-other-question',
  'keyword-list',
  'repeated-text',
  'contradicts-model',
  'model-words-reordered',
  'moved-by-calibration',
  'maths-unreadable',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** How the engine's feedback starts when it gave full marks (left out once a teacher sets others). */
export const FULL_MARKS_PREFIX = 'Well done: full marks. ';

/**
 * A run's life: queued → running → finished (or failed, or cancelled when its assignment goes or
 * the teacher stops it). A run that would change marks the teacher has not reviewed waits in
 * awaiting-confirmation with its proposed changes until she applies (→ queued) or discards them.
 */
export const evaluationStatuses = [
  'queued',
  'running',
  'awaiting-confirmation',
  'finished',
  'failed',
  'cancelled',
] as const;
export const evaluationStatus = z.enum(evaluationStatuses);
export type EvaluationStatus = z.infer<typeof evaluationStatus>;

/** One unreviewed mark a run would change: the answer, its marks now and after, and why. */
export const runChange = z.object({
  submissionId: z.string(),
  studentName: z.string(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  /** One line per question that moves ("Calibrated on your marks for question 3: …"). */
  reasons: z.array(z.string()),
});
export type RunChange = z.infer<typeof runChange>;

/** Progress of one run: answers read, graded (done) and unreadable (failed) out of total. */
export const evaluationRun = z.object({
  id: z.string(),
  status: evaluationStatus,
  total: z.number(),
  read: z.number(),
  done: z.number(),
  failed: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Submissions the run suggests the teacher mark first: their marks teach the engine most. */
  suggested: z.array(z.string()).default([]),
  /** While awaiting confirmation: the unreviewed marks it would change (else empty). */
  changes: z.array(runChange).default([]),
  /** When the teacher undid the run; null while it stands. */
  undoneAt: z.string().nullable().default(null),
  /** Whether the teacher can undo it now (the newest run, finished, not undone, wrote marks). */
  canUndo: z.boolean().default(false),
  /** The one answer the run regrades after the teacher corrected its reading; null: the class. */
  submissionId: z.string().nullable().default(null),
});
export type EvaluationRun = z.infer<typeof evaluationRun>;

/** GET .../evaluations/latest: the newest run, or null when the assignment was never evaluated. */
export const latestEvaluationResponse = z.object({ run: evaluationRun.nullable() });
export type LatestEvaluationResponse = z.infer<typeof latestEvaluationResponse>;

/** The statuses of a run still working: queued or running. */
export const ACTIVE_STATUSES = ['queued', 'running'] as const satisfies readonly EvaluationStatus[];

/** Whether a run is still working (the page keeps polling while it is). */
export const isActiveRun = (run: { status: EvaluationStatus } | null | undefined): boolean =>
  !!run && (ACTIVE_STATUSES as readonly EvaluationStatus[]).includes(run.status);

/** What the engine found for one mathematical key point (see src/grading/maths/types.ts). */
export { mathsFinding };
export type MathsFindingView = MathsFinding;

/** The marks and reasons for one question of an answer. */
export const questionBreakdown = z.object({
  number: z.string(),
  marks: z.number(),
  total: z.number(),
  matched: z.array(z.string()),
  missing: z.array(z.string()),
  /** Key points the answer states the opposite of (absent before v0.3). */
  contradicted: z.array(z.string()).optional(),
  keywordsFound: z.array(z.string()).optional(),
  keywordsMissing: z.array(z.string()).optional(),
  /** Why this question's marks are what they are, when a rule decided them (absent before v0.2). */
  note: z.string().optional(),
  /** The review reasons that concern this question (absent before v0.2). */
  reasons: z.array(z.string()).optional(),
  /**
   * When the teacher's marks on other answers moved this question's marks: the marks of the
   * engine's own reading and the reason, for the teacher ("Calibrated on your marks for question 3: …").
   */
  calibration: z.object({ engineMarks: z.number(), note: z.string() }).optional(),
  /**
   * The student's answer to this question as the engine read it (spelling corrected), for the
   * teacher's "Accept answers like this" (absent before v0.4). Never part of what students see.
   */
  answerText: z.string().optional(),
  /**
   * Per mathematical key point (a quantity, an equation, a step of working): what the engine read
   * and how it stands (absent before v0.5, and for questions of words).
   */
  maths: z.array(mathsFinding).optional(),
  /**
   * Where the answer states or contradicts a key point: the point as the lists name it and the
   * sentence as read, for marks drawn on the page (absent before v0.6).
   */
  evidence: z
    .array(
      z.object({
        point: z.string(),
        kind: z.enum(['stated', 'contradicted']),
        quote: z.string(),
      }),
    )
    .optional(),
});
export type QuestionBreakdown = z.infer<typeof questionBreakdown>;

/** One question of an answer as it stands for the teacher. */
export const questionState = z.object({
  number: z.string(),
  total: z.number(),
  marks: z.number().nullable(),
  source: z.enum(['ai', 'teacher']).nullable(),
  aiMarks: z.number().nullable(),
  items: z.array(z.string()).nullable(),
  comment: z.string().nullable(),
  matched: z.array(z.string()),
  missing: z.array(z.string()),
  /** The teacher's words in place of the engine's feedback on this question (null: the engine's). */
  feedback: z.string().nullable().default(null),
  /** The teacher hid the engine's feedback on this question. */
  feedbackHidden: z.boolean().default(false),
});
export type QuestionState = z.infer<typeof questionState>;

/** The owner's review of a submission: marks per question, comment, and what students see. */
export const submissionReview = z.object({
  questions: z.array(questionState),
  comment: z.string().nullable(),
  /** True when what students see differs from the marks as they stand (a re-run, an edit). */
  changedSincePublished: z.boolean(),
  /** Exactly what the student would read if these marks were published now (null: no marks yet). */
  preview: publishedMarks.nullable().default(null),
  /** The teacher's corrections of what the engine read, by question. */
  readings: z.array(readingCorrection).default([]),
  /**
   * Whether the answer was read from scanned or photographed pages (OCR), so that its reading may
   * hold misread words; a typed answer's text is read exactly.
   */
  scanned: z.boolean().default(false),
});
export type SubmissionReview = z.infer<typeof submissionReview>;

/** What the engine said about one submission. */
export const aiResult = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('graded'),
    marks: z.number(),
    total: z.number(),
    confidence: z.number(),
    needsReview: z.boolean(),
    reviewReasons: z.array(z.string()),
    questions: z.array(questionBreakdown),
    feedback: z.string(),
  }),
  z.object({ status: z.literal('unreadable'), reason: z.string(), total: z.number() }),
]);
export type AiResult = z.infer<typeof aiResult>;

/**
 * GET /api/assignments/:code/submissions/:id: one submission with the engine's explanation.
 * The owner always sees it; the student who made it sees marks and explanation only after the
 * deadline (before it, `marks`, `aiMarks` and `ai` are null). Review reasons are for the teacher.
 */
export const submissionDetail = z.object({
  id: z.string(),
  studentName: z.string(),
  submittedAt: z.string(),
  marks: z.number().nullable(),
  marksSource: z.enum(['ai', 'teacher']).nullable(),
  aiMarks: z.number().nullable(),
  needsReview: z.boolean(),
  gradedAt: z.string().nullable(),
  totalMarks: z.number(),
  marksVisible: z.boolean(),
  ai: aiResult.nullable(),
  /** What the student sees, as of the last publication (null: not published). */
  published: publishedMarks.nullable().default(null),
  /** The owner's view of the marks as they stand, per question (null for students). */
  review: submissionReview.nullable().default(null),
  /** Handed in late: how late, and `marks` (as shown here) after the late penalty; null when on time. */
  late: lateMark.nullable().default(null),
});
export type SubmissionDetail = z.infer<typeof submissionDetail>;

/** Class statistics for the teacher: average, median, highest and a histogram of marks. */
export const gradeStats = z.object({
  count: z.number(),
  average: z.number().nullable(),
  median: z.number().nullable(),
  highest: z.number().nullable(),
  /** Buckets of equal width over 0..totalMarks; the last includes totalMarks. */
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
});
export type GradeStats = z.infer<typeof gradeStats>;

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/London", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * GET …/grades.csv query: the time zone (IANA name) the times are written in, the teacher's
 * browser's own; UTC when absent.
 */
export const gradesCsvQuery = z.object({
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'Unknown time zone; give an IANA name such as Europe/London.' })
    .optional(),
});
export type GradesCsvQuery = z.infer<typeof gradesCsvQuery>;

/** Where the teacher downloads the grades as CSV, with times in `timeZone` (the browser's). */
export const gradesCsvUrl = (code: string, timeZone?: string) =>
  `/api/assignments/${encodeURIComponent(code)}/grades.csv` +
  (timeZone ? `?timeZone=${encodeURIComponent(timeZone)}` : '');

/** Statistics of the marks that exist (nulls are ignored), with `buckets` equal histogram bins. */
export function computeGradeStats(
  marks: Array<number | null>,
  totalMarks: number,
  buckets = 10,
): GradeStats {
  const values = marks.filter((m): m is number => m !== null).sort((a, b) => a - b);
  const width = totalMarks > 0 ? totalMarks / buckets : 1;
  const histogram = Array.from({ length: totalMarks > 0 ? buckets : 1 }, (_, i) => ({
    from: round2(i * width),
    to: round2(totalMarks > 0 ? (i + 1) * width : 0),
    count: 0,
  }));
  for (const v of values) {
    // the epsilon keeps a mark on a bucket's lower edge in that bucket (0.6 / 0.2 < 3 in floats)
    const i = totalMarks > 0 ? Math.min(histogram.length - 1, Math.floor(v / width + 1e-9)) : 0;
    histogram[i]!.count++;
  }
  if (!values.length) return { count: 0, average: null, median: null, highest: null, histogram };
  const mid = values.length >> 1;
  const median = values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
  const average = values.reduce((a, b) => a + b, 0) / values.length;
  return {
    count: values.length,
    average: round2(average),
    median: round2(median),
    highest: values[values.length - 1]!,
    histogram,
  };
}
