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
 * Most content words a model answer's first key point may have to count as its verdict, whose
 * opposite stated in full caps the question ("Dimmer.", "The bulb will light."): a longer first
 * point is an explanation, read against an answer's sentences only in part.
 */
export const MAIN_POINT_WORDS = 3;

// ---- Is it an answer to this question? (relevance.ts, verdict.ts) ----

/**
 * Closeness (0..1, to a question's text, model answer and the class's answers to it) another
 * question must reach before an answer is said to answer it or to lean to it: below this, two
 * questions of a paper share too little to tell which one an answer addresses.
 */
export const OTHER_QUESTION_MIN = 0.2;

/**
 * An answer reads as an answer to another question when that question is this many times closer
 * than its own, plus OTHER_QUESTION_MARGIN (checked on dev: few real answers cross it, see
 * docs/grading.md). Such an answer keeps at most IRRELEVANT_CAP.
 */
export const OTHER_QUESTION_RATIO = 2;
export const OTHER_QUESTION_MARGIN = 0.05;

/**
 * A weaker sign, only flagged, never marked down: an answer that states no key point and is this
 * many times closer to another question than to its own "leans to" that question. Lower than
 * OTHER_QUESTION_RATIO because it only asks the teacher to look.
 */
export const LEANS_RATIO = 1.5;

/**
 * Fewest content words before an answer is said to answer another question: a terse answer shares
 * too few words with any question to tell which one it answers, so it is only loosely related.
 */
export const OTHER_MIN_WORDS = 6;

/** Closeness under which an answer is off-topic, when no other question is nearer than OFF_TOPIC_OTHER. */
export const OFF_TOPIC = 0.02;
export const OFF_TOPIC_OTHER = 0.1;

/** Fewest content words before an answer unrelated to everything is called off-topic. */
export const OFF_TOPIC_WORDS = 4;

/** Closeness under which an answer is only loosely related to its question. */
export const WEAK = 0.06;

/** Character-trigram similarity under which an answer shares nothing with the model or the class. */
export const UNRELATED = 0.1;

// ---- Caps and floors (verdict.ts) ----

/**
 * Most of the marks an answer keeps that addresses another question, is off-topic, copies the
 * question or adds nothing of its own to it.
 */
export const IRRELEVANT_CAP = 0.1;

/** Most of the marks a list of terms keeps. */
export const LIST_CAP = 0.2;

/** Most of the marks an answer keeps that is only loosely related and states no key point. */
export const SMALL_SHARE = 0.5;

/**
 * An answer with a key point missing stops short of full marks: at most this, less 0.05, plus a
 * little per point made.
 */
export const PARTIAL_BASE = 0.95;

/** Share of repeated words above which the repetition is flagged. */
export const REPEATED = 0.3;

/** An answer with nearly all the model answer's terms and character trigrams is the model answer. */
export const COPY_OF_MODEL = 0.9;

// ---- Form: sentences or a list of terms (nlp.ts, form.ts) ----

/**
 * Share of words that are function words (determiners, prepositions, auxiliaries, pronouns,
 * conjunctions, particles) at or above which a run of words reads as a sentence. English prose
 * runs at 40–50%; terse but real answers ("stack pops the top element") at about 10%; a list of
 * terms at 0–5%. One value for a sentence and for a whole answer.
 */
export const STRUCTURE_SHARE = 0.08;

/** Words in a row, none of them a function word, that make a list of terms rather than a clause. */
export const LIST_RUN = 5;

/** Fewest content words before an unstructured answer counts as a list of terms. */
export const LIST_MIN_WORDS = 5;

/** The same when the model answer is a phrase: its words in another order. */
export const LIST_MIN_PHRASE = 3;

/** Share of the model's words a list must hold to be the model's words shuffled. */
export const SHUFFLED_COVER = 0.6;

/**
 * Share of an answer's content words that are neither the model answer's nor the question's at
 * most which an answer made of the model's words in another order is flagged as reordered: a
 * student who writes her own sentence adds words of her own.
 */
