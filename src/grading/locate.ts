import type { Box, PageWord } from './page-geometry';

/**
 * Finds a sentence the engine read on the pages it came from. The engine reads a corrected text
 * (spelling mended, OCR slips, lines joined), so a quote is found by its words in order, a few
 * allowed to differ, never by exact characters.
 */

/** Part of a page covered by a run of words: one box per line. */
export type PagePlace = { page: number; boxes: Box[] };

/** The words of every page in reading order, each with its page number and a key to compare by. */
export type WordIndex = { page: number; word: PageWord; key: string }[];

/** Share of a quote's words that must be found in order for the quote to count as found. */
const FOUND_SHARE = 0.6;
/** How far beyond the quote's own length a match may stretch (words added, lines broken). */
const STRETCH = 1.5;

const keyOf = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Words of a text as compared: lower case, letters and digits only. */
export function wordKeys(text: string): string[] {
  return text
    .split(/\s+/)
    .map(keyOf)
    .filter((k) => k.length > 0);
}

/** Indexes the pages' words (page numbers from 1) for locating quotes. */
export function indexWords(pages: { number: number; words: PageWord[] }[]): WordIndex {
  return pages.flatMap((p) =>
    p.words.map((word) => ({ page: p.number, word, key: keyOf(word.text) })).filter((w) => w.key),
  );
}

/** Two words read as the same: equal, or one a slip of the other (a letter or two apart). */
function same(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4 || Math.abs(a.length - b.length) > 1) return false;
  let diff = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; i++, j++) {
    if (a[i] === b[j]) continue;
    if (++diff > 1) return false;
    if (a.length > b.length) j--;
    else if (b.length > a.length) i--;
  }
  return true;
}

/**
 * Where a quote stands among the indexed words, at or after word `from`: the first and last word
 * of the best run that holds most of its words in order, or null when none holds enough.
 */
export function findQuote(
  index: WordIndex,
  quote: string,
  from = 0,
): { start: number; end: number } | null {
  const q = wordKeys(quote);
  if (!q.length) return null;
  const need = Math.max(Math.min(2, q.length), Math.ceil(q.length * FOUND_SHARE));
  const reach = Math.ceil(q.length * STRETCH) + 2;
  let best: { start: number; end: number; found: number } | null = null;
  for (let i = Math.max(0, from); i < index.length; i++) {
    // a run starts on one of the quote's first words
    const first = q.slice(0, 3).findIndex((k) => same(k, index[i]!.key));
    if (first < 0) continue;
    let found = 1;
    let end = i;
    let k = first + 1;
    for (let j = i + 1; j < Math.min(index.length, i + reach) && k < q.length; j++) {
      const at = q.slice(k, k + 3).findIndex((key) => same(key, index[j]!.key));
      if (at < 0) continue;
      found++;
      end = j;
      k += at + 1;
    }
    if (found >= need && (!best || found > best.found)) best = { start: i, end, found };
    if (best && found === q.length - first) break;
  }
  return best && { start: best.start, end: best.end };
}

/** The boxes covering words `start`..`end` of the index: one per line, per page. */
export function placeOf(index: WordIndex, start: number, end: number): PagePlace[] {
  const out: PagePlace[] = [];
  for (let i = start; i <= end && i < index.length; i++) {
    const { page, word } = index[i]!;
    let place = out.at(-1);
    if (!place || place.page !== page) out.push((place = { page, boxes: [] }));
    const line = place.boxes.at(-1);
    if (line && sameLine(line, word)) Object.assign(line, union(line, word));
    else place.boxes.push({ x: word.x, y: word.y, w: word.w, h: word.h });
  }
  return out;
}

/**
 * Whether a word goes on with a line: its middle within the line's height, or on a page turned a
 * quarter (the line runs down the page, its words taller than wide) within the line's width.
 */
function sameLine(line: Box, word: Box): boolean {
  const across =
    Math.abs(word.y + word.h / 2 - (line.y + line.h / 2)) < Math.max(line.h, word.h) / 2;
  const down =
    line.h > line.w * 1.5 &&
    word.h > word.w * 1.5 &&
    Math.abs(word.x + word.w / 2 - (line.x + line.w / 2)) < Math.max(line.w, word.w) / 2;
  return across || down;
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}
