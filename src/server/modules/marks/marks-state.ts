import { diagramFeedback, keyPointName, questionFeedback } from '../../../grading/explain';
import type { PointEvidence } from '../../../grading/types';
import { aiResult, FULL_MARKS_PREFIX, type AiResult } from '../../../shared/evaluations';
import type { MathsFinding } from '../../../shared/maths';
import type { PageComment } from '../../../shared/page-marks';
import type { PublishedMarks } from '../../../shared/review';
import type { StoredQuestion } from '../assignments/questions.service';
import { round2 } from '../../../shared/marks-rounding';

/** The teacher's marks and comment on one question of one answer. */
export interface QuestionMarkRow {
  question: string;
  marks: number | null;
  items: string | null;
  comment: string | null;
  /** The teacher's words in place of the engine's feedback, and whether they hid it. */
  feedback?: string | null;
  feedback_hidden?: number | null;
}

/** One question of an answer as it stands: the teacher's marks where given, else the AI's. */
export interface QuestionState {
  number: string;
  total: number;
  marks: number | null;
  source: 'ai' | 'teacher' | null;
  aiMarks: number | null;
  items: string[] | null;
  comment: string | null;
  matched: string[];
  missing: string[];
  feedback: string | null;
  feedbackHidden: boolean;
}

/** The whole answer as it stands, and what the student would see if it were published now. */
export interface MarksState {
  questions: QuestionState[];
  total: number | null;
  source: 'ai' | 'teacher' | null;
}

