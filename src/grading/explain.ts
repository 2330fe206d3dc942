import { FULL_MARKS_PREFIX } from '../shared/evaluations';
import type { QuestionResult } from './types';

function list(items: string[], max = 3): string {
  const shown = items.slice(0, max).map((s) => `"${s}"`);
  const more = items.length > max ? ` and ${items.length - max} more` : '';
  return shown.join('; ') + more;
}

/** Rule notes a student can act on: the answer is for another question, a list, the question, off-topic. */
const ACTIONABLE = new Set([
  'contradicts-model',
  'answers-other-question',
  'keyword-list',
  'repeats-question',
  'off-topic',
]);

/** One or two sentences about one question, from the key points matched and missed. */
function questionFeedback(q: QuestionResult): string {
  const parts: string[] = [];
  if (q.note && q.reasons?.some((r) => ACTIONABLE.has(r))) {
    parts.push(
      q.reasons.includes('keyword-list') ? `${q.note} Write each point as a sentence.` : q.note,
    );
  }
  if (q.contradicted?.length) parts.push(`Contradicts: ${list(q.contradicted)}.`);
  if (q.matched.length) parts.push(`You covered ${list(q.matched)}.`);
  if (q.missing.length)
    parts.push(
      `${q.matched.length ? 'To improve, also' : 'Your answer should'} explain ${list(q.missing)}.`,
    );
  if (!q.matched.length && !q.missing.length && !q.contradicted?.length)
    parts.push(
      q.marks >= q.total / 2
        ? 'Your answer matches the expected answer well.'
        : 'Your answer does not match the expected answer closely.',
    );
  return parts.join(' ');
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
  const missingKeywords = questions[0]?.keywordsMissing ?? [];
  if (missingKeywords.length) lines.push(`The diagram should show ${list(missingKeywords, 6)}.`);
  return (full ? FULL_MARKS_PREFIX : '') + lines.join(numbered ? '\n' : ' ');
}
