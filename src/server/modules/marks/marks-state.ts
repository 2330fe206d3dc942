import { aiResult, type AiResult } from '../../../shared/evaluations';
import type { PublishedMarks } from '../../../shared/review';
import type { StoredQuestion } from '../assignments/questions.service';
import { round2 } from '../../../shared/marks-rounding';

/** The teacher's marks and comment on one question of one answer. */
export interface QuestionMarkRow {
  question: string;
  marks: number | null;
  items: string | null;
  comment: string | null;
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
    };
  });
  const given = states.filter((q) => q.marks !== null);
  return {
    questions: states,
    total: given.length ? round2(given.reduce((sum, q) => sum + q.marks!, 0)) : null,
    source: states.some((q) => q.source === 'teacher') ? 'teacher' : given.length ? 'ai' : null,
  };
}

/** What a student sees once published: marks, reasons and comments, never review flags. */
export function toPublished(
  state: { marks: number | null; questions: QuestionState[] },
  opts: { total: number; feedback: string | null; comment: string | null; at: string },
): PublishedMarks {
  return {
    marks: state.marks,
    total: opts.total,
    publishedAt: opts.at,
    feedback: opts.feedback,
    comment: opts.comment,
    questions: state.questions.map((q) => ({
      number: q.number,
      marks: q.marks,
      total: q.total,
      matched: q.matched,
      missing: q.missing,
      comment: q.comment,
    })),
  };
}

/** A published snapshot, parsed (null: never published). */
export const parsePublished = (json: string | null) =>
  json ? (JSON.parse(json) as PublishedMarks) : null;

/** Whether two publications differ in anything a student reads (the time aside). */
export function samePublication(a: PublishedMarks | null, b: PublishedMarks): boolean {
  if (!a) return false;
  return JSON.stringify({ ...a, publishedAt: '' }) === JSON.stringify({ ...b, publishedAt: '' });
}
