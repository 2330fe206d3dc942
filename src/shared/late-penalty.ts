import { z } from 'zod';
import { round2 } from './marks-rounding';

/**
 * Late work's arithmetic and what the responses carry of it (issue 23, part 5): the one function
 * that turns a total into the total after the late penalty (`latePenalty`), which the server uses
 * for every place a mark is shown. The request bodies are in ./late-work.
 */

/** How a late penalty counts: a percent per started 24 hours late, or one fixed percent. */
export const latePenaltyKinds = ['per-day', 'fixed'] as const;
export const latePenaltyKind = z.enum(latePenaltyKinds, {
  error: 'Choose a penalty per day late or a fixed share.',
});
export type LatePenaltyKind = z.infer<typeof latePenaltyKind>;

/** The late policy as everyone on the assignment reads it (the grades table's assignment block). */
export const latePolicy = z.object({
  acceptLate: z.boolean(),
  /** ISO-8601 UTC instant of the late cut-off; null while late work is not accepted. */
  lateUntil: z.string().nullable(),
  penaltyKind: latePenaltyKind,
  penaltyPercent: z.number(),
});
export type LatePolicy = z.infer<typeof latePolicy>;

export const NO_LATE_WORK: LatePolicy = {
  acceptLate: false,
  lateUntil: null,
  penaltyKind: 'per-day',
  penaltyPercent: 0,
};

/**
 * How late an answer was and what that costs, beside the marks it belongs to: `penaltyPercent`
 * of the marks is taken off, giving `penalisedMarks` (null while the marks are). Absent (null)
 * for an answer handed in on time.
 */
export const lateMark = z.object({
  lateSeconds: z.number().int().positive(),
  /** "1 day 4 h": how late, in words. */
  lateBy: z.string(),
  penaltyPercent: z.number(),
  penalisedMarks: z.number().nullable(),
});
export type LateMark = z.infer<typeof lateMark>;

const DAY = 86_400;

/**
 * The percent of the marks a hand-in `lateSeconds` late loses: none on time; per day, the
 * percent times each started 24 hours (25 hours late is 2 days); fixed, the percent once.
 * Never more than 100.
 */
export function penaltyPercentFor(
  lateSeconds: number,
  policy: Pick<LatePolicy, 'penaltyKind' | 'penaltyPercent'>,
): number {
  if (lateSeconds <= 0) return 0;
  const days = policy.penaltyKind === 'per-day' ? Math.ceil(lateSeconds / DAY) : 1;
  return Math.min(100, round2(policy.penaltyPercent * days));
}

/**
 * The one place a late penalty is applied: the marks after taking `penaltyPercent` of them off
 * (rounded to 2 decimals, never below 0), with how late in words; null for a hand-in on time.
 * "12 / 20 (15 / 20 − 20% late)" is 15 marks, 20% off.
 */
export function latePenalty(
  marks: number | null,
  lateSeconds: number,
  policy: Pick<LatePolicy, 'penaltyKind' | 'penaltyPercent'>,
): LateMark | null {
  if (lateSeconds <= 0) return null;
  const penaltyPercent = penaltyPercentFor(lateSeconds, policy);
  const penalisedMarks =
    marks === null ? null : Math.max(0, round2(marks - (marks * penaltyPercent) / 100));
  return { lateSeconds, lateBy: lateByText(lateSeconds), penaltyPercent, penalisedMarks };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * How late, in words: "1 day 4 h", "2 days", "3 h 5 min", "12 min" (at least "1 min"). Whole
 * units, rounded down, except that anything late is at least a minute.
 */
export function lateByText(lateSeconds: number): string {
  const minutes = Math.max(1, Math.floor(lateSeconds / 60));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0)
    return hours ? `${plural(days, 'day', 'days')} ${hours} h` : plural(days, 'day', 'days');
  if (hours > 0) return mins ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

/** A student's own deadline: her extension when it is later than the assignment's, else the assignment's. */
export function ownDeadline(deadline: string, extension: string | null | undefined): string {
  return extension && Date.parse(extension) > Date.parse(deadline) ? extension : deadline;
}