export const REORDERED_FOREIGN = 0.1;

/**
 * Share of such an answer's neighbouring content words that stand in the model's order at most
 * which it reads as rearranged: the model's words in a random order keep about one pair in n, a
 * student who copies or follows the model keeps most.
 */
export const REORDERED_PAIRS = 0.25;

/**
 * Fluency (fluency.ts: mean log-chance of each part of speech after the one before) under which an
 * answer made of the model's words (REORDERED_FOREIGN, SHUFFLED_COVER) reads as words strung
 * together rather than written: flagged as reordered, not marked down, since the tagger can be
 * wrong. Fluent answers score about −1.5 to −2.1 (idioms such as "last in first out", and words the
 * tagger misreads, cost most). With GARBLED_MARGIN, GARBLED_PAIRS and GARBLED_MIN_WORDS, on
 * one-question assignments of the SemEval training data (every third question), 47 of 61 model
 * answers' words shuffled with "the", "is" and "of" between them are flagged or held to 30% (30
 * with the reordering rule alone); 28 of 3,071 real answers are flagged as reordered (19 before),
 * and none more of Mohler's 1,374. A margin of 0.3 and two words caught 55 of 61 but flagged 13
 * right Mohler answers ("public and private" for "Private and public").
 */
export const GARBLED_FLUENCY = -2;

/**
 * …and this far under the model answer's own fluency: the tagger misreads some sentences of any
 * subject ("Bulb A gets dimmer" reads "A" as a determiner), and the model answer's words keep its
 * misreadings, so an answer is judged against the model's own sentences.
 */
export const GARBLED_MARGIN = 0.5;

/**
 * …and with at most this share of its neighbouring content words in the model's order: the model
 * answer copied out (all of them) is no string of words, however the tagger reads it.
 */
export const GARBLED_PAIRS = 0.67;

/** Fewest content words for the fluency of an answer of the model's words to be judged: two are a terse answer in any order. */
export const GARBLED_MIN_WORDS = 3;

/**
 * Longest sentence that ending on "is" after something other than a pronoun reads as left hanging
 * ("damaged bulb is", "battery path is") rather than elliptical ("…, but the bulb is"). With
 * "the", "and" or "of" as the last word, this flags 57 of 61 shuffled model answers on one-question
 * assignments instead of 49, and not one more of the 10,284 real answers of Mohler and SemEval.
 */
export const HANGING_WORDS = 4;

/** Share of words in structured sentences under which an answer is a list of terms. */
export const LIST_SHARE = 0.5;

/** Share of the question's content words an answer must repeat to count as copying it. */
export const COPY_COVERS = 0.9;

// ---- Key points (judge.ts, wordnet.ts) ----

/** Longest sentence (in words) whose negation is read as denying a key point; longer ones nest clauses. */
export const NEGATION_WINDOW = 20;

/** How many of a word's senses count for its synonyms: the rarer senses mislead more than they help. */
export const SYNONYM_SENSES = 2;

/**
 * How many for its antonyms: a few more, since opposites are rarer, but not all ("base" in its
 * eighth sense is the opposite of "right").
 */
export const ANTONYM_SENSES = 3;

// ---- Review: what the teacher should look at (review.ts) ----

/** OCR confidence below which a teacher should check what was read. */
export const POOR_OCR = 0.7;

/** Batches smaller than this give little evidence about what a typical answer looks like. */
export const SMALL_BATCH = 5;

// ---- The teacher's marks (calibrate.ts, review.ts) ----

/**
 * Share at or above which the engine reads an unflagged answer as right (it states every key point,
 * or misses at most a small part of one). The teacher's marks move such an answer only by what she
 * gave answers read as right too: marking weak answers down says nothing about a right one, and
 * pulling it down would mark it against its own reasons.
 */
export const CLEARLY_RIGHT = 0.9;

/** Share of a question's marks calibration may move an answer before its confidence falls. */
export const MOVED = 0.15;
