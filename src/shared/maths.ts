import { z } from 'zod';

/**
 * What the engine found for the mathematical key points of an answer, as the API carries it: the
 * same values as the engine's MathsFinding (src/grading/maths/types.ts), which `shared` cannot
 * import. Also the teacher's correction of a reading, which the owner's review carries.
 */

/** How an answer stands against one mathematical key point. */
export const mathsVerdict = z.enum([
  'right',
  'equivalent',
  'carried-error',
  'wrong-unit',
  'missing-unit',
  'wrong-magnitude',
  'wrong-sign',
  'wrong-value',
  'missing-term',
  'not-equivalent',
  'not-found',
  'unreadable',
]);
export type MathsVerdict = z.infer<typeof mathsVerdict>;

/** One mathematical key point of one answer: expected, read, verdict, credit and why. */
export const mathsFinding = z.object({
  point: z.string(),
  expected: z.string(),
  read: z.string().nullable(),
  verdict: mathsVerdict,
  credit: z.number(),
  message: z.string(),
});
export type MathsFinding = z.infer<typeof mathsFinding>;

/**
 * A finding as a student reads it: `expected` is null while the model answer's key points are
 * kept from students, and the message then names no expected value either.
 */
export const publishedFinding = mathsFinding.extend({ expected: z.string().nullable() });
export type PublishedFinding = z.infer<typeof publishedFinding>;

/** The teacher's correction of what the engine read for one question, with who and when. */
export const readingCorrection = z.object({
  question: z.string(),
  text: z.string(),
  /** Who corrected it (null once that account is gone). */
  correctedBy: z.string().nullable(),
  correctedAt: z.string(),
});
export type ReadingCorrection = z.infer<typeof readingCorrection>;
