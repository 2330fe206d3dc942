/**
 * The figures the grading benchmark prints per corpus: 2-way accuracy (an answer is judged right
 * when it gets more than half the marks), the mean share of the marks per human label, ROC AUC of
 * correct answers against the rest, and Pearson r and RMSE on 0..5 (Mohler).
 */
import { pearson, rmse } from './dev-data';

/** One answer's proposed share, the human's share and label, and how many students gave it. */
export type Scored = { share: number; gold: number; label: string; count: number };

/** Whether the humans judged the answer right: more than half the marks. */
export const humanRight = (s: Scored): boolean => s.gold > 0.5;
/** Whether the engine judged it right. */
export const engineRight = (s: Scored): boolean => s.share > 0.5;

/** Marks on 0..5 in half steps, as the engine rounds them. */
export const toMarks = (share: number): number => Math.round(share * 10) / 2;

/** Share of answers (each counted as often as it was given) on which engine and humans agree. */
export function accuracy2(xs: Scored[]): number {
  let ok = 0;
  let n = 0;
  for (const s of xs) {
    n += s.count;
    if (humanRight(s) === engineRight(toShare(s))) ok += s.count;
  }
  return n ? ok / n : 0;
}

/** The share as the engine hands it out: rounded to half marks of 5. */
function toShare(s: Scored): Scored {
  return { ...s, share: toMarks(s.share) / 5 };
}

/** Mean proposed share per human label, weighted by how often each answer was given. */
export function meanShareByLabel(xs: Scored[]): Map<string, { mean: number; n: number }> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const s of xs) {
    const e = sums.get(s.label) ?? { sum: 0, n: 0 };
    e.sum += (toMarks(s.share) / 5) * s.count;
    e.n += s.count;
    sums.set(s.label, e);
  }
  return new Map([...sums].map(([k, v]) => [k, { mean: v.sum / v.n, n: v.n }]));
}

/**
 * ROC AUC of the answers the humans judged right against the rest: the chance that a right answer
 * gets a higher share than a wrong one (ties count half), weighted by counts.
 */
export function aucRight(xs: Scored[]): number {
  const sorted = [...xs].sort((a, b) => a.share - b.share);
  let negBelow = 0;
  let pos = 0;
  let neg = 0;
  let sum = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    let p = 0;
    let q = 0;
    while (j < sorted.length && sorted[j]!.share === sorted[i]!.share) {
      if (humanRight(sorted[j]!)) p += sorted[j]!.count;
      else q += sorted[j]!.count;
      j++;
    }
    sum += p * (negBelow + q / 2);
    negBelow += q;
    pos += p;
    neg += q;
    i = j;
  }
  return pos && neg ? sum / (pos * neg) : 0;
}

/** Pearson r and RMSE on 0..5 in half marks. */
export function agreement(xs: Scored[]): { r: number; rmse: number } {
  const p = xs.map((s) => toMarks(s.share));
  const g = xs.map((s) => s.gold * 5);
  return { r: pearson(p, g), rmse: rmse(p, g) };
}

/** One line of figures for a set of answers. */
export function summary(xs: Scored[], mohler: boolean): string {
  const labels = [...meanShareByLabel(xs)]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([k, v]) => `${k} ${(100 * v.mean).toFixed(0)}%`);
  const base = `acc2 ${accuracy2(xs).toFixed(3)}  AUC ${aucRight(xs).toFixed(3)}`;
  if (mohler) {
    const a = agreement(xs);
    return `${base}  r ${a.r.toFixed(3)}  RMSE ${a.rmse.toFixed(3)}`;
  }
  return `${base}  ${labels.join(', ')}`;
}
