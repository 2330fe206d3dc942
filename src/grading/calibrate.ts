import { CALIBRATION } from './model-weights';
import { cosine, type Vec } from './vectors';

/** How strongly teacher marks move the others: prior weight of "no offset", weight and sharpness of the neighbours. */
export type CalibrationParams = { offsetPrior: number; neighbourWeight: number; sharpness: number };

/**
 * One answer as calibration sees it: its predicted share, its vector, the teacher's share if
 * marked, and whether the engine reads it as clearly right (see CLEARLY_RIGHT).
 */
export type CalibrationItem = {
  share: number;
  vec: Vec;
  teacherShare?: number;
  complete?: boolean;
};

/**
 * Moves predicted shares toward the teacher's marks: a shrunken mean offset for the whole
 * batch plus the offsets of the most similar teacher-marked answers. Marked answers keep
 * their own prediction moved by the same rule, so a teacher can compare.
 *
 * A clearly right answer is moved only by the teacher's marks on clearly right answers: a teacher
 * who marks weak answers lower than the engine says nothing about an answer that states every key
 * point.
 */
export function calibrate(
  items: CalibrationItem[],
  params: CalibrationParams = CALIBRATION,
): number[] {
  const marked = items.filter((it) => it.teacherShare !== undefined);
  if (!marked.length) return items.map((it) => it.share);
  const evidence = (complete: boolean) => marked.filter((m) => !complete || m.complete);
  const groups = { all: evidence(false), complete: evidence(true) };
  return items.map((it) => {
    const group = it.complete ? groups.complete : groups.all;
    return Math.min(1, Math.max(0, it.share + movement(it, group, params)));
  });
}

/** How far the marked answers of `group` move one answer's share. */
function movement(it: CalibrationItem, group: CalibrationItem[], params: CalibrationParams) {
  if (!group.length) return 0;
  const residual = group.map((m) => (m.teacherShare as number) - m.share);
  const offset = residual.reduce((a, b) => a + b, 0) / (group.length + params.offsetPrior);
  let wsum = 0;
  let rsum = 0;
  group.forEach((m, k) => {
    if (m === it) return;
    const w = Math.max(0, cosine(it.vec, m.vec)) ** params.sharpness;
    wsum += w;
    rsum += w * residual[k]!;
  });
  const local = wsum > 1e-9 ? rsum / (wsum + 0.05) : offset;
  return offset + params.neighbourWeight * (local - offset) * Math.min(1, wsum * 4);
}

/** How many of the marked answers move an answer of this kind (see calibrate). */
export function evidenceCount(items: CalibrationItem[], complete: boolean): number {
  return items.filter((m) => m.teacherShare !== undefined && (!complete || m.complete)).length;
}
