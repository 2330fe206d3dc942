import { analyseAnswer } from './analyse';
import type { AnswerInput } from './grade';
import { scoreQuestion, type AnalysedAnswer, type QuestionScoring } from './score-class';
import { pickRepresentatives } from './suggest';
import type { PreparedAssignment } from './types';
import { addInto, type Vec } from './vectors';

/**
 * "Mark these first": the ids of the `n` readable answers whose marks, once the teacher gives
 * them, teach the engine most about the rest of the batch (see pickRepresentatives). Each answer
 * is seen as the engine's proposed share of the total and its words per question, weighted by
 * the question's marks. Deterministic for the same batch; unreadable answers are left out (they
 * need the teacher anyway).
 */
export function suggestToMark(
  prepared: PreparedAssignment,
  answers: AnswerInput[],
  n: number,
): string[] {
  const analysed = answers.flatMap((a) =>
    a.document.status === 'ok' ? [{ id: a.id, analysis: analyseAnswer(prepared, a.document) }] : [],
  );
  return suggestAmong(prepared, analysed, n);
}

/** The same for answers already read (see analyseAnswer), as the grading jobs hold them. */
export function suggestAmong(
  prepared: PreparedAssignment,
  readable: AnalysedAnswer[],
  n: number,
): string[] {
  return suggestFrom(
    prepared,
    readable.map((a) => a.id),
    prepared.questions.map((_, qi) => scoreQuestion(prepared, qi, readable)),
    n,
  );
}

/**
 * The same from the class's question scorings (see scoreQuestion) of exactly the answers
 * `ids`, scored without teacher marks: each answer is its proposed share of the total and its
 * words per question, weighted by the question's marks.
 */
export function suggestFrom(
  prepared: PreparedAssignment,
  ids: string[],
  scorings: QuestionScoring[],
  n: number,
): string[] {
  const shares = ids.map(() => 0);
  const vecs: Vec[] = ids.map(() => new Map());
  prepared.questions.forEach((q, qi) => {
    const weight =
      prepared.totalMarks > 0 ? q.total / prepared.totalMarks : 1 / prepared.questions.length;
    scorings[qi]!.suggest.forEach((s, i) => {
      if (!s) return;
      shares[i]! += weight * s.share;
      addInto(vecs[i]!, new Map(s.vec.map(([t, v]) => [`${q.number}:${t}`, v])), weight);
    });
  });
  const picked = pickRepresentatives(
    ids.map((_, i) => ({ share: shares[i]!, vec: vecs[i]! })),
    n,
  );
  return picked.map((i) => ids[i]!);
}
