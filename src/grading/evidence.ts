import { analyseQuestion, type QuestionAnalysis } from './analyse';
import { computeFeatures, type Features } from './features';
import { isMatched } from './key-points';
import { relevanceOf } from './relevance';
import { answerStems, contentStems } from './text';
import type { PreparedAssignment } from './types';
import type { Evidence } from './verdict';
import type { Vec } from './vectors';

/** Everything the engine found about the answers to one question, for the answers that say anything. */
export type QuestionEvidence = {
  /** Indices (into the batch) of the answers with content; the others are empty and get nothing. */
  active: number[];
  features: Features[];
  vectors: Vec[];
  evidence: Evidence[];
  /** Per active answer, which key points it states (in key-point order). */
  hits: boolean[][];
};

/**
 * Compares the class's answers to question `qi`, each already read on its own (`mine`, see
 * analyseQuestion): whether it addresses this question rather than another one of the paper
 * (`rawOf(j)` gives the class's answers to question j as written), and the word statistics the
 * fitted model uses, which need the whole class.
 */
export function questionEvidence(
  prepared: PreparedAssignment,
  qi: number,
  mine: QuestionAnalysis[],
  rawOf: (j: number) => string[][],
): QuestionEvidence {
  const q = prepared.questions[qi]!;
  const active = mine.map((_, i) => i).filter((i) => mine[i]!.stems.length > 0);
  const paper = prepared.questions.map((p, j) => ({
    number: p.number,
    reference: contentStems(`${p.questionText} ${p.modelText}`),
    answers: j === qi ? active.map((i) => mine[i]!.stems) : rawOf(j).filter((s) => s.length > 0),
  }));
  const relevance = relevanceOf(paper, qi);
  const evidence: Evidence[] = [];
  const hits: boolean[][] = [];
  const answers = active.map((i, k) => {
    const a = mine[i]!;
    const hit = a.degrees.map(isMatched);
    hits.push(hit);
    const matched = hit.filter(Boolean).length;
    const r = relevance[k]!;
    evidence.push({
      text: a.text,
      form: a.form,
      relevance: r,
      matched,
      keyPoints: q.keyPoints.length,
    });
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / (xs.length || 1);
    return {
      stems: a.featureStems,
      extra: {
        kpDegree: mean(a.degrees),
        kpMatched: q.keyPoints.length ? matched / q.keyPoints.length : 0,
        relOwn: r.own,
        relMargin: r.own - (r.other?.score ?? 0),
        structure: a.structure,
      },
    };
  });
  const { features, vectors } = computeFeatures(q.questionText, q.modelText, answers);
  return { active, features, vectors, evidence, hits };
}

/**
 * The same from plain texts: `texts[q][i]` is answer i's text for question q. For the fit and the
 * benchmarks, which hold answers already split by question.
 */
export function questionEvidenceOfTexts(
  prepared: PreparedAssignment,
  texts: string[][],
  qi: number,
): QuestionEvidence {
  const mine = texts[qi]!.map((t) => analyseQuestion(prepared, qi, t));
  return questionEvidence(prepared, qi, mine, (j) => texts[j]!.map(answerStems));
}
