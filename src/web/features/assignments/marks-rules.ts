/**
 * The marks input's step: the server keeps marks to 2 decimals (`marksBody` in shared), so the
 * browser's own check must accept 7.25 as the server does, not only halves.
 */
export const MARKS_STEP = 0.01;

/**
 * Reads marks typed by the teacher: a number from 0 to `total` with at most 2 decimals.
 * Returns the number, or the message to show.
 */
export function parseMarks(text: string, total: number): { marks: number } | { error: string } {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) {
    return { error: `Enter a number from 0 to ${total}, with at most 2 decimals.` };
  }
  const marks = Number(t);
  if (marks > total) return { error: `Marks cannot be more than the total of ${total}.` };
  return { marks };
}
