/** Fitting and cross-validation of the grading model on dev.jsonl, shared by the fit script and the benchmark. */
import { seededRandom } from '../src/shared/seeded-random';
import { calibrate, type CalibrationParams } from '../src/grading/calibrate';
import { questionEvidenceOfTexts } from '../src/grading/evidence';
import { FEATURE_NAMES, type Features } from '../src/grading/features';
import { prepareAssignment } from '../src/grading/prepare';
import type { ExtractedDocument, PreparedAssignment } from '../src/grading/types';
import { decide, settle, type Decision, type Evidence } from '../src/grading/verdict';
import { pickRepresentatives } from '../src/grading/suggest';
import type { Vec } from '../src/grading/vectors';
import { allQuestions, papersOf, type Corpus, type CorpusQuestion, type Paper } from './corpora';
import { pearson, rmse } from './dev-data';
import { toMarks } from './metrics';
import { fitStumps, predictStumps, type StumpParams, type Stumps } from './stumps';

/** Boosting settings of the shipped stumps (chosen by leave-one-assignment-out CV). */
export const STUMP_PARAMS: StumpParams = { rounds: 200, rate: 0.05, minLeaf: 30 };

/** One dev answer as the fit sees it: features, gold share of marks (0..1), its groups, and what the rules need. */
export type Sample = {
  x: number[];
  y: number;
  vec: Vec;
  question: string;
  assignment: string;
  corpus: Corpus;
  /** The human label (SemEval) or mark (Mohler). */
  label: string;
  /** How many students gave this answer. */
  count: number;
  features: Features | null;
  evidence: Evidence | null;
};

/** What a fit needs of an answer: its feature row and the human's share. */
export type Fittable = { x: number[]; y: number };

/** A ridge regression on standardised features: the form the engine ships. */
export type Linear = { mean: number[]; scale: number[]; weights: number[]; intercept: number };

/** Text documents of a dev paper, prepared as the app prepares an assignment. */
export function preparePaper(
  paper: Paper,
  model: ExtractedDocument = textDoc(paper.modelText),
  questions: ExtractedDocument = textDoc(paper.paperText),
): PreparedAssignment {
  return prepareAssignment({
    modelAnswer: model,
    questionPaper: questions,
    totalMarks: 5 * paper.questions.length,
  });
}

/** A plain-text document as extractDocument returns it. */
export function textDoc(text: string): ExtractedDocument {
  return { status: 'ok', text, pages: [], ocrConfidence: null };
}

/**
 * Features of every human-marked answer, computed as the engine does: each assignment is one
 * paper that a class answers whole (see papersOf), split and read question by question.
 */
export function samples(questions: CorpusQuestion[] = allQuestions()): Sample[] {
  return papersOf(questions).flatMap((paper) => {
    const prepared = preparePaper(paper);
    const texts = paper.questions.map((_, qi) =>
      paper.students.map((s) => s.rows[qi]?.answer ?? ''),
    );
    return paper.questions.flatMap((q, qi) => {
      const ev = questionEvidenceOfTexts(prepared, texts, qi);
      const at = new Map(ev.active.map((i, k) => [i, k]));
      return paper.students.flatMap((st, i) => {
        const row = st.rows[qi];
        if (!row) return [];
        const k = at.get(i);
        const f = k === undefined ? null : ev.features[k]!;
        return [
          {
            x: f ? FEATURE_NAMES.map((n) => f[n]) : FEATURE_NAMES.map(() => 0),
            y: row.share,
            vec: k === undefined ? new Map() : ev.vectors[k]!,
            question: q.id,
            assignment: q.assignment,
            corpus: q.corpus,
            label: row.label,
            count: row.count,
            features: f,
            evidence: k === undefined ? null : ev.evidence[k]!,
          },
        ];
      });
    });
  });
}

/** The engine's rules applied to a model's share for one sample (an empty answer gets 0). */
export function ruled(s: Sample, share: number): Decision {
  return s.features && s.evidence
    ? decide(share, s.features, s.evidence)
    : { share: 0, floor: 0, cap: 0, reasons: [], note: null };
}

/** Solves A x = b by Gauss-Jordan elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** Ridge regression of the gold share on standardised features. */
export function fitRidge(data: Fittable[], lambda: number): Linear {
  const d = data[0]!.x.length;
  const mean = Array.from(
    { length: d },
    (_, j) => data.reduce((s, r) => s + r.x[j]!, 0) / data.length,
  );
  const scale = mean.map(
    (m, j) => Math.sqrt(data.reduce((s, r) => s + (r.x[j]! - m) ** 2, 0) / data.length) || 1,
  );
  const intercept = data.reduce((s, r) => s + r.y, 0) / data.length;
  const z = data.map((r) => r.x.map((v, j) => (v - mean[j]!) / scale[j]!));
  const a = mean.map((_, p) =>
    mean.map((_, q) => z.reduce((s, row) => s + row[p]! * row[q]!, 0) + (p === q ? lambda : 0)),
  );
  const b = mean.map((_, p) => z.reduce((s, row, i) => s + row[p]! * (data[i]!.y - intercept), 0));
  return { mean, scale, weights: solve(a, b), intercept };
}

