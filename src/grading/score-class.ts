import type { AnswerAnalysis } from './analyse';
import type { AnswerGroup } from './groups';
import { calibrate, evidenceCount } from './calibrate';
import { questionEvidence, type QuestionEvidence } from './evidence';
import { predictShare } from './model';
import { classStandings, reviewOf, type Standing } from './review';
import { unit } from './vectors';
import { CLEARLY_RIGHT } from './rules';
import { decide, settle, type Decision } from './verdict';
import type { PreparedAssignment, ReviewReason, TeacherMark } from './types';

/** One answer of the class as the class-level step sees it: the caller's id and its reading. */
export type AnalysedAnswer = { id: string; analysis: AnswerAnalysis };

/** The class-level verdict on one answer to one question. */
export type QuestionScore = {
  /** Share of the question's marks for the written answer (0..1), after rules and calibration. */
  share: number;
  /** Which key points it states, of the right answer it is read against (in key-point order). */
  hits: boolean[];
  /** Which of them it contradicts. */
  contradicted?: boolean[];
  /** That right answer: 0 for the model answer, k for the k-th accepted answer. */
  ref?: number;
  reasons: ReviewReason[];
  note: string | null;
  /** The share the engine's own reading gives, before the teacher's marks moved it (absent: not moved). */
  engineShare?: number;
  /** How many answers the teacher marked on this question moved it (with engineShare). */
  calibratedOn?: number;
};

/** The class-level verdict on one answer: per question, and how far to trust it. Plain JSON. */
export type AnswerScore = {
  id: string;
  questions: QuestionScore[];
  confidence: number;
  reasons: ReviewReason[];
};

const clip = (v: number) => Math.min(1, Math.max(0, v));

/** One question of the class, scored: per answer its score, its standing, what suggesting needs. */
export type QuestionScoring = {
  scores: QuestionScore[];
  standings: (Standing | null)[];
  /** The share the model and rules propose before calibration, and the answer's unit term vector. */
  suggest: ({ share: number; vec: Array<[string, number]> } | null)[];
  /** The answers grouped by what they say (see groupScoring), when the caller asked for them. */
  groups?: AnswerGroup[];
};

/**
 * The class-level step for one question: compares every answer to it with the class (rarity of
 * terms, similarity to classmates, which question each answer addresses), applies the fitted
 * model and the rules, and moves the proposed shares toward the teacher's own marks. Questions
 * are independent here, so a worker may score them side by side.
 */
export function scoreQuestion(
  prepared: PreparedAssignment,
  qi: number,
  answers: AnalysedAnswer[],
  teacherMarks: TeacherMark[] = [],
  ev: QuestionEvidence = classEvidenceOf(prepared, answers, qi),
): QuestionScoring {
  const q = prepared.questions[qi]!;
  const teacher = new Map(teacherMarks.map((t) => [t.id, t]));
  // A teacher's per-question marks calibrate that question, and only those she gave: the other
  // questions of a half-marked answer still carry the engine's marks, which are no evidence. Only
  // a total set as a whole stands for every question, as its share.
  const teacherShare = (i: number) => {
    const t = teacher.get(answers[i]!.id);
    if (!t) return undefined;
    if (t.questions) {
      const own = t.questions[q.number];
      return own === undefined ? undefined : clip(own / q.total);
    }
    return clip(t.marks / prepared.totalMarks);
  };
  const decisions = ev.features.map((f, k) => decide(predictShare(f), f, ev.evidence[k]!));
  const items = decisions.map((d, k) => ({
    share: d.share,
    vec: ev.vectors[k]!,
    teacherShare: teacherShare(ev.active[k]!),
    complete: isClearlyRight(d, ev.hits[k]!, ev.contradicted[k]!),
  }));
  const calibrated = calibrate(items);
  const out: QuestionScoring = {
    scores: answers.map(() => ({
      share: 0,
      hits: q.keyPoints.map(() => false),
      reasons: [],
      note: null,
    })),
    standings: answers.map(() => null),
    suggest: answers.map(() => null),
  };
  ev.active.forEach((i, k) => {
    const d = decisions[k]!;
    const share = settle(calibrated[k]!, d);
    const engineShare = settle(d.share, d);
    out.scores[i] = {
      share,
      hits: ev.hits[k]!,
      contradicted: ev.contradicted[k]!,
      ref: ev.refs[k]!,
      reasons: d.reasons,
      note: d.note,
      ...(Math.abs(share - engineShare) > 1e-9
        ? { engineShare, calibratedOn: evidenceCount(items, items[k]!.complete) }
        : {}),
    };
    const { knn, zCover, zCentroid } = ev.features[k]!;
    out.standings[i] = { knn, zCover, zCentroid };
    out.suggest[i] = { share: d.share, vec: [...unit(ev.vectors[k]!)] };
  });
  return out;
}

/** Nothing flagged or contradicted, and every key point stated or a share the engine reads as right. */
function isClearlyRight(d: Decision, hits: boolean[], contradicted: boolean[]) {
  if (d.reasons.length || contradicted.some(Boolean)) return false;
  return (hits.length > 0 && hits.every(Boolean)) || settle(d.share, d) >= CLEARLY_RIGHT;
}

/** The class-level evidence for question `qi` (see questionEvidence), computed once and passed to scoreQuestion. */
export function classEvidenceOf(
  prepared: PreparedAssignment,
  answers: AnalysedAnswer[],
  qi: number,
) {
  return questionEvidence(
    prepared,
    qi,
    answers.map((a) => a.analysis.questions[qi]!),
    (j) => answers.map((a) => a.analysis.questions[j]!.raw),
  );
}

/** One answer as combineScores needs it. */
export type AnswerMeta = {
  id: string;
  numbered: boolean;
  ocrConfidence: number | null;
  /** Whether the scanned pages' reading cannot be trusted (see ocr-noise.ts). */
  hardToRead?: boolean;
};

/** Each answer's class-level score from its questions' scorings (in question order). */
export function combineScores(answers: AnswerMeta[], scorings: QuestionScoring[]): AnswerScore[] {
  const perQuestion = scorings.map((s) => s.standings);
  const standings = classStandings(perQuestion);
  return answers.map((a, i) => {
    const questions = scorings.map((s) => s.scores[i]!);
    const review = reviewOf(
      a.ocrConfidence,
      perQuestion,
      standings,
      i,
      a.numbered,
      questions.flatMap((s) => s.reasons),
      Math.max(0, ...questions.map((s) => Math.abs(s.share - (s.engineShare ?? s.share)))),
      a.hardToRead ?? false,
    );
    return { id: a.id, questions, confidence: review.confidence, reasons: review.reasons };
  });
}

/**
 * The class-level step over every question (see scoreQuestion), and each answer's confidence
 * and review reasons. Needs the whole class at once; the answers were read on their own before
 * (analyseAnswer). Deterministic; results in input order.
 */
export function scoreClass(
  prepared: PreparedAssignment,
  answers: AnalysedAnswer[],
  teacherMarks: TeacherMark[] = [],
): AnswerScore[] {
  const scorings = prepared.questions.map((_, qi) =>
    scoreQuestion(prepared, qi, answers, teacherMarks),
  );
  return combineScores(
    answers.map((a) => ({
      id: a.id,
      numbered: a.analysis.numbered,
      ocrConfidence: a.analysis.ocrConfidence,
      hardToRead: !!a.analysis.hardToRead,
    })),
    scorings,
  );
}
