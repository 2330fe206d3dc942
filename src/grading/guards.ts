import type { Features } from './features';
import type { ReviewReason } from './types';

/**
 * Rules laid over the fitted model for answers a teacher would judge at a glance. The model is
 * fitted on answers that nearly all try to answer, so on its own it keeps some marks for an
 * answer that is no answer and stops a little short of full marks for the model answer itself.
 * Each rule was checked on the dev split (see docs/grading.md) and none lowers its agreement.
 */

/** What the rules decided for one answer to one question: its share, and why a teacher should look. */
export type Guarded = { share: number; reasons: ReviewReason[] };

/** "I don't know", "no idea", "N/A", "?", "-": an answer that declines to answer. */
const NON_ANSWER =
  /^(?:i\s*(?:do\s*not|don'?t|dont)\s*know|(?:i\s+have\s+)?no\s+idea|no\s+answer|not\s+sure|n\/?a|none|pass|idk|\?+|-+|\.+)[\s.!?-]*$/i;

/** An answer that repeats the model answer (nearly all its terms and character trigrams). */
const COPY_OF_MODEL = 0.9;
/** Share of an answer's words taken from the question above which it mostly repeats the question. */
const REPEATS_QUESTION = 0.9;
/** Most of the marks an answer that only repeats the question can keep. */
const REPEATS_QUESTION_CAP = 0.5;
/** Character-trigram similarity under which an answer shares nothing with the model or the class. */
const UNRELATED = 0.1;
/** What is left of the model's share for an answer unrelated to the model answer, question and class. */
const UNRELATED_FACTOR = 0.65;

/** Whether the text is only a refusal to answer (after trimming). */
export function isNonAnswer(text: string): boolean {
  return NON_ANSWER.test(text.trim());
}

/** Fewest key points a question needs before matching all of them earns full marks. */
const ALL_KEY_POINTS = 2;

/**
 * Applies the rules to the model's share of one answer to one question. `keyPoints` says how
 * many of the question's key points there are and how many the answer matched: an answer that
 * matches every one (of at least two) gets full marks, so the marks agree with the explanation.
 */
export function guardShare(
  share: number,
  f: Features,
  text: string,
  keyPoints: { matched: number; total: number } = { matched: 0, total: 0 },
): Guarded {
  if (isNonAnswer(text)) return { share: 0, reasons: ['no-answer'] };
  if (f.cover >= COPY_OF_MODEL && f.charModel >= COPY_OF_MODEL) return { share: 1, reasons: [] };
  if (keyPoints.total >= ALL_KEY_POINTS && keyPoints.matched === keyPoints.total) {
    return { share: 1, reasons: [] };
  }
  if (f.questionOnly >= REPEATS_QUESTION) {
    return { share: Math.min(share, REPEATS_QUESTION_CAP), reasons: ['repeats-question'] };
  }
  if (
    f.cover === 0 &&
    f.questionOnly === 0 &&
    f.charModel <= UNRELATED &&
    f.charCentroid <= UNRELATED
  ) {
    return { share: share * UNRELATED_FACTOR, reasons: ['off-topic'] };
  }
  return { share, reasons: [] };
}
