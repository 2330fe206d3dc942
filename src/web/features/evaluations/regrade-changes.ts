import { formatMarks } from '../../lib/marks';

/** Each question's marks as the engine gave them, by question number. */
export type MarksByQuestion = Record<string, number>;

/**
 * What a regrade after correcting one question's reading changed in the answer's other questions
 * (the answer is graded whole again: a question may now read as answering another), in words:
 * "Question 2 changed too: 1.5 → 1.", or null when none did.
 */
export function otherQuestionsChanged(
  corrected: string,
  before: MarksByQuestion,
  after: MarksByQuestion,
): string | null {
  const changed = Object.keys(after).filter(
    (n) => n !== corrected && n in before && before[n] !== after[n],
  );
  if (!changed.length) return null;
  const each = changed.map(
    (n) => `question ${n}: ${formatMarks(before[n]!)} → ${formatMarks(after[n]!)}`,
  );
  const list = each.join(', ');
  return `${changed.length === 1 ? 'Another question changed too' : 'Other questions changed too'} (${list}): the whole answer is marked again.`;
}
