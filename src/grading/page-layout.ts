import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import { shownBoxOf, shownSize, type PageFrame, type PageWord } from './page-geometry';
import type { TextItem } from './pdf-text';
import { loadPdfJs } from './pdfjs';
import type { ExtractedDocument } from './types';

/** One page as shown: its size in points, its frame, and its words where they stand. */
export type PageLayout = {
  number: number;
  width: number;
  height: number;
  frame: PageFrame;
  /** Where the words came from: the text layer, or OCR word boxes kept with the reading. */
  source: 'text' | 'ocr' | 'none';
  words: PageWord[];
};

/** The frame of an opened pdf.js page. */
export function frameOf(page: PDFPageProxy): PageFrame {
  const [x0, y0, x1, y1] = page.view as [number, number, number, number];
  return { view: [x0, y0, x1, y1], rotate: page.rotate };
}

/**
 * The words of a text item where they stand: each word's share of the item's width by its share
 * of the characters, from the baseline down a little (descenders) and up a font's height. The
 * item's matrix gives its direction, so text drawn turned on the page is placed right too.
 */
export function itemWords(frame: PageFrame, item: TextItem): PageWord[] {
  const m = item.transform;
  if (!m || !item.str.trim()) return [];
  const [a, b, c, d, e, f] = m as [number, number, number, number, number, number];
  const along = Math.hypot(a, b) || 1;
  const size = Math.hypot(c, d) || item.height || 10;
  const dir = [a / along, b / along];
  const up = [c / size, d / size];
  const width = item.width ?? 0;
  const len = item.str.length;
  const at = (s: number, t: number): [number, number] => [
    e + dir[0]! * s + up[0]! * t,
    f + dir[1]! * s + up[1]! * t,
  ];
  const out: PageWord[] = [];
  for (const match of item.str.matchAll(/\S+/g)) {
    const s0 = (width * match.index) / len;
    const s1 = (width * (match.index + match[0].length)) / len;
    const corners = [at(s0, -0.25 * size), at(s1, -0.25 * size), at(s0, size), at(s1, size)];
    out.push({ text: match[0], ...shownBoxOf(frame, corners) });
  }
  return out;
}

/** A page's words from its text layer. */
export async function textLayerWords(page: PDFPageProxy): Promise<PageWord[]> {
  const frame = frameOf(page);
  const content = await page.getTextContent();
  return (content.items as TextItem[]).flatMap((item) => itemWords(frame, item));
}

/**
 * Every page of a PDF as shown, with its words: the text layer's, or for a page the reading
 * took from OCR, the OCR's word boxes kept with it (none when the reading predates them). It
 * reads the file with pdf.js and no limits: the server calls it only in a reader process,
 * through readPageLayouts (page-layout-read.ts), which keeps to the read limits.
 */
export async function pageLayouts(
  bytes: Uint8Array,
  reading: ExtractedDocument | null,
): Promise<PageLayout[]> {
  const task = loadPdfJs().getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
  });
  try {
    return await pageLayoutsOf(await task.promise, reading);
  } finally {
    await task.destroy();
  }
}

/** The pages of an opened document as shown, with their words (see pageLayouts). */
export async function pageLayoutsOf(
  pdf: PDFDocumentProxy,
  reading: ExtractedDocument | null,
): Promise<PageLayout[]> {
  const out: PageLayout[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const frame = frameOf(page);
    const read = reading?.pages.find((p) => p.number === n);
    const ocr = read?.source === 'ocr';
    const words = ocr ? (read.words ?? []) : await textLayerWords(page);
    const source = ocr ? 'ocr' : words.length ? 'text' : 'none';
    out.push({ number: n, ...shownSize(frame), frame, source, words });
    page.cleanup();
  }
  return out;
}