/** The engine's result of a submission, or null (none yet, or stored in an older shape). */
export function parseAi(json: string | null): AiResult | null {
  if (!json) return null;
  const parsed = aiResult.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/**
 * Each question's marks: the teacher's where given, else the AI's proposal; the total is their
 * sum, and it comes from the teacher as soon as one question does. Questions come from the
 * papers, or failing that from the AI's result.
 */
export function marksState(
  questions: StoredQuestion[],
  ai: AiResult | null,
  rows: QuestionMarkRow[],
): MarksState {
  const graded = ai?.status === 'graded' ? ai : null;
  const list = questions.length
    ? questions
    : (graded?.questions ?? []).map((q) => ({ number: q.number, total: q.total }));
  const byNumber = new Map(rows.map((r) => [r.question, r]));
  const states: QuestionState[] = list.map((q) => {
    const fromAi = graded?.questions.find((a) => a.number === q.number);
    const row = byNumber.get(q.number);
    const teacher = row?.marks ?? null;
    const aiMarks = fromAi ? fromAi.marks : null;
    return {
      number: q.number,
      total: q.total,
      marks: teacher ?? aiMarks,
      source: teacher !== null ? 'teacher' : aiMarks !== null ? 'ai' : null,
      aiMarks,
      items: row?.items ? (JSON.parse(row.items) as string[]) : null,
      comment: row?.comment ?? null,
      matched: fromAi?.matched ?? [],
      missing: fromAi?.missing ?? [],
      feedback: row?.feedback ?? null,
      feedbackHidden: Number(row?.feedback_hidden ?? 0) === 1,
    };
  });
  const given = states.filter((q) => q.marks !== null);
  return {
    questions: states,
    total: given.length ? round2(given.reduce((sum, q) => sum + q.marks!, 0)) : null,
    source: states.some((q) => q.source === 'teacher') ? 'teacher' : given.length ? 'ai' : null,
  };
}

/**
 * A publication as stored: what the student reads with the key points quoted whole, and beside
 * each text of the engine's the same text naming the key points by their first words, which is
 * what the student reads while the model answer stays private (marks.policy.ts picks one).
 */
export type StoredPublication = Omit<PublishedMarks, 'questions'> & {
  namedFeedback?: string | null;
  /**
   * What marks on the page draw for the student (page-marks.service.ts): each question's answer
   * as read, to find where it begins, and the sentences stating the key points it credits. Never
   * sent as is (studentView builds what the student reads), and not compared by
   * samePublication: a re-run that only finds the same points in other words changes nothing
   * the student reads. Absent in publications made before it.
   */
  onPage?: Array<{ number: string; answerText?: string; evidence: PointEvidence[] }>;
  /**
   * The teacher's comments on the answer's pages as published: the student sees these, not the
   * comments added or removed since. Absent in publications made before it.
   */
  comments?: PageComment[];
  questions: Array<
    Omit<PublishedMarks['questions'][number], 'maths'> & {
      namedFeedback?: string | null;
      /** Absent when the question has no mathematical findings (and in older publications). */
      maths?: MathsFinding[];
    }
  >;
};

type Graded = Extract<AiResult, { status: 'graded' }>;

/**
 * Whether the engine's reading of a question (its key points covered and missing, its evidence
 * on the page) stands beside the marks that stand: only where they are the engine's marks, and
 * never when the teacher typed a total over everything (`handTotal`).
 */
export function readingStands(
  handTotal: boolean,
  q: Pick<QuestionState, 'marks'>,
  aiMarks: number | undefined,
): boolean {
  return !handTotal && q.marks === (aiMarks ?? NaN);
}

/** How the student's feedback on the whole answer starts when the marks that stand are full. */
const FULL_MARKS = FULL_MARKS_PREFIX.trim();

/**
 * What a student sees once published: marks, reasons and comments, never review flags. The
 * reasons follow the marks that stand: a question's key points covered and missing and the
 * engine's feedback on it are kept only where its marks are the engine's, never beside marks the
 * teacher set otherwise (nor when the teacher typed a total over everything: then no question
 * has marks of its own). The teacher's own words on a question replace the engine's; a hidden
 * question has none.
 */
export function toPublished(
  state: { marks: number | null; handTotal: boolean; questions: QuestionState[] },
  ai: Graded | null,
  opts: { total: number; comment: string | null; at: string },
): StoredPublication {
  const aiOf = (q: QuestionState) => ai?.questions.find((a) => a.number === q.number);
  // The engine's reading of a question stands beside its marks only when they are the engine's.
  const stands = (q: QuestionState) => readingStands(state.handTotal, q, aiOf(q)?.marks);
  const full = state.marks !== null && state.marks >= opts.total;
  const diagram = state.questions.every(stands)
    ? diagramFeedback(ai?.questions[0]?.keywordsMissing ?? [])
    : null;
  const overall = (parts: Array<string | null>) => parts.filter(Boolean).join(' ') || null;
  return {
    marks: state.marks,
    total: opts.total,
    publishedAt: opts.at,
    feedback: overall([full ? FULL_MARKS : null, diagram]),
    namedFeedback: overall([full ? FULL_MARKS : null]),
    comment: opts.comment,
    keyPoints: 'quoted',
    ...(ai
      ? {
          onPage: state.questions.flatMap((q) => {
            const read = aiOf(q);
            if (!read) return [];
            const credited =
              stands(q) && !q.feedbackHidden ? new Set(q.matched) : new Set<string>();
            const evidence = (read.evidence ?? []).filter(
              (e) => e.kind === 'stated' && credited.has(e.point),
            );
            return [{ number: q.number, answerText: read.answerText, evidence }];
          }),
        }
      : {}),
    questions: state.questions.map((q) => {
      const reading = stands(q) && !q.feedbackHidden ? aiOf(q) : undefined;
      const own = q.feedbackHidden ? null : q.feedback;
      return {
        number: q.number,
        marks: state.handTotal ? null : q.marks,
        total: q.total,
        matched: reading ? q.matched : [],
        missing: reading ? q.missing : [],
        comment: q.comment,
        feedback: own ?? (reading ? questionFeedback(reading) : null),
        namedFeedback: own ?? (reading ? questionFeedback(reading, keyPointName) : null),
        // Only when there are any: a publication without them reads as before.
        ...(reading?.maths?.length ? { maths: reading.maths } : {}),
      };
    }),
  };
}

/** A published snapshot, parsed (null: never published). */
export const parsePublished = (json: string | null) =>
  json ? (JSON.parse(json) as StoredPublication) : null;

/**
 * Whether the marks themselves moved between two publications (the total or any question's),
 * as against only the reasons, comments or feedback: a student told "your marks changed" must
 * find a different number.
 */
export function marksMoved(a: StoredPublication, b: StoredPublication): boolean {
  if (a.marks !== b.marks || a.total !== b.total) return true;
  const byNumber = new Map(a.questions.map((q) => [q.number, q.marks]));
  return (
    a.questions.length !== b.questions.length ||
    b.questions.some((q) => !byNumber.has(q.number) || byNumber.get(q.number) !== q.marks)
  );
}

/** Whether two publications differ in anything a student reads (the time aside). */
export function samePublication(a: StoredPublication | null, b: StoredPublication): boolean {
  if (!a) return false;
  const read = (p: StoredPublication) =>
    JSON.stringify({ ...p, publishedAt: '', onPage: null, comments: undefined });
  // A comment's author renaming her account is no change to publish.
  const comments = (p: StoredPublication) =>
    JSON.stringify((p.comments ?? []).map((c) => ({ ...c, authorName: null })));
  return read(a) === read(b) && comments(a) === comments(b);
}
