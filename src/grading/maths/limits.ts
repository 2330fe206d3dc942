/**
 * The budgets every reading and judgement of mathematics keeps to, so that no answer (a
 * 5,000-term sum, 10^10^10, OCR garbage) can slow a grading run: what is over budget is marked
 * unreadable and the rest goes on.
 */

/** Characters of one text read for mathematics; the rest is marked unreadable. */
export const MAX_TEXT_CHARS = 20_000;
/** Characters of one line or sentence that looks like mathematics. */
export const MAX_PART_CHARS = 400;
/** Tokens of one line or sentence that looks like mathematics. */
export const MAX_PART_TOKENS = 160;
/** Nodes of one expression (numbers, symbols, operations). */
export const MAX_NODES = 120;
/** Depth of brackets, powers and signs in one expression. */
export const MAX_DEPTH = 16;
/** Nodes of an expression handed to mathjs's symbolic simplification, which can be slow. */
export const MAX_SIMPLIFY_NODES = 30;
/** Top-level terms of an expression tried one by one for a sign error or a missing term. */
export const MAX_TERMS = 8;
/** Candidates of an answer compared with one key point. */
export const MAX_CANDIDATES = 40;
/** Wall-clock milliseconds one reading or one judgement may take; past it, parts are unreadable. */
export const BUDGET_MS = 50;

/** A point in time past which the work in hand stops and marks what is left unreadable. */
export type Deadline = { at: number };

/** A deadline `ms` from now. */
export function deadlineIn(ms: number = BUDGET_MS): Deadline {
  return { at: performance.now() + ms };
}

/** Whether the deadline has passed. */
export function overdue(d: Deadline): boolean {
  return performance.now() > d.at;
}
