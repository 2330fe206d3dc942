import { stem, words } from './text';
import type { ExtractedDocument } from './types';

/** True when two stems are equal or, for longer words, one OCR slip apart. */
function close(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return i + j >= Math.max(a.length, b.length) - 1;
}

/** Everything a diagram keyword may be found in: the text and the OCR of the images. */
export function diagramText(doc: ExtractedDocument): string {
  return [doc.status === 'ok' ? doc.text : '', ...doc.pages.map((p) => p.imageText)].join('\n');
}

/**
 * Which teacher keywords appear in a text (as whole words, stemmed, tolerating one OCR slip in
 * long words), in the teacher's order.
 */
export function findKeywords(
  keywords: string[],
  text: string,
): { found: string[]; missing: string[] } {
  const stems = words(text).map(stem);
  const found: string[] = [];
  const missing: string[] = [];
  for (const keyword of keywords) {
    const want = words(keyword).map(stem);
    const hit =
      want.length > 0 &&
      stems.some((_, i) =>
        want.every((w, k) => stems[i + k] !== undefined && close(w, stems[i + k]!)),
      );
    (hit ? found : missing).push(keyword);
  }
  return { found, missing };
}
