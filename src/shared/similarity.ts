import { z } from 'zod';

/**
 * Similar hand-ins: pairs of an assignment's hand-ins (and of the same assignment in the
 * teacher's earlier classes) that share unusual passages. A pair is a flag for the teacher to
 * judge, never a change of marks. Teachers of the assignment only; shared by server and web app.
 */

/** One hand-in of a pair. */
export const similarHandIn = z.object({
  submissionId: z.string(),
  studentName: z.string(),
  /** Share (0..1) of this hand-in's own words (not the papers') that the other hand-in has too. */
  share: z.number(),
  /** For a hand-in of an earlier class: that assignment's title and class (null: this class). */
  earlier: z.object({ title: z.string(), className: z.string().nullable() }).nullable(),
});
export type SimilarHandIn = z.infer<typeof similarHandIn>;

export const similarPair = z.object({
  a: similarHandIn,
  b: similarHandIn,
  /** Words in shared passages (in the hand-in that has more of them). */
  sharedWords: z.number().int(),
  passages: z.number().int(),
});
export type SimilarPair = z.infer<typeof similarPair>;

/** A hand-in named, with nothing else (identical groups, hand-ins with no text). */
export const namedHandIn = z.object({ submissionId: z.string(), studentName: z.string() });
export type NamedHandIn = z.infer<typeof namedHandIn>;

/**
 * The question paper or the model answer, and whether its text was left out of the comparison:
 * not when it could not be read (then students who quote it may be listed), with the reason.
 */
export const paperState = z.object({
  paper: z.enum(['question-paper', 'model-answer']),
  ignored: z.boolean(),
  /** Why its text was not left out (null when it was). */
  reason: z.string().nullable(),
});
export type PaperState = z.infer<typeof paperState>;

/** Hand-ins compared at most in one report: this class's first, then earlier classes'. */
export const MAX_COMPARED_HAND_INS = 1000;

/** GET /api/assignments/:code/similarity */
export const similarityReport = z.object({
  /** Pairs over the flag line, most similar first. */
  pairs: z.array(similarPair),
  /** Pairs over the flag line not listed (the list keeps the most similar). */
  morePairs: z.number().int(),
  /** Hand-ins whose words are all the same, biggest group first. */
  identical: z.array(z.array(namedHandIn)),
  /** Hand-ins with no words of their own besides the question paper's and model answer's. */
  empty: z.array(namedHandIn),
  /** Hand-ins not read yet (scanned pages are read by Evaluate Now): not compared. */
  unread: z.array(namedHandIn),
  /** How many of this class's hand-ins were compared. */
  compared: z.number().int(),
  /** The same assignment in the teacher's earlier classes, compared too. */
  earlier: z.array(
    z.object({ title: z.string(), className: z.string().nullable(), handIns: z.number().int() }),
  ),
  /** The assignment's papers (only those it has), each left out of the comparison or not. */
  papers: z.array(paperState),
  /** Whether every paper the assignment has was left out (false: see `papers` for why not). */
  papersIgnored: z.boolean(),
  /**
   * Hand-ins read but not compared, beyond MAX_COMPARED_HAND_INS: this class's latest ones, then
   * the earlier classes' (null when all were compared).
   */
  overLimit: z
    .object({
      limit: z.number().int(),
      thisClass: z.number().int(),
      earlier: z.number().int(),
    })
    .nullable(),
  /** Phrases ignored because many hand-ins have them. */
  commonPhrases: z.number().int(),
  /** The flag line: a pair is listed when this share of either hand-in, and this many words, are shared. */
  flagLine: z.object({ share: z.number(), words: z.number().int() }),
});
export type SimilarityReport = z.infer<typeof similarityReport>;

/** One side of a pair in full: its text and where the shared passages stand in it. */
export const similarText = similarHandIn.extend({
  text: z.string(),
  /** [start, end) character offsets; passage i of one side matches passage i of the other. */
  passages: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SimilarText = z.infer<typeof similarText>;

/** GET /api/assignments/:code/similarity/pairs/:a/:b */
export const similarPairDetail = z.object({
  a: similarText,
  b: similarText,
  sharedWords: z.number().int(),
});
export type SimilarPairDetail = z.infer<typeof similarPairDetail>;

/** /api/assignments/:code/similarity/pairs/:a/:b */
export const similarPairParams = z.object({
  code: z.string().describe('Class code, e.g. K7PQ3XM (case and spaces are ignored)'),
  a: z.string().describe('Submission id of this class'),
  b: z.string().describe('Submission id of the other hand-in (this class or an earlier one)'),
});
