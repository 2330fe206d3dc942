import { segment } from './segment';
import type { PreparedAssignment } from './types';

/** An answer's text for each question, and whether its numbering could be used. */
export type SplitAnswer = { texts: string[]; numbered: boolean };

/**
 * Splits a student's answer into the assignment's questions by number. When the assignment is
 * numbered but the answer is not, every question sees the whole answer (and the answer is
 * flagged for review by the caller).
 */
export function splitAnswer(prepared: PreparedAssignment, text: string): SplitAnswer {
  if (!prepared.numbered) return { texts: [text], numbered: true };
  const parts = segment(text);
  if (!parts) return { texts: prepared.questions.map(() => text), numbered: false };
  const texts = prepared.questions.map((q) =>
    parts
      .filter((p) => p.number === q.number)
      .map((p) => p.text)
      .join('\n'),
  );
  return { texts, numbered: true };
}
