import { CALIBRATION } from './model-weights';
import { cosine, type Vec } from './vectors';

/** How strongly teacher marks move the others: prior weight of "no offset", weight and sharpness of the neighbours. */
export type CalibrationParams = { offsetPrior: number; neighbourWeight: number; sharpness: number };

/** One answer as calibration sees it: its predicted share, its vector, and the teacher's share if marked. */
export type CalibrationItem = { share: number; vec: Vec; teacherShare?: number };

/**
 * Moves predicted shares toward the teacher's marks: a shrunken mean offset for the whole
 * batch plus the offsets of the most similar teacher-marked answers. Marked answers keep
 * their own prediction moved by the same rule, so a teacher can compare.
 */
export function calibrate(
  items: CalibrationItem[],
  params: CalibrationParams = CALIBRATION,
): number[] {
  const marked = items.filter((it) => it.teacherShare !== undefined);
  if (!marked.length) return items.map((it) => it.share);
  const residual = marked.map((m) => (m.teacherShare as number) - m.share);
  const offset = residual.reduce((a, b) => a + b, 0) / (marked.length + params.offsetPrior);
  return items.map((it) => {
    let wsum = 0;
    let rsum = 0;
    marked.forEach((m, k) => {
      if (m === it) return;
      const w = Math.max(0, cosine(it.vec, m.vec)) ** params.sharpness;
      wsum += w;
      rsum += w * residual[k]!;
    });
    const local = wsum > 1e-9 ? rsum / (wsum + 0.05) : offset;
    const moved =
      it.share + offset + params.neighbourWeight * (local - offset) * Math.min(1, wsum * 4);
    return Math.min(1, Math.max(0, moved));
  });
}
