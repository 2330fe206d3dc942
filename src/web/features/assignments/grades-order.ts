import type { SubmissionRow } from '../../../shared/assignments';

/** How the teacher orders the grades list: as the spec gives it (by name), or least sure first. */
export type GradesOrder = 'default' | 'least-sure';

/**
 * 0: flagged for review (an unreadable answer counts as flagged), 1: graded, 2: not graded yet,
 * 3: marked by the teacher, which is settled whatever the engine thought.
 */
function rank(r: SubmissionRow): number {
  if (r.marksSource === 'teacher') return 3;
  if (r.needsReview || r.aiStatus === 'unreadable') return 0;
  return r.aiStatus === 'graded' ? 1 : 2;
}

/**
 * The rows in `order`: the default keeps the server's order; "least sure" puts the answers the
 * engine is least sure of first (flagged for review, then by confidence, lowest first; no
 * confidence counts as lowest), then answers not graded yet, and the teacher's own marks last.
 * Ties keep the default order. Returns a new array.
 */
export function orderRows(rows: SubmissionRow[], order: GradesOrder): SubmissionRow[] {
  if (order === 'default') return rows;
  const sure = (r: SubmissionRow) => r.confidence ?? -1;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || sure(a.r) - sure(b.r) || a.i - b.i)
    .map(({ r }) => r);
}
