import type { SimilarHandIn } from '../../../shared/similarity';

/** A share (0..1) as a whole percent. */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** "Ada", or "Old (Plants 2025, Biology 2025)" for a hand-in of an earlier class. */
export function handInName(h: Pick<SimilarHandIn, 'studentName' | 'earlier'>) {
  if (!h.earlier) return h.studentName;
  const where = [h.earlier.title, h.earlier.className].filter(Boolean).join(', ');
  return `${h.studentName} (${where})`;
}
