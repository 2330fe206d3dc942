import { analyseQuestion, pointsOf, type QuestionAnalysis } from './analyse';
import { computeFeatures, type Features } from './features';
import { isContradicted, isStated, type ContradictionKind } from './judge';
import { relevanceOf } from './relevance';
import { FULL_STATEMENT, MAIN_POINT_WORDS, NEGATION_WINDOW } from './rules';
import { answerStems, contentStems, words } from './text';
import type { KeyPoint, PreparedAssignment } from './types';
import type { Evidence } from './verdict';
import type { Vec } from './vectors';

/** Everything the engine found about the answers to one question, for the answers that say anything. */
export type QuestionEvidence = {
  /** Indices (into the batch) of the answers with content; the others are empty and get nothing. */
  active: number[];
  features: Features[];
  vectors: Vec[];
  evidence: Evidence[];
  /** Per active answer, which key points it states (in key-point order of its reference). */
  hits: boolean[][];
  /** Per active answer, which key points it contradicts. */
  contradicted: boolean[][];
  /** Per active answer, which right answer it is read against (0: the model answer). */
  refs: number[];
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
  const question = new Set(contentStems(q.questionText));
  const refStems = [q.modelText, ...(q.accepted ?? []).map((x) => x.text)].map(
    (t) => new Set(contentStems(t).filter((w) => !question.has(w))),
  );
  const evidence: Evidence[] = [];
  const hits: boolean[][] = [];
  const contradicted: boolean[][] = [];
  const answers = active.map((i, k) => {
    const a = mine[i]!;
    const judged = a.degrees.map((degree, p) => ({ degree, contradiction: a.contradictions[p]! }));
    const points = pointsOf(q, a.ref);
    // A mathematical key point counts as stated only when it earns all its credit: the right
    // value with a wrong unit earns its share, but is not the point stated.
    const hit = judged.map((j, p) => (points[p]?.maths ? j.degree >= 1 - 1e-9 : isStated(j)));
    const against = judged.map((j) => isContradicted(j));
    hits.push(hit);
    contradicted.push(against);
    const matched = hit.filter(Boolean).length;
    const n = a.degrees.length;
    const r = relevance[k]!;
    evidence.push({
      text: a.text,
      form: a.form,
      relevance: r,
      matched,
      full: judged.filter((j, p) => hit[p] && j.degree >= FULL_STATEMENT).length,
      contradicted: against.filter(Boolean).length,
      contradictionKinds: a.kinds.filter(
        (k, p): k is ContradictionKind => against[p]! && k !== null,
      ),
      fullContradiction: judged.some(
        (j, p) => against[p] && a.kinds[p] !== 'negation' && j.contradiction >= FULL_STATEMENT,
      ),
      // a verdict ("Dimmer.", "The bulb will light."), not an explanation whose words may be
      // read against it in part, in a sentence short enough to read whole (see NEGATION_WINDOW)
      mainContradicted:
        against[0] === true &&
        (points[0]?.stems.length ?? 0) <= MAIN_POINT_WORDS &&
        a.kinds[0] !== 'negation' &&
        judged[0]!.contradiction >= FULL_STATEMENT &&
        words(a.where?.[0]?.contradictedIn ?? '').length <= NEGATION_WINDOW,
      keyPoints: n,
      maths: mathsEvidence(points, a),
    });
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / (xs.length || 1);
    return {
      stems: a.featureStems,
      extra: {
        kpDegree: mean(a.degrees),
        kpMatched: n ? matched / n : 0,
        kpContra: n ? against.filter(Boolean).length / n : 0,
        contraMax: Math.max(
          0,
          ...judged.map((j) => (j.contradiction > j.degree ? j.contradiction : 0)),
        ),
        ...bestOverlap(a.stems, refStems, question),
        kpBest: Math.max(0, ...a.degrees),
        kpMin: n ? Math.min(...a.degrees) : 0,
        relOwn: r.own,
        relMargin: r.own - (r.other?.score ?? 0),
        structure: a.structure,
      },
    };
  });
  const reference = [q.modelText, ...(q.accepted ?? []).map((x) => x.text)].join('\n');
  const { features, vectors } = computeFeatures(q.questionText, reference, answers);
  return {
    active,
    features,
    vectors,
    evidence,
    hits,
    contradicted,
    refs: active.map((i) => mine[i]!.ref),
  };
}

/**
 * The share a question's marks are when every key point of the right answer is mathematics: the
 * mean credit of its findings (each step of a calculation its share); null for a question of
 * words, where the fitted model and the rules decide.
 */
function mathsEvidence(points: KeyPoint[], a: QuestionAnalysis): Evidence['maths'] {
  if (!points.length || !points.every((p) => p.maths)) return null;
  const share = a.degrees.reduce((x, d) => x + d, 0) / points.length;
  const unreadable =
    (a.mathsUnreadable?.length ?? 0) > 0 || (a.maths ?? []).some((f) => f.verdict === 'unreadable');
  return { share, unreadable };
}

/**
 * Word overlap with the right answer it is closest to (the model answer or an accepted one), the
 * question's own words left out: recall of its words, precision of the answer's, and their F1.
 */
function bestOverlap(stems: string[], refs: Set<string>[], question: Set<string>) {
  const own = new Set(stems.filter((w) => !question.has(w)));
  let best = { refRecall: 0, refPrecision: 0, refF1: 0 };
  for (const ref of refs) {
    if (!ref.size) continue;
    const hit = [...ref].filter((w) => own.has(w)).length;
    const recall = hit / ref.size;
    const precision = own.size ? hit / own.size : 0;
    const f1 = hit ? (2 * recall * precision) / (recall + precision) : 0;
    if (f1 > best.refF1 || (f1 === best.refF1 && recall > best.refRecall))
      best = { refRecall: recall, refPrecision: precision, refF1: f1 };
  }
  return best;
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
