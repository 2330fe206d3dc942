import { FULL_MARKS_PREFIX } from '../shared/evaluations';
import type { MathsFinding, MathsVerdict } from './maths/types';
import { isFunctionWord } from './text';
import type { QuestionResult } from './types';

/** How feedback shows a key point: whole (the default), or named by its first words (keyPointName). */
export type PointLabel = (point: string) => string;

/**
 * How results name an answer the teacher accepted from a student's work: never by its words, which
 * are a classmate's (the teacher sees the words in her list of accepted answers).
 */
export const ACCEPTED_BY_TEACHER = 'an answer your teacher accepted as right';

/** A name that stands for a point without quoting it ("an answer your teacher accepted…"). */
const isName = (point: string) =>
  point === ACCEPTED_BY_TEACHER || point === `the rest of ${ACCEPTED_BY_TEACHER}`;

/** What a key point too short to name without giving it away is called. */
export const A_KEY_POINT = 'a key point';

/**
 * A key point named by its first words, never quoted whole: a third of its words, at most three,
 * then "…", and as many more as it takes to name a word of content ("If one light…", not "If
 * one…"). Feedback names what is missing this way while the model answer must stay private (a
 * student who had her marks back could otherwise pass the model answer on before the others
 * hand in). A one-word point has no shorter name, nor has one that only its last word would name
 * ("The…" for "The ohm"): it is "a key point". A name such as ACCEPTED_BY_TEACHER stays whole.
 */
export function keyPointName(point: string): string {
  if (isName(point)) return point;
  const words = point.trim().split(/\s+/);
  const content = (w: string) => !isFunctionWord(w.replace(/[^\p{L}\p{N}]/gu, ''));
  let keep = Math.min(3, Math.max(1, Math.floor(words.length / 3)));
  while (keep < words.length && !words.slice(0, keep).some(content)) keep++;
  if (keep >= words.length) return A_KEY_POINT;
  return `${words.slice(0, keep).join(' ')}…`;
}

/**
 * Points as a sentence lists them: quoted ("…"; "…"), a name such as ACCEPTED_BY_TEACHER as it
 * is, and those with no name to show (A_KEY_POINT) or beyond `max` counted at the end ("and one
 * more key point").
 */
function list(items: string[], max = 3, label: PointLabel = (s) => s): string {
  const named = items.slice(0, max).map(label);
  const shown = named.filter((n) => n !== A_KEY_POINT).map((n) => (isName(n) ? n : `"${n}"`));
  const unnamed = named.length - shown.length;
  const over = Math.max(0, items.length - max);
  if (!unnamed) return shown.join('; ') + (over ? ` and ${over} more` : '');
  const rest = unnamed + over;
  const points = rest === 1 ? 'key point' : 'key points';
  if (!shown.length) return rest === 1 ? A_KEY_POINT : `${rest} ${points}`;
  return `${shown.join('; ')} and ${rest === 1 ? 'one' : rest} more ${points}`;
}

/**
 * A rule's note as the student reads it, about her answer: "Your answer is not about this
 * question.", where the teacher's list says "The answer is not about this question.".
 */
function toStudent(note: string): string {
  return note
    .replace(/^The answer\b/, 'Your answer')
    .replace(/^This (reads as|may be) an answer to/, 'Your answer $1 one to');
}

/** Rule notes a student can act on: the answer is for another question, a list, the question, off-topic. */
const ACTIONABLE = new Set([
  'contradicts-model',
  'answers-other-question',
  'keyword-list',
  'repeats-question',
  'off-topic',
]);

/** What questionFeedback reads of a question's result (older stored results lack the optional parts). */
export type FeedbackQuestion = Pick<QuestionResult, 'marks' | 'total' | 'matched' | 'missing'> &
  Partial<Pick<QuestionResult, 'contradicted' | 'note' | 'maths'>> & {
    reasons?: readonly string[];
  };

