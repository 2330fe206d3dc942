/**
 * Every hand-set rule of the grading engine in one place, each with the reason for its value.
 * What data can fit is fitted (src/grading/model-weights.ts, by scripts/fit-grading-model.ts);
 * these are the judgments a teacher would make the same way in any subject.
 */

/** Share of a key point's words an answer's sentence must state for the point to count as made. */
export const MATCH_SHARE = 0.5;

/**
 * Credit for a word that means the same as the key point's word (a WordNet synonym of one of its
 * two commonest senses) rather than the word itself: a synonym is evidence, but weaker, since a
 * word's senses differ by subject.
 */
export const SYNONYM_CREDIT = 0.75;

/**
 * Credit for a word of a key point that the question already uses: repeating the question states
 * nothing, but a statement needs its subject ("topaz is the hardest"), so the question's words
 * count a little toward a key point as long as one of the point's own words is there too.
 */
export const QUESTION_WORD_CREDIT = 0.3;

/**
 * Degree at which a key point counts as stated in full, not just made: full marks need every key
 * point stated this fully, since a point made with half its words ("terminal 1 is connected" for
 * "terminals 1 and 2 are connected") may be exactly what makes the answer wrong.
 */
export const FULL_STATEMENT = 0.75;

/**
 * Most of the marks an answer keeps that states the opposite of a key point (by an antonym or
 * opposite direction, another number, or the roles swapped) and states none of the others: a
 * teacher gives a statement of the opposite next to nothing, however many of the right words it
 * uses. Only a full statement of the opposite counts (see FULL_STATEMENT).
 */
export const CONTRADICTION_CAP = 0.15;

/**
 * Share at or above which the engine reads an unflagged answer as right (it states every key point,
 * or misses at most a small part of one). The teacher's marks move such an answer only by what she
 * gave answers read as right too: marking weak answers down says nothing about a right one, and
 * pulling it down would mark it against its own reasons.
 */
export const CLEARLY_RIGHT = 0.9;
