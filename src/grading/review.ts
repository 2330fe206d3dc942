import type { Features } from './features';
import type { ReviewReason } from './types';
import { MOVED, POOR_OCR, SMALL_BATCH } from './rules';

/** What the confidence of an answer needs from its features on one question. */
export type Standing = Pick<Features, 'knn' | 'zCover' | 'zCentroid'>;

/** Per question, the mean and spread of the answers' closeness to their nearest classmates. */
export type ClassStandings = Array<{ mean: number; sd: number; count: number }>;

/** Computes each question's standings once for the whole class (see reviewOf). */
export function classStandings(perQuestion: (Standing | null)[][]): ClassStandings {
  return perQuestion.map((fs) => {
    const knn = fs.flatMap((f) => (f ? [f.knn] : []));
    const mean = knn.reduce((a, b) => a + b, 0) / (knn.length || 1);
    const sd = Math.sqrt(knn.reduce((a, b) => a + (b - mean) ** 2, 0) / (knn.length || 1));
    return { mean, sd, count: knn.length };
  });
}

/**
 * How far to trust the proposed marks (0..1) and why a teacher should look: poor OCR, an
 * answer unlike every other answer, numbering that did not match, conflicting evidence, what
 * the guard rules caught (no answer, the question repeated, an off-topic answer), or the
 * teacher's marks moving a question `moved` (a share) away from the engine's own reading, or a
 * scan that is hard to read (`hardToRead`: its reading was mostly noise or unsure throughout).
 */
export function reviewOf(
  ocr: number | null,
  perQuestion: (Standing | null)[][],
  standings: ClassStandings,
  i: number,
  numbered: boolean,
  guardReasons: ReviewReason[] = [],
  moved = 0,
  hardToRead = false,
): { confidence: number; reasons: ReviewReason[] } {
  const reasons: ReviewReason[] = [...new Set(guardReasons)];
  // An answer the guard rules caught is still marked, but with less trust in the exact marks.
  let confidence = reasons.length ? 0.7 : 0.9;
  if (ocr !== null) {
    confidence -= Math.max(0, 0.9 - ocr) * 0.8;
    if (ocr < POOR_OCR) reasons.push('poor-ocr');
  }
  // A scan whose reading was mostly noise, or unsure throughout: the teacher reads it herself.
  if (hardToRead) {
    confidence = Math.min(confidence, 0.4);
    reasons.push('hard-to-read');
  }
  if (!numbered) {
    confidence -= 0.3;
    reasons.push('answer-not-numbered');
  }
  const n = perQuestion[0]?.length ?? 0;
  if (n < SMALL_BATCH) confidence -= 0.1;
  else {
    const outlier = perQuestion.some((fs, qi) => {
      const mine = fs[i];
      const { mean, sd, count } = standings[qi]!;
      const z = sd > 1e-9 && mine ? (mine.knn - mean) / sd : 0;
      return mine && count >= SMALL_BATCH && z < -2 && mine.knn < 0.2;
    });
    if (outlier) {
      confidence -= 0.25;
      reasons.push('unlike-other-answers');
    }
  }
  const mixed = perQuestion.some((fs) => {
    const f = fs[i];
    return f ? Math.abs(f.zCover - f.zCentroid) > 2 : false;
  });
  if (mixed) confidence -= 0.15;
  // The teacher's marks moved a question far from what the engine read in the answer: the run
  // disagrees with its own reading, so the mark is less sure and the teacher should look.
  if (moved > MOVED) {
    confidence -= Math.min(0.5, moved * 1.5);
    reasons.push('moved-by-calibration');
  }
  return { confidence: Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100, reasons };
}
