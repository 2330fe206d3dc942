import { cosine, type Vec } from './vectors';

/** One answer as the choice of answers to mark first sees it: the engine's share and its words. */
export type SuggestItem = { share: number; vec: Vec };

/**
 * How alike two answers are for the teacher's purposes: half their words (cosine of their term
 * vectors), half the marks the engine proposes (1 − the difference of shares).
 */
const likeness = (a: SuggestItem, b: SuggestItem) =>
  0.5 * cosine(a.vec, b.vec) + 0.5 * (1 - Math.abs(a.share - b.share));

/**
 * The `n` answers whose teacher marks teach the engine most: each stands for a group of answers
 * alike in words and in proposed marks, and together they cover the class (greedy facility
 * location: every pick adds the most likeness to the answers not yet well covered). Calibration
 * then moves each answer by the marks of the teacher-marked answers most like it. Deterministic:
 * ties go to the earlier answer. Returns indices into `items`, best first.
 */
export function pickRepresentatives(items: SuggestItem[], n: number): number[] {
  const sim = items.map((a) => items.map((b) => likeness(a, b)));
  const covered = items.map(() => 0);
  const picked: number[] = [];
  while (picked.length < Math.min(n, items.length)) {
    let best = -1;
    let bestGain = -Infinity;
    for (let c = 0; c < items.length; c++) {
      if (picked.includes(c)) continue;
      let gain = 0;
      for (let i = 0; i < items.length; i++) gain += Math.max(0, sim[i]![c]! - covered[i]!);
      if (gain > bestGain + 1e-12) {
        best = c;
        bestGain = gain;
      }
    }
    picked.push(best);
    for (let i = 0; i < items.length; i++) covered[i] = Math.max(covered[i]!, sim[i]![best]!);
  }
  return picked;
}
