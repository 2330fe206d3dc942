import { calibrate } from './calibrate';
import { diagramText, findKeywords } from './diagram';
import { feedback } from './explain';
import { guardShare } from './guards';
import { computeFeatures, type Features } from './features';
import { isMatched } from './key-points';
import { predictShare, roundMarks } from './model';
import { reviewOf } from './review';
import { splitAnswer } from './split-answer';
import { contentStems } from './text';
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

/** The model's view of one question across the batch. */
type QuestionScores = {
  shares: number[];
  features: Features[];
  /** Per answer, which of the question's key points it matched (in key-point order). */
  hits: boolean[][];
  /** Per answer, why the guard rules ask a teacher to look. */
  reasons: ReviewReason[][];
};

function scoreQuestion(
  q: PreparedQuestion,
  texts: string[],
  teacherShares: (number | undefined)[],
): QuestionScores {
  const stemLists = texts.map(contentStems);
  const { features, vectors } = computeFeatures(
    q.questionText,
    q.modelText,
    stemLists.map((stems) => ({ stems })),
  );
  const hits = stemLists.map((stems) => {
    const set = new Set(stems);
    return q.keyPoints.map((k) => isMatched(k, set));
  });
  const guarded = features.map((f, i) => {
    if (!stemLists[i]!.length) return { share: 0, reasons: [] };
    const matched = hits[i]!.filter(Boolean).length;
    return guardShare(predictShare(f), f, texts[i]!, { matched, total: q.keyPoints.length });
  });
  const shares = calibrate(
    guarded.map((g, i) => ({ share: g.share, vec: vectors[i]!, teacherShare: teacherShares[i] })),
  );
  // An empty answer, or one that only declines to answer, earns nothing whatever the teacher
  // gave the others.
  const nothing = (i: number) => !stemLists[i]!.length || guarded[i]!.reasons.includes('no-answer');
  return {
    shares: shares.map((s, i) => (nothing(i) ? 0 : s)),
    features,
    hits,
    reasons: guarded.map((g) => g.reasons),
  };
}

function questionResult(
  q: PreparedQuestion,
  share: number,
  hits: boolean[],
  keywords: { found: string[]; missing: string[] } | null,
  diagramShare: number,
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
  const teacher = new Map(
    (opts.teacherMarks ?? []).map((t) => [
      t.id,
      Math.min(1, Math.max(0, t.marks / prepared.totalMarks)),
    ]),
  );
  const teacherShares = readable.map((a) => teacher.get(a.id));
  const scores = prepared.questions.map((q, qi) =>
    scoreQuestion(
      q,
      splits.map((s) => s.texts[qi] ?? ''),
      teacherShares,
    ),
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
