import type { SubmissionRow } from '../../../shared/assignments';

/** "72%" for a confidence of 0.72. */
export function formatConfidence(confidence: number): string {
  return `${Math.round(Math.max(0, Math.min(1, confidence)) * 100)}%`;
}

const reasonTexts: Record<string, string> = {
  'poor-ocr': 'The scan was hard to read, so the text Markwise read may contain mistakes.',
  'hard-to-read':
    'Much of the scan could not be read (marks on the paper, or words the reader was unsure of): read the page and mark it yourself.',
  'answer-not-numbered':
    'The answer is not numbered like the model answer, so it was marked as a whole.',
  'unlike-other-answers': 'The answer is unlike the rest of the class.',
  'no-answer': 'The answer says the student does not know, so it got no marks.',
  'repeats-question':
    'The answer mostly repeats the question, so it keeps at most a tenth of the marks.',
  'off-topic':
    'The answer shares nothing with the model answer, the question or the rest of the class, so it keeps at most a tenth of the marks.',
  'no-key-point':
    'The answer states none of the key points and is only loosely about the question, so it keeps at most half the marks: check whether it answers it.',
  'answers-other-question':
    'The answer reads as an answer to another question of the paper, so it keeps at most a tenth of the marks.',
  'keyword-list':
    'The answer lists terms without sentences, so no key point is credited and it keeps at most a fifth of the marks.',
  'repeated-text': 'The answer repeats its own sentences; each was counted once.',
  'model-words-reordered':
    "The answer is the model answer's words in another order with next to nothing of its own; check that it states the key points rather than only using their words.",
  'contradicts-model':
    'The answer states the opposite of a key point of the model answer (stated in full, the opposite keeps at most 15% of the marks, or the share of the key points it does state when it states fewer than it contradicts; the opposite of a short main point, or another option picked, half that share); check them.',
  'moved-by-calibration':
    'Your marks on other answers moved this one far from what Markwise read in it; the reason is under the question.',
  'maths-unreadable':
    'Part of the answer looks like a calculation or an equation Markwise could not read; check what it read under the question and correct the reading if needed.',
};

/**
 * Why the engine asks the teacher to look at an answer, in words: its reason codes, or its
 * low confidence when it gave no reason.
 */
export function reviewReasonTexts(reasons: string[], confidence: number): string[] {
  const texts = reasons.map(
    (r) => reasonTexts[r] ?? r.charAt(0).toUpperCase() + r.slice(1).replaceAll('-', ' ') + '.',
  );
  return texts.length
    ? texts
    : [`Markwise is not confident of these marks (${formatConfidence(confidence)}).`];
}

/** What a grades-table row says about its marks, for the teacher's review. */
export interface RowReview {
  source: 'AI' | 'Teacher' | null;
  /** The engine could not read the PDF (so the row has no marks: N/E). */
  unreadable: boolean;
  /** Flagged for the teacher's attention (an unreadable answer is flagged as unreadable instead). */
  needsReview: boolean;
  /** The AI's own proposal, shown beside a mark the teacher changed; null otherwise. */
  aiProposal: number | null;
}

/** Reads a grades-table row's marks source, flags and AI proposal. */
export function rowReview(row: SubmissionRow): RowReview {
  const unreadable = row.aiStatus === 'unreadable' && row.marksSource !== 'teacher';
  return {
    source: row.marksSource === 'ai' ? 'AI' : row.marksSource === 'teacher' ? 'Teacher' : null,
    unreadable,
    needsReview: row.needsReview && !unreadable,
    aiProposal: row.marksSource === 'teacher' ? row.aiMarks : null,
  };
}
