import type { PageQuestion } from '../../../shared/page-marks';

/** A question's dashed rule and its marks label on the page: their tops as shares of its height. */
export type QuestionPlace = { question: PageQuestion; line: number; label: number };

/** The dashed rule's thickness and the gap kept between two labels, in pixels. */
export const RULE_PX = 2;
const GAP_PX = 1;

/**
 * Where each question that begins on a page (`height` pixels tall as drawn) has its rule and its
 * label `labelPx` tall. The rule lies just above the first word's box, its lower edge on the
 * box's top: a word's box reaches above its letters, so the rule sits between the lines and
 * never strikes through the one above, however tightly the page is spaced. Each label sits right
 * above its rule; where questions begin a line or two apart, the labels above are moved up (and
 * down again from the top of the page) so that no two overlap.
 */
export function questionPlaces(
  questions: PageQuestion[],
  height: number,
  labelPx: number,
): QuestionPlace[] {
  const share = (px: number) => px / Math.max(1, height);
  const label = share(labelPx);
  const gap = share(GAP_PX);
  const places = [...questions]
    .sort((a, b) => a.y - b.y)
    .map((q) => {
      const line = Math.max(0, q.y - share(RULE_PX));
      return { question: q, line, label: line - label };
    });
  for (let i = places.length - 2; i >= 0; i--)
    places[i]!.label = Math.min(places[i]!.label, places[i + 1]!.label - label - gap);
  for (let i = 0; i < places.length; i++)
    places[i]!.label = Math.max(places[i]!.label, i ? places[i - 1]!.label + label + gap : 0);
  return places;
}
