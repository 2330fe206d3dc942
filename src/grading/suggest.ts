import { PackedVectors, type Vec } from './vectors';

/** One answer as the choice of answers to mark first sees it: the engine's share and its words. */
export type SuggestItem = { share: number; vec: Vec };

/**
 * How alike every two answers are for the teacher's purposes: half their words (cosine of their
 * term vectors), half the marks the engine proposes (1 − the difference of shares). Row by row
 * over packed vectors: the n² cosines are the cost of the choice.
 */
function likenesses(items: SuggestItem[]): Float64Array[] {
  const packed = new PackedVectors(items.map((a) => a.vec));
  const norm2 = items.map((a) => {
    let n = 0;
    for (const v of a.vec.values()) n += v * v;
    return n;
  });
  const dots = new Float64Array(items.length);
  return items.map((a, i) => {
    packed.dotsWith(i, dots);
    return Float64Array.from(items, (b, j) => {
      const cos = norm2[i]! && norm2[j]! ? dots[j]! / Math.sqrt(norm2[i]! * norm2[j]!) : 0;
      return 0.5 * cos + 0.5 * (1 - Math.abs(a.share - b.share));
    });
  });
}

/**
 * The `n` answers whose teacher marks teach the engine most: each stands for a group of answers
 * alike in words and in proposed marks, and together they cover the class (greedy facility
 * location: every pick adds the most likeness to the answers not yet well covered). Calibration
 * then moves each answer by the marks of the teacher-marked answers most like it. Deterministic:
 * ties go to the earlier answer. Returns indices into `items`, best first.
 */
export function pickRepresentatives(items: SuggestItem[], n: number): number[] {
  const sim = likenesses(items);
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