/** A finding in words that name neither the expected value nor the model answer's expression. */
const VERDICT_WORDS: Record<MathsVerdict, string> = {
  right: 'Right',
  equivalent: 'Right, written another way',
  'carried-error': 'Your earlier value carried forward correctly',
  'method-only': 'Method shown, but the value is not worked out',
  'wrong-unit': 'Right value, wrong unit',
  'missing-unit': 'Right value, but no unit',
  'wrong-magnitude': 'Wrong order of magnitude',
  'wrong-sign': 'Sign error',
  'wrong-value': 'Wrong value',
  'missing-term': 'A term is missing',
  'not-equivalent': 'Not the same as the expected expression',
  'not-found': 'Not found in the answer',
  unreadable: 'Could not be read; your teacher will check it',
};

/**
 * A finding's message for a student while the model answer is private: the verdict in words and
 * what she wrote, nothing derived from the model answer (no expected value, unit, ratio or term).
 * Built from the verdict rather than by editing the engine's message, so no wording can leak it.
 */
export function privateMathsMessage(f: Pick<MathsFinding, 'verdict' | 'read'>): string {
  return f.read
    ? `${VERDICT_WORDS[f.verdict]}: you wrote ${f.read}.`
    : `${VERDICT_WORDS[f.verdict]}.`;
}

/**
 * The sentence for one mathematical key point: the engine's message, or, while the model answer
 * must stay private (`label` given), the point named by its first words and privateMathsMessage.
 */
function mathsLine(f: MathsFinding, label?: PointLabel): string {
  if (!label) return f.message;
  return `"${label(f.point)}": ${privateMathsMessage(f)}`;
}

/**
 * One or two sentences about one question, from the key points matched and missed; `label`
 * says how each key point is shown (whole by default, or keyPointName).
 */
export function questionFeedback(q: FeedbackQuestion, label?: PointLabel): string {
  const parts: string[] = [];
  if (q.note && q.reasons?.some((r) => ACTIONABLE.has(r))) {
    const note = toStudent(q.note);
    parts.push(
      q.reasons.includes('keyword-list') ? `${note} Write each point as a sentence.` : note,
    );
  }
  // Mathematical key points speak for themselves (value, unit, sign); the rest in words.
  const maths = new Set(q.maths?.map((f) => f.point));
  const words = (xs: string[] = []) => xs.filter((x) => !maths.has(x));
  const [contradicted, matched, missing] = [q.contradicted, q.matched, q.missing].map(words);
  if (contradicted!.length) parts.push(`Contradicts: ${list(contradicted!, 3, label)}.`);
  if (matched!.length) parts.push(`You covered ${list(matched!, 3, label)}.`);
  // Every point covered and yet short of full marks: some are stated only in part (every point
  // stated in full earns full marks, verdict.ts), and the feedback says so rather than praise alone.
  const top = Math.floor(q.total * 2) / 2;
  if (
    matched!.length &&
    !missing!.length &&
    !contradicted!.length &&
    !q.maths?.length &&
    q.marks < top
  )
    parts.push('Some of them are stated only in part: say each one in full.');
  if (missing!.length)
    parts.push(
      `${matched!.length ? 'To improve, also' : 'Your answer should'} explain ${list(missing!, 3, label)}.`,
    );
  for (const f of q.maths ?? []) parts.push(mathsLine(f, label));
  if (!q.matched.length && !q.missing.length && !q.contradicted?.length)
    parts.push(
      q.marks >= q.total / 2
        ? 'Your answer matches the expected answer well.'
        : 'Your answer does not match the expected answer closely.',
    );
  return parts.join(' ');
}

/** The sentence about the diagram keywords an answer lacks, or null when it lacks none. */
export function diagramFeedback(missingKeywords: string[]): string | null {
  return missingKeywords.length ? `The diagram should show ${list(missingKeywords, 6)}.` : null;
}

/**
 * A short paragraph for the student, built only from what the engine found (matched and
 * missing key points, diagram keywords), so every sentence can be traced to the marks.
 */
export function feedback(questions: QuestionResult[], numbered: boolean): string {
  const full = questions.every((q) => q.marks >= q.total);
  const lines = questions.map(
    (q) => (numbered ? `Question ${q.number}: ` : '') + questionFeedback(q),
  );
  const diagram = diagramFeedback(questions[0]?.keywordsMissing ?? []);
  if (diagram) lines.push(diagram);
  return (full ? FULL_MARKS_PREFIX : '') + lines.join(numbered ? '\n' : ' ');
}
