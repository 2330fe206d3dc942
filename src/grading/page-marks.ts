import { findQuote, indexWords, placeOf, wordKeys } from './locate';
import type { Box } from './page-geometry';
import type { PageLayout } from './page-layout';
import type { PointEvidence } from './types';

/**
 * The engine's evidence drawn on the student's own pages: each sentence that states a key point,
 * and each that contradicts one, found among the words of the pages (text layer or OCR word
 * boxes) by its words in order; and where each question's answer begins.
 */

/** A key point's sentence on a page: one box per line it covers. */
export type Highlight = Box & {
  page: number;
  kind: PointEvidence['kind'];
  question: string;
  point: string;
};

/** Where a question's answer begins on the pages. */
export type QuestionStart = { question: string; page: number; y: number };

/** A question as marks on the page need it: its number, its answer as read, its evidence. */
export type QuestionOnPage = {
  number: string;
  answerText?: string;
  evidence?: PointEvidence[];
};

/** How many of an answer's first words find where it begins. */
const OPENING_WORDS = 12;

/**
 * Highlights and question starts for an answer's questions on its pages; `unplaced` counts the
 * sentences that could not be found on the pages (a reading too far from the page, an old
 * reading without OCR word boxes), which the review says rather than hides.
 */
export function marksOnPages(
  layouts: PageLayout[],
  questions: QuestionOnPage[],
): { highlights: Highlight[]; starts: QuestionStart[]; unplaced: number } {
  const index = indexWords(layouts);
  const highlights: Highlight[] = [];
  const starts: QuestionStart[] = [];
  let unplaced = 0;
  let from = 0;
  for (const q of questions) {
    const opening = wordKeys(q.answerText ?? '')
      .slice(0, OPENING_WORDS)
      .join(' ');
    const begins = opening ? findQuote(index, opening, from) : null;
    if (begins) {
      const { page, word } = index[begins.start]!;
      starts.push({ question: q.number, page, y: word.y });
      from = begins.start;
    }
    for (const e of q.evidence ?? []) {
      const at = findQuote(index, e.quote, begins?.start ?? 0) ?? findQuote(index, e.quote);
      if (!at) {
        unplaced++;
        continue;
      }
      for (const place of placeOf(index, at.start, at.end))
        for (const box of place.boxes)
          highlights.push({
            page: place.page,
            ...box,
            kind: e.kind,
            question: q.number,
            point: e.point,
          });
    }
  }
  return { highlights, starts, unplaced };
}
