import { FEATURE_NAMES, type Features } from './features';
import { FEATURE_WEIGHTS, INTERCEPT, STUMP_BASE, STUMPS } from './model-weights';

/** The linear half: a ridge regression on standardised features. */
function linear(f: Features): number {
  let v = INTERCEPT;
  for (const name of FEATURE_NAMES) {
    const w = FEATURE_WEIGHTS[name];
    v += (w.weight * (f[name] - w.mean)) / w.scale;
  }
  return v;
}

/** The boosted half: decision stumps that catch thresholds and bends the linear half cannot. */
function stumps(f: Features): number {
  let v = STUMP_BASE;
  for (const [name, threshold, left, right] of STUMPS) v += f[name] <= threshold ? left : right;
  return v;
}

/**
 * Share of a question's marks (0..1) the shipped model gives an answer with these features:
 * the mean of its linear and boosted halves, fitted on dev by scripts/fit-grading-model.ts.
 */
export function predictShare(f: Features): number {
  return Math.min(1, Math.max(0, (linear(f) + stumps(f)) / 2));
}

/** Rounds marks to the nearest half mark within 0..total. */
export function roundMarks(marks: number, total: number): number {
  const r = Math.round(marks * 2) / 2;
  return Math.min(Math.floor(total * 2) / 2, Math.max(0, r));
}
