import { isFunctionWord } from './text';
import { inWordNet } from './wordnet';

/**
 * OCR noise: paper grain, specks and smudges read as letters. A scan's reading is cleaned word by
 * word before it is graded, so that noise neither dilutes an answer nor stands for one, and a
 * reading that was mostly noise is called hard to read (flagged for the teacher) instead of being
 * marked as an answer that states nothing.
 */

/** One word as OCR read it: its text, how sure OCR was (0..1), and the line it stands on. */
export type ReadWord = { text: string; confidence: number; line: number };

/** Below this confidence a word must be a known word (or a number) to be kept. */
export const UNSURE_WORD = 0.6;
/** Below this, even a known word of one or two letters is taken for a speck. */
const SPECK_WORD = 0.45;
/**
 * An unsure word of at least this many letters or digits, with a vowel, is kept even when no
 * dictionary knows it, unless OCR is less sure of it than KEEP_UNSURE_CONFIDENCE. Grain and specks
 * read as short strings or strings without a vowel ("ii", "rn", "vvjq"); a misread handwritten
 * word keeps most of its letters ("attrubutes"), and dropping it would lose the whole word where
 * keeping it loses only the wrong letters (the spelling step may still recover it). On bench:ocr's
 * 120 pages (--full) this took the handwriting-style fonts' character error rate from 9.8% to 7.8%,
 * the marks' drift unchanged. The reading preview still marks such a word as unsure. The floor
 * went from 0.3 to 0.2 when a page read again at full size was found losing its first, capital's
 * word ("Vavble" at 0.29): 7.0% to 6.3%, mean |drift| 0.33 to 0.32 of 5.
 */
const KEEP_UNSURE_LETTERS = 4;
const KEEP_UNSURE_CONFIDENCE = 0.2;
/** A line where more than this share of the words is noise is dropped whole. */
const NOISY_LINE = 0.6;
/** A page whose reading lost more than this share of its characters as noise is hard to read. */
export const NOISY_PAGE = 0.3;
/** …counting only when at least this many characters were dropped (a stray speck is no matter). */
const NOISY_PAGE_MIN_CHARS = 12;
/** A page whose kept words average less than this confidence is hard to read. */
export const UNSURE_PAGE = 0.62;

const letters = (s: string) => (s.match(/[\p{L}\p{N}]/gu) ?? []).length;

/** Whether the word is in the dictionary: a function word, a WordNet word, or a number. */
export function isKnownWord(text: string): boolean {
  const core = text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (!core) return false;
  if (/^[+-]?\d+([.,]\d+)*%?$/.test(core)) return true;
  return isFunctionWord(core) || inWordNet(core);
}

/** Why a word is noise, or null when it is kept. */
export function noiseKind(w: ReadWord): 'symbols' | 'unsure' | null {
  const text = w.text.trim();
  if (!text) return 'symbols';
  const share = letters(text) / text.length;
  // symbol soup: mostly marks that are not letters or digits ("~;'|", "—=:"), unless OCR is sure
  if (share < 0.5 && !(w.confidence >= UNSURE_WORD && text.length <= 2)) return 'symbols';
  if (w.confidence >= UNSURE_WORD) return null;
  const known = isKnownWord(text);
  if (!known)
    return letters(text) >= KEEP_UNSURE_LETTERS &&
      /[aeiouy]/i.test(text) &&
      w.confidence >= KEEP_UNSURE_CONFIDENCE
      ? null
      : 'unsure';
  return letters(text) <= 2 && w.confidence < SPECK_WORD ? 'unsure' : null;
}

/** A reading cleaned of its noise, with how much was dropped and how sure OCR was of the rest. */
export type CleanReading = {
  text: string;
  /** Mean confidence of the kept words, weighted by their length (null when none was kept). */
  confidence: number | null;
  keptChars: number;
  droppedChars: number;
  /** The kept words, in reading order (their indices in the input). */
  kept: number[];
};

/** Drops noise words, and lines that are mostly noise, keeping the rest line by line. */
export function dropNoise(words: ReadWord[]): CleanReading {
  const lines = new Map<number, number[]>();
  words.forEach((w, i) => lines.set(w.line, [...(lines.get(w.line) ?? []), i]));
  const kept: number[] = [];
  const out: string[] = [];
  let droppedChars = 0;
  for (const idx of lines.values()) {
    const noise = idx.map((i) => noiseKind(words[i]!) !== null);
    const noisyLine = noise.filter(Boolean).length / idx.length > NOISY_LINE;
    const keep = idx.filter((i, k) => !noise[k] && !noisyLine);
    for (const [k, i] of idx.entries())
      if (noise[k] || noisyLine) droppedChars += words[i]!.text.trim().length;
    if (keep.length) {
      kept.push(...keep);
      out.push(keep.map((i) => words[i]!.text.trim()).join(' '));
    }
  }
  const keptChars = kept.reduce((s, i) => s + words[i]!.text.trim().length, 0);
  const confidence = keptChars
    ? kept.reduce((s, i) => s + words[i]!.confidence * words[i]!.text.trim().length, 0) / keptChars
    : null;
  return { text: out.join('\n'), confidence, keptChars, droppedChars, kept };
}

/** Why a cleaned reading cannot be trusted, in words for the teacher, or null when it can. */
export function hardToRead(reading: CleanReading): string | null {
  const total = reading.keptChars + reading.droppedChars;
  const share = total ? reading.droppedChars / total : 0;
  if (reading.droppedChars >= NOISY_PAGE_MIN_CHARS && share > NOISY_PAGE)
    return `${Math.round(share * 100)}% of what was read looked like marks on the paper, not writing, and was left out`;
  if (reading.confidence !== null && reading.confidence < UNSURE_PAGE)
    return `the reader was unsure of most words (${Math.round(reading.confidence * 100)}% sure on average)`;
  return null;
}