/** The model's share (0..1) for one feature row. */
export function predict(m: Linear, x: number[], clip = true): number {
  const v =
    m.intercept + x.reduce((s, xj, j) => s + (m.weights[j]! * (xj - m.mean[j]!)) / m.scale[j]!, 0);
  return clip ? Math.min(1, Math.max(0, v)) : v;
}

/** A fitted model as a function from a feature row to a share of marks. */
export type Predictor = (x: number[]) => number;

/** The shipped form: the mean of the ridge regression and the boosted stumps, clipped to 0..1. */
export type Ensemble = { linear: Linear; stumps: Stumps };

/** Fits both halves of the shipped model. */
export function fitEnsemble(
  data: Fittable[],
  lambda: number,
  params: StumpParams = STUMP_PARAMS,
): Ensemble {
  const stumps = fitStumps(
    data.map((r) => r.x),
    data.map((r) => r.y),
    params,
  );
  return { linear: fitRidge(data, lambda), stumps };
}

/** The ensemble's share (0..1) for one feature row, as src/grading/model.ts computes it. */
export function predictEnsemble(m: Ensemble, x: number[]): number {
  const v = (predict(m.linear, x, false) + predictStumps(m.stumps, x)) / 2;
  return Math.min(1, Math.max(0, v));
}

/**
 * Out-of-fold decisions: each group's shares predicted by a model fitted on the other groups
 * (on answers with content), then bounded by the engine's rules.
 */
export function outOfFold(
  data: Sample[],
  key: 'assignment' | 'question',
  fit: (train: Sample[]) => Predictor,
): Decision[] {
  const out = new Array<Decision>(data.length);
  for (const group of new Set(data.map((r) => r[key]))) {
    const model = fit(data.filter((r) => r[key] !== group && r.features));
    data.forEach((r, i) => {
      if (r[key] === group) out[i] = ruled(r, model(r.x));
    });
  }
  return out;
}

/** The shares of decisions (before calibration). */
export function sharesOf(ds: Decision[]): number[] {
  return ds.map((d) => d.share);
}

/** The shipped model's fitting procedure, for cross-validation. */
export function shippedFit(lambda: number): (train: Sample[]) => Predictor {
  return (train) => {
    const m = fitEnsemble(train, lambda);
    return (x) => predictEnsemble(m, x);
  };
}

/** Pearson r and RMSE of shares against gold, on the 0..5 scale. */
export function score(shares: number[], gold: number[]): { r: number; rmse: number } {
  const p = shares.map(toMarks);
  const g = gold.map((y) => y * 5);
  return { r: pearson(p, g), rmse: rmse(p, g) };
}

/** A small deterministic random generator, so picks of "teacher-marked" answers repeat. */
export const rng = seededRandom;

/** Indices of `k` items out of `n`, chosen by a seeded shuffle. */
export function pick(n: number, k: number, seed: number): Set<number> {
  const order = Array.from({ length: n }, (_, i) => i);
  const rand = rng(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return new Set(order.slice(0, k));
}

/** Calibrated shares with `k` teacher marks per question; returns scores on the unmarked answers only. */
export function calibratedScore(
  data: Sample[],
  decisions: Decision[],
  k: number,
  seed: number | 'suggested',
  params?: CalibrationParams,
  choose = pickRepresentatives,
) {
  const pred: number[] = [];
  const gold: number[] = [];
  for (const q of new Set(data.map((r) => r.question))) {
    const idx = data.map((r, i) => (r.question === q ? i : -1)).filter((i) => i >= 0);
    const marked =
      seed === 'suggested'
        ? new Set(
            choose(
              idx.map((i) => ({ share: decisions[i]!.share, vec: data[i]!.vec })),
              k,
            ),
          )
        : pick(idx.length, k, seed + idx[0]!);
    const out = calibrate(
      idx.map((i, j) => ({
        share: decisions[i]!.share,
        vec: data[i]!.vec,
        teacherShare: marked.has(j) ? data[i]!.y : undefined,
      })),
      params,
    );
    idx.forEach((i, j) => {
      if (marked.has(j)) return;
      pred.push(settle(out[j]!, decisions[i]!));
      gold.push(data[i]!.y);
    });
  }
  return score(pred, gold);
}
