import { segment, segmentInline } from './segment';
import type { PreparedAssignment } from './types';

/** An answer's text for each question, and whether its numbering could be used. */
export type SplitAnswer = { texts: string[]; numbered: boolean };

/**
 * Splits a student's answer into the assignment's questions by number, at the start of lines or
 * else on one line (`segmentInline`). When the assignment is numbered but the answer is not,
 * every question sees the whole answer (and the answer is
 * flagged for review by the caller).
 */
export function splitAnswer(prepared: PreparedAssignment, text: string): SplitAnswer {
  if (!prepared.numbered) return { texts: [text], numbered: true };
  // numbered line by line, or else on one line ("1. … 2. …", as a scan of handwriting reads)
  const parts = segment(text) ?? segmentInline(text);
  if (!parts) return { texts: prepared.questions.map(() => text), numbered: false };
  const texts = prepared.questions.map((q) =>
    parts
      .filter((p) => p.number === q.number)
      .map((p) => p.text)
      .join('\n'),
  );
  return { texts, numbered: true };
}
