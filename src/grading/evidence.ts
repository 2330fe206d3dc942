import { acronymStems, acronymsOf, withAcronyms } from './acronyms';
import { computeFeatures, type Features } from './features';
import { formOf, isList } from './form';
import { isMatched, keyPointDegree } from './key-points';
import { analyse, contentKeys } from './nlp';
import { relevanceOf } from './relevance';
import { correctSpelling, spellingTargets } from './spelling';
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
 * Reads every answer to question `qi`: its form (sentences or a list, repetition, the question
 * copied), which key points it states, whether it addresses this question rather than another
 * one of the paper, and the word statistics the fitted model uses. `texts[q][i]` is answer i's
 * text for question q; every question's answers are needed to tell the questions apart.
 */
export function questionEvidence(
  prepared: PreparedAssignment,
  texts: string[][],
  qi: number,
): QuestionEvidence {
  const q = prepared.questions[qi]!;
  const questionKeys = new Set(contentKeys(analyse(q.questionText)));
  const modelAnalysis = analyse(q.modelText);
  const modelKeys = new Set(contentKeys(modelAnalysis).filter((k) => !questionKeys.has(k)));
  const listsAllowed = isList(modelAnalysis);
  const targets = spellingTargets(`${q.questionText} ${q.modelText}`);
  const acronyms = acronymsOf(q.modelText);
  const mine = texts[qi]!.map((t) => correctSpelling(t, targets));
  const order = contentKeys(modelAnalysis);
  const questionWords = new Set(
    analyse(q.questionText).sentences.flatMap((s) => s.tokens.map((t) => t.key)),
  );
  const forms = mine.map((t) =>
    formOf(analyse(t), questionKeys, modelKeys, order, listsAllowed, questionWords),
  );
  const active = mine.map((_, i) => i).filter((i) => answerStems(forms[i]!.text).length > 0);
  const paper = prepared.questions.map((p, j) => ({
    number: p.number,
    reference: contentStems(`${p.questionText} ${p.modelText}`),
    answers: (j === qi ? active.map((i) => forms[i]!.text) : texts[j]!)
      .map(answerStems)
      .filter((s) => j === qi || s.length > 0),
  }));
  const relevance = relevanceOf(paper, qi);
  const evidence: Evidence[] = [];
  const hits: boolean[][] = [];
  const answers = active.map((i, k) => {
    const form = forms[i]!;
    const a = withAcronyms(analyse(form.text), acronyms);
    const stems = answerStems(form.text);
    const degrees = form.keywordList
      ? q.keyPoints.map(() => 0)
      : q.keyPoints.map((p) => keyPointDegree(p, a, listsAllowed));
    const hit = degrees.map(isMatched);
    hits.push(hit);
    const matched = hit.filter(Boolean).length;
    const r = relevance[k]!;
    evidence.push({ text: mine[i]!, form, relevance: r, matched, keyPoints: q.keyPoints.length });
    const all = a.sentences.reduce((n, s) => n + s.tokens.length, 0);
    const structured = a.sentences
      .filter((s) => s.structured)
      .reduce((n, s) => n + s.tokens.length, 0);
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / (xs.length || 1);
    return {
      stems: [...stems, ...acronymStems(stems, acronyms)],
      extra: {
        kpDegree: mean(degrees),
        kpMatched: q.keyPoints.length ? matched / q.keyPoints.length : 0,
        relOwn: r.own,
        relMargin: r.own - (r.other?.score ?? 0),
        structure: all ? structured / all : 0,
      },
    };
  });
  const { features, vectors } = computeFeatures(q.questionText, q.modelText, answers);
  return { active, features, vectors, evidence, hits };
}
