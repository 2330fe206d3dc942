import type { Features } from './features';
import type { ContradictionKind } from './judge';
import {
  CONTRADICTION_CAP,
  COPY_OF_MODEL,
  IRRELEVANT_CAP,
  LEANS_RATIO,
  LIST_CAP,
  OFF_TOPIC_WORDS,
  OTHER_MIN_WORDS,
  OTHER_QUESTION_MIN,
  PARTIAL_BASE,
  REPEATED,
  SMALL_SHARE,
  UNRELATED,
} from './rules';
import type { Form } from './form';
import type { Relevance } from './relevance';
import type { ReviewReason } from './types';

/**
 * Rules that make a question's mark agree with its reasons. The fitted model proposes a share;
 * these rules bound it by what the engine found: whether the answer addresses this question,
 * whether it states the key points in sentences, and whether it is an answer at all. The bounds
 * hold after teacher calibration too, so a flag's reason and the mark never disagree.
 */

/** What the rules decided for one answer to one question. */
export type Decision = {
  /** The share before calibration. */
  share: number;
  /** Bounds the share keeps after calibration. */
  floor: number;
  cap: number;
  reasons: ReviewReason[];
  /** A sentence for the teacher and student when a rule decided the mark. */
  note: string | null;
};

/** What the engine found about one answer to one question, beside its features. */
export type Evidence = {
  text: string;
  form: Form;
  relevance: Relevance;
  matched: number;
  /** How many it states in full (see FULL_STATEMENT). */
  full: number;
  /** How many key points it contradicts. */
  contradicted: number;
  /**
   * Whether the first (main) key point, a short verdict (see MAIN_POINT_WORDS), is stated
   * backwards in full, by an antonym, another number or swapped roles, not by a negation alone
   * (see fullContradiction).
   */
  mainContradicted: boolean;
  /** How each contradicted key point was contradicted. */
  contradictionKinds: ContradictionKind[];
  /**
   * Whether a sentence states the opposite of a key point in full (see FULL_STATEMENT) by an
   * antonym, another number or swapped roles, not by a negation alone.
   */
  fullContradiction: boolean;
  keyPoints: number;
  /**
   * When every key point is mathematics: the share its findings earn, and whether part of the
   * answer looked like mathematics that could not be read. Null for a question of words.
   */
  maths: { share: number; unreadable: boolean } | null;
};

/**
 * "I don't know", "no idea", "no clue", "I'm not sure", "I don't understand", "tell me the
 * answer", "I give up", "N/A", "not answered", "?", "-": an answer that declines to answer,
 * however it ends (a scan's full stop is often read as a comma: "i dont know,") and however its
 * apostrophe was typed or misspelt ("i don"t know", "i dint know"). On SemEval's training answers
 * it finds 129 refusals (65 before the longer list), none among those marked right.
 */
const NON_ANSWER =
  /^(?:(?:i\s+)?(?:still\s+)?(?:do\s*not|don['"’]?t|dont|dint|didn['"’]?t|didnt|dnt)\s*(?:know|knpw|understand|get\s+it|remember)(?:\s+(?:the\s+answer|the\s+rest|this|it|then|actually))?|(?:i\s+have\s+)?no\s+(?:idea|clue)|(?:i\s*(?:am|['"’]?m)\s+)?not\s+sure(?:\s+of\s+the\s+answer)?|unsure|(?:please\s+)?tell\s+(?:me\s+)?(?:the\s+)?answer|i\s+give\s+up|i\s+forg[oe]t|dunno|no\s+answer|not\s+answered|unanswered|n\/?a|none|pass|skip(?:ped)?|idk|\?+|-+|\.+)[\s.,;:!?-]*$/i;

/** Whether the text is only a refusal to answer (after trimming). */
export function isNonAnswer(text: string): boolean {
  return NON_ANSWER.test(text.trim());
}

/**
 * A formula or code ("O(n)", "a[i] = *(a+i)"): something of the answer's own that word counts do
 * not read, so "no term of its own" cannot be said of it.
 */
