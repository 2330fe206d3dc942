import { analyseAnswer } from './analyse';
import { questionEvidence } from './evidence';
import type { AnswerInput } from './grade';
import { predictShare } from './model';
import type { AnalysedAnswer } from './score-class';
import { pickRepresentatives } from './suggest';
import type { PreparedAssignment } from './types';
import { addInto, unit, type Vec } from './vectors';
import { decide } from './verdict';

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
  const shares = readable.map(() => 0);
  const vecs: Vec[] = readable.map(() => new Map());
  prepared.questions.forEach((q, qi) => {
    const weight =
      prepared.totalMarks > 0 ? q.total / prepared.totalMarks : 1 / prepared.questions.length;
    const ev = questionEvidence(
      prepared,
      qi,
      readable.map((a) => a.analysis.questions[qi]!),
      (j) => readable.map((a) => a.analysis.questions[j]!.raw),
    );
    ev.active.forEach((i, k) => {
      shares[i]! +=
        weight * decide(predictShare(ev.features[k]!), ev.features[k]!, ev.evidence[k]!).share;
      const prefixed: Vec = new Map(
        [...unit(ev.vectors[k]!)].map(([t, v]) => [`${q.number}:${t}`, v]),
      );
      addInto(vecs[i]!, prefixed, weight);
    });
  });
  const picked = pickRepresentatives(
    readable.map((_, i) => ({ share: shares[i]!, vec: vecs[i]! })),
    n,
  );
  return picked.map((i) => readable[i]!.id);
}
