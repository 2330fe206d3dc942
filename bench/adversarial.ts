/**
 * Adversarial answers built from the dev data, for the benchmark: what a student who wants marks
 * without knowing the answer would hand in. For every question of a paper: a fluent full-mark
 * answer to each other question of the same paper, the model answer's content words shuffled
 * into a list, the question itself, and a refusal.
 */
import { isContent, words } from '../src/grading/text';
import type { Paper } from './corpora';
import { rng } from './fit-model';

/** The kinds of adversarial answer, in the order the benchmark prints them. */
export const ADVERSARIAL_KINDS = [
  'other-question',
  'keyword-list',
  'question-text',
  'refusal',
] as const;
export type AdversarialKind = (typeof ADVERSARIAL_KINDS)[number];

/** One adversarial answer to question `qi` of a paper. */
export type Adversarial = { kind: AdversarialKind; qi: number; text: string };

const REFUSALS = ["I don't know.", 'No idea.', 'Not sure.', 'I do not know'];

/** A fluent answer that human graders gave full marks: the longest such answer (ties: first). */
function fullMarkAnswer(paper: Paper, qj: number): string | null {
  const rows = paper.questions[qj]!.answers.filter((r) => r.share === 1);
  // Longest first; a stable sort keeps the class's order among equals.
  const best = [...rows].sort((a, b) => b.answer.length - a.answer.length)[0];
  return best?.answer ?? null;
}

/**
 * Fewest content words a model answer needs before its shuffled words make a keyword list. With
 * fewer ("reference", "public private", "size operand bytes") the words in any order are the
 * terse correct answer itself, which a student who knows the answer would write and graders
 * mark as right, so no list is built for it.
 */
export const LIST_MIN_MODEL_WORDS = 5;

/** The model answer's content words in a seeded random order, without punctuation. */
export function shuffledKeywords(model: string, seed: number): string {
  const list = words(model).filter(isContent);
  const rand = rng(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list.join(' ');
}

/** Every adversarial answer for every question of a paper. Deterministic. */
export function adversarialAnswers(paper: Paper): Adversarial[] {
  return paper.questions.flatMap((q, qi) => [
    ...paper.questions.flatMap((_, qj) => {
      const text = qj === qi ? null : fullMarkAnswer(paper, qj);
      return text ? [{ kind: 'other-question' as const, qi, text }] : [];
    }),
    ...(words(q.model).filter(isContent).length >= LIST_MIN_MODEL_WORDS
      ? [{ kind: 'keyword-list' as const, qi, text: shuffledKeywords(q.model, 7 + qi) }]
      : []),
    { kind: 'question-text' as const, qi, text: q.question },
    { kind: 'refusal' as const, qi, text: REFUSALS[qi % REFUSALS.length]! },
  ]);
}
