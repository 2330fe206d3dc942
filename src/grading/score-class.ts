import type { AnswerAnalysis } from './analyse';
import { calibrate } from './calibrate';
import { questionEvidence } from './evidence';
import type { Features } from './features';
import { predictShare } from './model';
import { classStandings, reviewOf } from './review';
import { decide, settle } from './verdict';
import type { PreparedAssignment, ReviewReason, TeacherMark } from './types';

/** One answer of the class as the class-level step sees it: the caller's id and its reading. */
export type AnalysedAnswer = { id: string; analysis: AnswerAnalysis };

/** The class-level verdict on one answer to one question. */
export type QuestionScore = {
  /** Share of the question's marks for the written answer (0..1), after rules and calibration. */
  share: number;
  /** Which of the question's key points it states (in key-point order). */
  hits: boolean[];
  reasons: ReviewReason[];
  note: string | null;
};

/** The class-level verdict on one answer: per question, and how far to trust it. Plain JSON. */
export type AnswerScore = {
  id: string;
  questions: QuestionScore[];
  confidence: number;
  reasons: ReviewReason[];
};

const clip = (v: number) => Math.min(1, Math.max(0, v));

/**
 * The class-level step: compares every answer with the class (rarity of terms, similarity to
 * classmates, which question each answer addresses), applies the fitted model and the rules, and
 * moves the proposed shares toward the teacher's own marks. Needs the whole class at once; the
 * answers were read on their own before (analyseAnswer). Deterministic; results in input order.
 */
export function scoreClass(
  prepared: PreparedAssignment,
  answers: AnalysedAnswer[],
  teacherMarks: TeacherMark[] = [],
): AnswerScore[] {
  const teacher = new Map(teacherMarks.map((t) => [t.id, t]));
  const n = answers.length;
  const features: (Features | null)[][] = [];
  const perQuestion = prepared.questions.map((q, qi) => {
    const ev = questionEvidence(
      prepared,
      qi,
      answers.map((a) => a.analysis.questions[qi]!),
      (j) => answers.map((a) => a.analysis.questions[j]!.raw),
    );
    // A teacher's per-question marks calibrate that question; otherwise the share of the total does.
    const teacherShare = (i: number) => {
      const t = teacher.get(answers[i]!.id);
      if (!t) return undefined;
      const own = t.questions?.[q.number];
      return clip(own !== undefined ? own / q.total : t.marks / prepared.totalMarks);
    };
    const decisions = ev.features.map((f, k) => decide(predictShare(f), f, ev.evidence[k]!));
    const calibrated = calibrate(
      decisions.map((d, k) => ({
        share: d.share,
        vec: ev.vectors[k]!,
        teacherShare: teacherShare(ev.active[k]!),
      })),
    );
    const scores: QuestionScore[] = answers.map(() => ({
      share: 0,
      hits: q.keyPoints.map(() => false),
      reasons: [],
      note: null,
    }));
    const fs = new Array<Features | null>(n).fill(null);
    ev.active.forEach((i, k) => {
      scores[i] = {
        share: settle(calibrated[k]!, decisions[k]!),
        hits: ev.hits[k]!,
        reasons: decisions[k]!.reasons,
        note: decisions[k]!.note,
      };
      fs[i] = ev.features[k]!;
    });
    features.push(fs);
    return scores;
  });
  const standings = classStandings(features);
  return answers.map((a, i) => {
    const questions = perQuestion.map((scores) => scores[i]!);
    const review = reviewOf(
      a.analysis.ocrConfidence,
      features,
      standings,
      i,
      a.analysis.numbered,
      questions.flatMap((s) => s.reasons),
    );
    return { id: a.id, questions, confidence: review.confidence, reasons: review.reasons };
  });
}
