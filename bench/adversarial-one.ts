/**
 * Adversarial answers on one-question assignments (SciEntsBank and Beetle questions), for the
 * grading benchmark: what a student who wants marks without knowing the answer hands in when the
 * assignment has a single question. Each is mixed into the question's real class and graded
 * through the app's path; the benchmark prints the mean share of the marks and how many are held
 * to at most 30% or flagged for review.
 */
import { gradeAnswers } from '../src/grading';
import { isContent, words } from '../src/grading/text';
import { loadSemeval, type CorpusQuestion } from './corpora';
import { rng, textDoc } from './fit-model';
import { prepareAssignment } from '../src/grading/prepare';

/** The kinds of adversarial answer on a one-question assignment. */
export const ONE_QUESTION_KINDS = [
  'unrelated-question',
  'shuffled-with-fillers',
  'question-echoed',
  'refusal',
] as const;
type Kind = (typeof ONE_QUESTION_KINDS)[number];

const FILLERS = ['the', 'is', 'of'];

/** The model answer's content words in a seeded order, with "the", "is" and "of" sprinkled in. */
export function shuffledWithFillers(model: string, seed: number): string {
  const list = words(model).filter(isContent);
  const rand = rng(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list.flatMap((w, i) => (i % 2 ? [w, FILLERS[i % 3]!] : [w])).join(' ');
}

/** A right answer to another question of another module: fluent, and about something else. */
function unrelatedAnswer(all: CorpusQuestion[], q: CorpusQuestion, k: number): string | null {
  const module = q.id.split('_')[0];
  const others = all.filter((o) => o.corpus === q.corpus && o.id.split('_')[0] !== module);
  const other = others[(k * 7) % others.length];
  const right = other?.answers.filter((a) => a.label === 'correct') ?? [];
  return right.sort((a, b) => b.answer.length - a.answer.length)[0]?.answer ?? null;
}

export type OneQuestionStats = Map<Kind, { n: number; share: number; caught: number }>;

/** Grades every n-th SemEval question's class with the adversarial answers mixed in. */
export function oneQuestionAdversarial(every = 3): OneQuestionStats {
  const all = loadSemeval();
  const stats: OneQuestionStats = new Map(
    ONE_QUESTION_KINDS.map((k) => [k, { n: 0, share: 0, caught: 0 }]),
  );
  all.forEach((q, k) => {
    if (k % every) return;
    const prepared = prepareAssignment({
      modelAnswer: textDoc(q.model),
      questionPaper: textDoc(q.question),
      totalMarks: 4,
    });
    const adversarial: [Kind, string | null][] = [
      ['unrelated-question', unrelatedAnswer(all, q, k)],
      ['shuffled-with-fillers', shuffledWithFillers(prepared.questions[0]!.modelText, k)],
      ['question-echoed', q.question],
      ['refusal', "I don't know."],
    ];
    const real = q.answers.map((a, i) => ({ id: `r${i}`, document: textDoc(a.answer) }));
    const tricks = adversarial.flatMap(([kind, text], i) =>
      text ? [{ kind, answer: { id: `a${i}`, document: textDoc(text) } }] : [],
    );
    const results = gradeAnswers(prepared, [...real, ...tricks.map((t) => t.answer)]);
    tricks.forEach((t, i) => {
      const r = results[real.length + i]!;
      if (r.status !== 'graded') return;
      const s = stats.get(t.kind)!;
      const share = r.marks / r.total;
      s.n++;
      s.share += share;
      if (share <= 0.3 || r.needsReview) s.caught++;
    });
  });
  return stats;
}

/** Prints the one-question adversarial figures. */
export function printOneQuestionAdversarial(): void {
  console.log(
    '\nAdversarial answers on one-question assignments (every third SciEntsBank and Beetle question, mixed into its class):',
  );
  for (const [kind, s] of oneQuestionAdversarial()) {
    console.log(
      `${kind.padEnd(22)} n=${String(s.n).padStart(3)}  mean share of marks ${((100 * s.share) / s.n).toFixed(1)}%  at most 30% or flagged ${((100 * s.caught) / s.n).toFixed(1)}% (${s.caught}/${s.n})`,
    );
  }
}
