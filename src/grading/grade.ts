import { calibrate } from './calibrate';
import { diagramText, findKeywords } from './diagram';
import { feedback } from './explain';
import { questionEvidence } from './evidence';
import type { Features } from './features';
import { predictShare, roundMarks } from './model';
import { reviewOf } from './review';
import { splitAnswer } from './split-answer';
import { decide, settle } from './verdict';
import type {
  AnswerResult,
  ExtractedDocument,
  PreparedAssignment,
  PreparedQuestion,
  QuestionResult,
  ReviewReason,
  TeacherMark,
} from './types';

/** One answer of the batch: the caller's id and the extracted document. */
export type AnswerInput = { id: string; document: ExtractedDocument };

/** Options of gradeAnswers: the teacher's own marks for some answers of the batch. */
export type GradeOptions = { teacherMarks?: TeacherMark[] };

/** The engine's view of one question across the batch (every answer, empty ones included). */
type QuestionScores = {
  shares: number[];
  /** Features per answer; null for an empty answer. */
  features: (Features | null)[];
  /** Per answer, which of the question's key points it states (in key-point order). */
  hits: boolean[][];
  /** Per answer, why a teacher should look, and the rule's note on the marks. */
  reasons: ReviewReason[][];
  notes: (string | null)[];
};

/**
 * Scores one question: the fitted model's share, bounded by the rules (relevance, form, key
 * points), moved by the teacher's marks, and bounded again so calibration cannot undo a rule.
 */
function scoreQuestion(
  prepared: PreparedAssignment,
  texts: string[][],
  qi: number,
  teacherShares: (number | undefined)[],
): QuestionScores {
  const n = texts[qi]!.length;
  const ev = questionEvidence(prepared, texts, qi);
  const decisions = ev.features.map((f, k) => decide(predictShare(f), f, ev.evidence[k]!));
  const calibrated = calibrate(
    decisions.map((d, k) => ({
      share: d.share,
      vec: ev.vectors[k]!,
      teacherShare: teacherShares[ev.active[k]!],
    })),
  );
  const out: QuestionScores = {
    shares: new Array<number>(n).fill(0),
    features: new Array<Features | null>(n).fill(null),
    hits: texts[qi]!.map(() => prepared.questions[qi]!.keyPoints.map(() => false)),
    reasons: texts[qi]!.map(() => []),
    notes: new Array<string | null>(n).fill(null),
  };
  ev.active.forEach((i, k) => {
    out.shares[i] = settle(calibrated[k]!, decisions[k]!);
    out.features[i] = ev.features[k]!;
    out.hits[i] = ev.hits[k]!;
    out.reasons[i] = decisions[k]!.reasons;
    out.notes[i] = decisions[k]!.note;
  });
  return out;
}

function questionResult(
  q: PreparedQuestion,
  share: number,
  hits: boolean[],
  keywords: { found: string[]; missing: string[] } | null,
  diagramShare: number,
  why: { reasons: ReviewReason[]; note: string | null },
): QuestionResult {
  const kwShare = keywords
    ? keywords.found.length / Math.max(1, keywords.found.length + keywords.missing.length)
    : 0;
  const textPart = keywords ? 1 - diagramShare : 1;
  const marks = roundMarks(q.total * (share * textPart + kwShare * (1 - textPart)), q.total);
  const matched = q.keyPoints.filter((_, k) => hits[k]).map((k) => k.phrase);
  const missing = q.keyPoints.filter((_, k) => !hits[k]).map((k) => k.phrase);
  const result: QuestionResult = {
    number: q.number,
    marks,
    total: round2(q.total),
    matched,
    missing,
    ...(why.note ? { note: why.note } : {}),
    ...(why.reasons.length ? { reasons: why.reasons } : {}),
  };
  return keywords
    ? { ...result, keywordsFound: keywords.found, keywordsMissing: keywords.missing }
    : result;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/**
 * Grades a batch of answers to one assignment. The batch matters: rarity of terms and
 * similarity to the other answers are features, and teacher marks calibrate the rest.
 * Deterministic; results come back in input order and are plain JSON.
 */
export function gradeAnswers(
  prepared: PreparedAssignment,
  answers: AnswerInput[],
  opts: GradeOptions = {},
): AnswerResult[] {
  const readable = answers.filter((a) => a.document.status === 'ok');
  const splits = readable.map((a) =>
    splitAnswer(prepared, a.document.status === 'ok' ? a.document.text : ''),
  );
  const teacher = new Map((opts.teacherMarks ?? []).map((t) => [t.id, t]));
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  // A teacher's per-question marks calibrate that question; otherwise the share of the total does.
  const teacherShares = prepared.questions.map((q) =>
    readable.map((a) => {
      const t = teacher.get(a.id);
      if (!t) return undefined;
      const own = t.questions?.[q.number];
      return clip(own !== undefined ? own / q.total : t.marks / prepared.totalMarks);
    }),
  );
  const texts = prepared.questions.map((_, qi) => splits.map((s) => s.texts[qi] ?? ''));
  const scores = prepared.questions.map((_, qi) =>
    scoreQuestion(prepared, texts, qi, teacherShares[qi]!),
  );
  const graded = new Map<string, AnswerResult>();
  readable.forEach((a, i) => {
    const keywords = prepared.diagramKeywords.length
      ? findKeywords(prepared.diagramKeywords, diagramText(a.document))
      : null;
    const questions = prepared.questions.map((q, qi) =>
      questionResult(
        q,
        scores[qi]!.shares[i]!,
        scores[qi]!.hits[i]!,
        keywords,
        prepared.diagramShare,
        { reasons: scores[qi]!.reasons[i]!, note: scores[qi]!.notes[i]! },
      ),
    );
    const review = reviewOf(
      a.document,
      scores.map((s) => s.features),
      i,
      splits[i]!.numbered,
      scores.flatMap((s) => s.reasons[i]!),
    );
    graded.set(a.id, {
      id: a.id,
      status: 'graded',
      marks: questions.reduce((sum, q) => sum + q.marks, 0),
      total: prepared.totalMarks,
      confidence: review.confidence,
      needsReview: review.reasons.length > 0 || review.confidence < 0.6,
      reviewReasons: review.reasons,
      questions,
      feedback: feedback(questions, prepared.numbered),
    });
  });
  return answers.map(
    (a): AnswerResult =>
      graded.get(a.id) ?? {
        id: a.id,
        status: 'unreadable',
        reason:
          a.document.status === 'unreadable' ? a.document.message : 'The answer could not be read.',
        needsReview: true,
        total: prepared.totalMarks,
      },
  );
}