const FORMULA = /[=<>*+^[\]{}]|\w\(/;

const bound = (share: number, cap: number, reasons: ReviewReason[], note: string | null) => ({
  share: Math.min(share, cap),
  floor: 0,
  cap,
  reasons,
  note,
});

/** Applies the rules to the model's share of one answer to one question. */
export function decide(share: number, f: Features, e: Evidence): Decision {
  if (isNonAnswer(e.text)) return bound(0, 0, ['no-answer'], null);
  // A calculation or algebra question is marked by what its findings earn, each named in the
  // result: nothing from word overlap, and the teacher's marks on other answers do not move it.
  if (e.maths) {
    const { share: m, unreadable } = e.maths;
    return {
      share: m,
      floor: m,
      cap: m,
      reasons: unreadable ? ['maths-unreadable'] : [],
      note: null,
    };
  }
  if (e.form.keywordList)
    return bound(
      share,
      LIST_CAP,
      ['keyword-list'],
      'The answer lists terms without sentences, so no key point is credited.',
    );
  // The model answer copied out; its words shuffled keep the same words and letters but are no
  // copy, nor is it with a key point turned round ("not connected" copied as "connected").
  if (
    f.cover >= COPY_OF_MODEL &&
    f.charModel >= COPY_OF_MODEL &&
    !e.form.reordered &&
    !e.form.garbled &&
    e.contradicted === 0
  )
    return { share: 1, floor: 1, cap: 1, reasons: [], note: null };
  const { relevance: r, form } = e;
  if (r.verdict === 'other-question' && r.other && form.contentWords >= OTHER_MIN_WORDS)
    return bound(
      share,
      IRRELEVANT_CAP,
      ['answers-other-question'],
      `This reads as an answer to question ${r.other.number}, not to this one.`,
    );
  // Closer to another question than to its own, and none of this question's key points: likely
  // an answer to that question, though the evidence is weaker; a small share until the teacher looks.
  if (
    r.other &&
    form.contentWords >= OTHER_MIN_WORDS &&
    e.keyPoints > 0 &&
    e.matched === 0 &&
    r.other.score >= OTHER_QUESTION_MIN &&
    r.other.score > LEANS_RATIO * r.own
  )
    return bound(
      share,
      SMALL_SHARE,
      ['answers-other-question'],
      `This may be an answer to question ${r.other.number} rather than to this one.`,
    );
  const unrelated = f.cover === 0 && f.charModel <= UNRELATED && f.charCentroid <= UNRELATED;
  if (r.verdict === 'off-topic' && unrelated && e.form.contentWords >= OFF_TOPIC_WORDS)
    return bound(share, IRRELEVANT_CAP, ['off-topic'], 'The answer is not about this question.');
  if (form.copiesQuestion)
    return bound(share, IRRELEVANT_CAP, ['repeats-question'], 'The answer repeats the question.');
  // Nothing of its own to credit ("one", "just one per class" where the answer is "unlimited"):
  // no word beyond the question's own, none of the model's: its marks could only come from
  // classmates who wrote the same, and a popular wrong answer is not a right one. Like the
  // question copied out, it keeps at most a tenth.
  if (
    form.ownWords === 0 &&
    e.keyPoints > 0 &&
    e.matched === 0 &&
    f.cover === 0 &&
    !FORMULA.test(form.text)
  )
    return bound(
      share,
      IRRELEVANT_CAP,
      ['no-key-point'],
      'The answer has none of the model answer’s terms and states none of its key points.',
    );
  const reasons: ReviewReason[] = form.repeatedShare >= REPEATED ? ['repeated-text'] : [];
  // The model's words rearranged may state its key points by their words alone: never full marks
  // without a teacher's look.
  // Strung together out of grammatical order, they are flagged the same way, without the cap.
  if (form.reordered || form.garbled) reasons.push('model-words-reordered');
  const note = reasons.includes('repeated-text') ? 'Repeated sentences were counted once.' : null;
  // Stating the opposite of a key point in full (an antonym, another number, the roles swapped)
  // and none of the others keeps next to nothing. A negation alone, or a sentence that touches
  // the point only in part, is flagged but not marked down: read in the conditionals of a
  // definition ("if none is defined, the compiler creates one") a negation misleads.
  if (e.keyPoints > 0 && e.contradicted > 0 && e.matched === 0) {
    if (e.fullContradiction)
      return bound(
        share,
        CONTRADICTION_CAP,
        [...reasons, 'contradicts-model'],
        'The answer states the opposite of the model answer.',
      );
    return {
      share,
      floor: 0,
      cap: 1,
      reasons: [...reasons, 'contradicts-model'],
      note: 'The answer seems to state the opposite of the model answer.',
    };
  }
  // Another option picked than the model answer's, or the other answer to its yes-or-no question
  // ("No, because foil is a metal…" where it says "Yes."): the answer's verdict is wrong whatever
  // its reasons, so the question keeps little: half the share of the other points it states.
  if (e.keyPoints > 0 && e.contradictionKinds.includes('choice'))
    return bound(
      share,
      Math.max(CONTRADICTION_CAP, (0.5 * e.matched) / e.keyPoints),
      [...reasons, 'contradicts-model'],
      'The answer gives another answer than the model answer, whatever its reasons.',
    );
  // The model answer's first, main point, its verdict, stated backwards in full ("It gets
  // brighter" where it says "Dimmer."), by an opposite, another number or the roles swapped: the answer's verdict is
  // wrong, so its reasons keep what they would beside another option picked.
  if (e.keyPoints > 1 && e.mainContradicted)
    return bound(
      share,
      Math.max(CONTRADICTION_CAP, (0.5 * e.matched) / e.keyPoints),
      [...reasons, 'contradicts-model'],
      "The answer states the opposite of the model answer's main point.",
    );
  // More key points stated backwards (in full) than stated: a contradiction is evidence against
  // the answer, not a point merely missed, so it keeps no more than the share of the points it
  // states (a teacher's "2 per point" gives nothing for a point stated backwards). It moves no
  // Mohler mark.
  if (e.keyPoints > 0 && e.contradicted > e.matched && e.fullContradiction)
    return bound(
      share,
      Math.max(CONTRADICTION_CAP, e.matched / e.keyPoints),
      [...reasons, 'contradicts-model'],
      'The answer states the opposite of part of the model answer.',
    );
  if (e.keyPoints > 0 && e.full === e.keyPoints && !reasons.length)
    return { share: 1, floor: 1, cap: 1, reasons, note: null };
  // Words rearranged keep no more than an answer with a key point missing until the teacher looks.
  const top = form.reordered ? PARTIAL_BASE - 0.05 : 1;
  if (e.matched === 0 && e.keyPoints > 0) {
    // Loosely about the question and none of its key points: the teacher looks (issue 20: an
    // answer that states no key point is flagged with that reason), the mark kept to half.
    if (r.verdict !== 'relevant')
      return bound(
        share,
        SMALL_SHARE,
        [...reasons, 'no-key-point'],
        'The answer states none of the key points.',
      );
    return {
      share: Math.min(share, top),
      floor: 0,
      cap: top,
      reasons,
      note:
        note ??
        'No key point is stated in the model answer’s words; the marks come from how close the answer is to the model answer and to the class’s answers.',
    };
  }
  // A key point missing: the mark cannot be full, or the feedback would praise and ask at once.
  if (e.keyPoints > 0 && e.matched < e.keyPoints)
    return bound(
      share,
      PARTIAL_BASE + (1 - PARTIAL_BASE) * (e.matched / e.keyPoints) - 0.05,
      reasons,
      note,
    );
  return { share: Math.min(share, top), floor: 0, cap: top, reasons, note };
}

/** A calibrated share kept within the bounds the rules set. */
export function settle(share: number, d: Decision): number {
  return Math.min(d.cap, Math.max(d.floor, share));
}
