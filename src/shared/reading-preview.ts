import { z } from 'zod';

/**
 * "What Markwise will read": a student's answer read as grading will read it, before she hands
 * it in, page by page with the words the reader is unsure of marked, and the pages that are hard
 * to read named. Nothing of it is stored. Shared by the server, the web app and their tests.
 */

/** A word as read, and whether the reader is unsure of it. */
export const previewWord = z.object({ text: z.string(), unsure: z.boolean() });
export type PreviewWord = z.infer<typeof previewWord>;

/** Why a page is hard to read: nothing found on it, or a reading the reader is unsure of. */
export const hardToRead = z.enum(['blank', 'unsure']);
export type HardToRead = z.infer<typeof hardToRead>;

export const previewPage = z.object({
  number: z.number().int(),
  /** 'text': typed (a text layer, read exactly); 'ocr': read from a scan or photo; 'none': nothing. */
  source: z.enum(['text', 'ocr', 'none']),
  /** The OCR's own confidence for the page, 0..1 (null for typed pages). */
  confidence: z.number().nullable(),
  /** The page's lines, each a list of words. */
  lines: z.array(z.array(previewWord)),
  hardToRead: hardToRead.nullable(),
});
export type PreviewPage = z.infer<typeof previewPage>;

/** POST /api/assignments/:code/submission/reading: the reply. */
export const readingPreview = z.object({
  pages: z.array(previewPage),
  /** Set when the file could not be read at all: the reason, as grading would give it. */
  unreadable: z.string().nullable(),
});
export type ReadingPreview = z.infer<typeof readingPreview>;

/** Where the web app asks for the preview. */
export const readingPreviewUrl = (code: string) =>
  `/api/assignments/${encodeURIComponent(code)}/submission/reading`;

/** Below this word confidence (0..1, when the reader gives one) a word is marked as unsure. */
export const UNSURE_WORD = 0.75;

/** Below this page confidence the page is hard to read (the engine's POOR_OCR). */
export const UNSURE_PAGE = 0.7;

/**
 * Whether a word read by OCR looks misread, from its shape alone (for readers that give no
 * confidence per word): letters mixed with digits or symbols inside the word ("c0nstant",
 * "th%s"), three or more symbols in a row, or a word of 4+ letters without a vowel ("rnkqt").
 * Typed text is never unsure.
 */
export function looksMisread(word: string): boolean {
  // a lone stroke or symbol where a letter stood ("| know", "~"); not the "=", "<" or ">" of
  // an equation ("V = 2 x 6 = 12 V")
  if (/^[|\\/~^_{}[\]@#*]$/.test(word)) return true;
  const core = word.replace(/^[("'“‘[]+|[)"'”’\].,;:!?]+$/g, '');
  if (!core) return /[^\s.,;:!?'"()-]{3,}/.test(word);
  // a formula (H2O, CO2, C6H12O6) is letters and digits by right
  const formula = /^([A-Z][a-z]?\d*)+$/.test(core);
  if (
    !formula &&
    /[A-Za-z]/.test(core) &&
    /[0-9]/.test(core) &&
    !/^[0-9]+(st|nd|rd|th|s|kg|g|m|cm|mm|km|ml|l|h|s)$/i.test(core)
  )
    return true;
  if (/[A-Za-z][^A-Za-z0-9'’-]+[A-Za-z]/.test(core)) return true;
  if (/[^A-Za-z0-9\s'’-]{3,}/.test(core)) return true;
  return /^[A-Za-z]{4,}$/.test(core) && !/[aeiouyAEIOUY]/.test(core);
}

/**
 * A page as the student sees it before handing in: its lines split into words, each word unsure
 * when the reader's confidence in it (`confidences`, in reading order, when the reader gives
 * them) is under UNSURE_WORD or it looks misread; hard to read when nothing was found, when the
 * page's confidence is under UNSURE_PAGE, when over a quarter of its words are unsure, or when
 * the engine found its reading cannot be trusted (mostly noise).
 */
export function previewOf(page: {
  number: number;
  text: string;
  source: 'text' | 'ocr' | 'none';
  ocrConfidence: number | null;
  words?: { text: string; confidence?: number }[];
  /** The engine's own finding that the page's reading cannot be trusted (ocr-noise.ts). */
  hardToRead?: string;
}): PreviewPage {
  const ocr = page.source === 'ocr';
  const known = (page.words ?? []).filter((w) => typeof w.confidence === 'number');
  let cursor = 0;
  const confidenceOf = (text: string): number | null => {
    // the reader's words in order; a word found within the next few is the same word
    for (let i = cursor; i < Math.min(known.length, cursor + 4); i++) {
      if (known[i]!.text === text) {
        cursor = i + 1;
        return known[i]!.confidence!;
      }
    }
    return null;
  };
  const lines = page.text
    .split('\n')
    .map((line) =>
      line
        .split(/\s+/)
        .filter(Boolean)
        .map((text) => {
          if (!ocr) return { text, unsure: false };
          const c = confidenceOf(text);
          return { text, unsure: (c !== null && c < UNSURE_WORD) || looksMisread(text) };
        }),
    )
    .filter((l) => l.length > 0);
  const words = lines.flat();
  const unsure = words.filter((w) => w.unsure).length;
  const hard: HardToRead | null =
    words.length === 0
      ? 'blank'
      : ocr &&
          (page.hardToRead !== undefined ||
            (page.ocrConfidence !== null && page.ocrConfidence < UNSURE_PAGE) ||
            unsure > words.length / 4)
        ? 'unsure'
        : null;
  return {
    number: page.number,
    source: words.length ? page.source : 'none',
    confidence: ocr ? page.ocrConfidence : null,
    lines,
    hardToRead: hard,
  };
}
