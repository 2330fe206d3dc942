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
/** Quantities read from one text; the parts after them are unreadable (each costs unit conversions). */
export const MAX_QUANTITIES = 100;
/**
 * Work one symbolic simplification by mathjs counts for (it takes 10 to 80 ms): a judgement
 * affords a few of them, never one per candidate of a long answer.
 */
export const SIMPLIFY_WORK = 150_000;
/**
 * Wall-clock milliseconds one reading may take, a safety net for a stalled machine only; its real
 * bound is READ_WORK_BUDGET, so that a busy machine reads the same answer the same way. Past
 * either, the parts left are unreadable.
 */
export const READ_BUDGET_MS = 2_000;
/** Tokens one reading may go through, counting each try at an expression (a few milliseconds). */
export const READ_WORK_BUDGET = 200_000;
/**
 * Wall-clock milliseconds one judgement may take: a safety net only. The judge's real bound is
 * its count of work (WORK_BUDGET), which does not depend on how busy the machine is, so the same
 * answer always gets the same verdict.
 */
export const JUDGE_BUDGET_MS = 2_000;
/** Expression nodes one judgement may evaluate (about 40 ms of work, a few simplifications among it). */
export const WORK_BUDGET = 600_000;

/** When the work in hand stops: a point in time and an amount of work, whichever comes first. */
export type Deadline = { at: number; work: number; maxWork: number };

/** A deadline `ms` from now, with `maxWork` units of work. */
export function deadlineIn(ms: number, maxWork = Infinity): Deadline {
  return { at: performance.now() + ms, work: 0, maxWork };
}

/** Counts `units` of work against the deadline. */
export function spend(d: Deadline, units: number): void {
  d.work += units;
}

/** Whether the deadline has passed, in work or in time. */
export function overdue(d: Deadline): boolean {
  return d.work > d.maxWork || performance.now() > d.at;
}
