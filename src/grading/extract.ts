import crypto from 'node:crypto';
import type { PDFPageProxy } from 'pdfjs-dist/types/src/display/api';
import { fileLimitMessages } from '../shared/file-limits';
import { scanBmp, toBmp, type DecodedImage } from './image';
import { createOcrEngine } from './ocr';
import { dropNoise, hardToRead } from './ocr-noise';
import { checkPdfBudget, type BudgetVerdict } from './pdf-budget';
import { joinTextItems, type TextItem } from './pdf-text';
import { loadPdfJs } from './pdfjs';
import { applyMatrix, multiply, shownBoxOf, type PageFrame, type PageWord } from './page-geometry';
import { frameOf } from './page-layout';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './read-limits';
import type {
  DocumentInput,
  ExtractedDocument,
  ExtractedPage,
  OcrEngine,
  OcrReading,
  UnreadableReason,
} from './types';

/**
 * Changes when extraction reads the same file differently; a reading kept by an older version
 * is read again.
 */
export const READER_VERSION = 7;

/** A page with fewer letters than this in its text layer is treated as scanned. */
const MIN_TEXT_LETTERS = 3;
/** Images smaller than this (pixels per side) are rules and icons, not worth OCR. */
const MIN_IMAGE_SIDE = 24;

const MESSAGES: Record<UnreadableReason, string> = {
  corrupt: 'The file is not a readable PDF.',
  encrypted: 'The PDF is protected by a password.',
  empty: 'The document contains no text.',
  'ocr-failed': 'The scanned pages could not be read.',
  'too-large': 'The document has too many pages.',
  'over-limit': 'The document is over a reading limit.',
};

function unreadable(
  reason: UnreadableReason,
  pages: ExtractedPage[] = [],
  message = MESSAGES[reason],
): ExtractedDocument {
  return { status: 'unreadable', reason, message, pages };
}

/** The words for a broken budget, the same a refused upload shows. */
export function budgetMessage(verdict: Exclude<BudgetVerdict, { ok: true }>, limits: ReadLimits) {
  if (verdict.limit === 'pages')
    return fileLimitMessages.tooManyPages(verdict.pages, limits.maxPages);
  return verdict.limit === 'image-pixels'
    ? fileLimitMessages.imageTooLarge(verdict.width, verdict.height, limits.maxImagePixels)
    : fileLimitMessages.decodedTooLarge(limits.maxDecodedBytes);
}

/** A reading as it is kept with a submission, so the file is not read again. */
export const encodeReading = (doc: ExtractedDocument) => JSON.stringify({ v: READER_VERSION, doc });

/** How every reading this reader version keeps begins: tells it apart without parsing it. */
export const READING_PREFIX = `{"v":${READER_VERSION},`;

/** A kept reading, or null when there is none or an older reader version made it. */
export function decodeReading(kept: string | null): ExtractedDocument | null {
  if (!kept) return null;
  const parsed = JSON.parse(kept) as { v?: number; doc?: ExtractedDocument };
  return parsed.v === READER_VERSION && parsed.doc ? parsed.doc : null;
}

/** What one extraction may use: the limits and the OCR images still allowed. */
type Reading = {
  limits: ReadLimits;
  ocr: () => OcrEngine;
  ocrSeen: Set<string>;
  /** Second looks taken so far in this document (at most MAX_SECOND_LOOKS). */
  secondLooks: number;
};

/** Waits for pdf.js to hand over a decoded image, giving up after a while so a bad image cannot hang extraction. */
function imageObject(page: PDFPageProxy, name: string): Promise<DecodedImage | null> {
  const store = name.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 5000);
    try {
      store.get(name, (img: unknown) => {
        clearTimeout(timer);
        resolve(img as DecodedImage);
      });
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

/** A decoded image, and where it is painted: the matrix that takes its unit square to the page. */
type NamedImage = { key: string; image: DecodedImage; matrix: number[] };

/** Identifies an image by its pixels, so one drawn on every page (under new names) is read once. */
const imageKey = (image: DecodedImage) =>
  `${image.width}x${image.height}:${crypto
    .createHash('sha1')
    .update(image.data ?? new Uint8Array())
    .digest('hex')}`;

const IDENTITY = [1, 0, 0, 1, 0, 0];

/** Decoded images painted on a page, each once (where first painted), largest first. */
async function pageImages(page: PDFPageProxy): Promise<NamedImage[]> {
  const ops = await page.getOperatorList();
  const found = new Map<string, { image: Promise<DecodedImage | null>; matrix: number[] }>();
  const { OPS } = loadPdfJs();
  // the current transformation, followed through save/restore and forms, for OCR word boxes
  let ctm = IDENTITY;
  const saved: number[][] = [];
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] as unknown[];
    if (fn === OPS.save) saved.push(ctm);
    else if (fn === OPS.restore) ctm = saved.pop() ?? IDENTITY;
    else if (fn === OPS.transform) ctm = multiply(ctm, args as number[]);
    else if (fn === OPS.paintFormXObjectBegin) {
      saved.push(ctm);
      if (Array.isArray(args[0])) ctm = multiply(ctm, args[0] as number[]);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = saved.pop() ?? IDENTITY;
    else if (fn === OPS.paintInlineImageXObject) {
      const image = Promise.resolve(args[0] as DecodedImage);
      found.set(`${page.pageNumber}:inline:${i}`, { image, matrix: ctm });
    }
    // The same image drawn many times is decoded and read once.
    else if (fn === OPS.paintImageXObject && !found.has(String(args[0]))) {
      found.set(String(args[0]), { image: imageObject(page, String(args[0])), matrix: ctm });
    }
  });
  const images = await Promise.all(
    [...found].map(async ([key, p]) => ({ key, image: await p.image, matrix: p.matrix })),
  );
  return images
    .filter(
      (n): n is NamedImage =>
        !!n.image && n.image.width >= MIN_IMAGE_SIDE && n.image.height >= MIN_IMAGE_SIDE,
    )
    .sort((a, b) => b.image.width * b.image.height - a.image.width * a.image.height);
}

/** OCR's word boxes (shares of the image) where they stand on the page as shown. */
function wordsOnPage(
  frame: PageFrame,
  matrix: number[],
  words: NonNullable<OcrReading['words']>,
): PageWord[] {
  // an image fills its unit square, its first row at the top (v = 1)
  const at = (u: number, v: number) => applyMatrix(matrix, u, 1 - v);
  return words.map((w) => ({
    text: w.text,
    ...(w.confidence === undefined ? {} : { confidence: w.confidence }),
    ...shownBoxOf(frame, [
      at(w.x, w.y),
      at(w.x + w.w, w.y),
      at(w.x, w.y + w.h),
      at(w.x + w.w, w.y + w.h),
    ]),
  }));
}

/**
 * A scan read with a confidence under this (the words kept, 0..1) is read a second time at full
 * size, and the surer reading is kept. Sizing the page down (image.ts, lineScale) reads most
 * hands as well and faster, but a thin or slanted hand loses letters at the smaller size. On the
 * OCR benchmark's 120 pages (`--full`) the second look is taken on 15: handwriting-style pages
 * lose 7.0% of their characters instead of 7.8%, and the marks of scanned answers come closer to
 * their typed ones (mean |difference| 0.33 of 5 instead of 0.39), for a quarter more CPU on
 * handwriting-style pages; at 0.8 (27 pages) it gained no more and cost half more.
 */
export const SECOND_LOOK = 0.7;
/**
 * Second looks in one document, at most: the first pages that need one get it. A long hand-in in
 * a hard hand is read within the reading's time limit as before (a second look costs up to twice
 * a page's reading), and the same file always reads the same.
 */
export const MAX_SECOND_LOOKS = 5;

/**
 * OCR of the images on a page, joined, with the mean confidence weighted by text length. Images
 * already read on another page, and any past the per-page and per-document limits, are skipped.
 */
async function readImages(
  images: NamedImage[],
  reading: Reading,
  frame: PageFrame,
  scanned: boolean,
): Promise<{
  text: string;
  confidence: number | null;
  words: PageWord[];
  hardToRead: string | null;
}> {
  const { limits, ocrSeen } = reading;
  const parts: { text: string; confidence: number }[] = [];
  const words: PageWord[] = [];
  let hard: string | null = null;
  for (const { image, matrix } of images.slice(0, limits.maxOcrImagesPerPage)) {
    const key = imageKey(image);
    if (ocrSeen.has(key) || ocrSeen.size >= limits.maxOcrImages) continue;
    ocrSeen.add(key);
    // a scan is cleaned of uneven light and grain; a picture on a typed page is read as it is
    const scan = scanned ? scanBmp(image, limits.ocrMaxPixels) : null;
    const bmp = scanned ? scan?.bmp : toBmp(image, limits.ocrMaxPixels);
    if (!bmp) continue;
    try {
      let result = cleaned(await reading.ocr().recognize(bmp));
      // An unsure reading of a scan that was sized down: read again at full size, keep the surer
      if (scan?.full && result.confidence < SECOND_LOOK && reading.secondLooks < MAX_SECOND_LOOKS) {
        reading.secondLooks++;
        const again = cleaned(await reading.ocr().recognize(scan.full()));
        if (again.confidence > result.confidence) result = again;
      }
      if (result.text.trim())
        parts.push({ text: result.text.trim(), confidence: result.confidence });
      if (result.words?.length) words.push(...wordsOnPage(frame, matrix, result.words));
      hard ??= result.hardToRead;
    } catch {
      // OCR that fails on one image leaves the rest of the page readable.
    }
  }
  const weight = parts.reduce((sum, p) => sum + p.text.length, 0);
  const confidence = weight
    ? parts.reduce((sum, p) => sum + p.confidence * p.text.length, 0) / weight
    : null;
  return { text: parts.map((p) => p.text).join('\n'), confidence, words, hardToRead: hard };
}

/**
 * A reading with its noise dropped (see ocr-noise.ts) when OCR gave each word's confidence, its
 * confidence that of the words kept, and why it is hard to read when it cannot be trusted.
 */
export function cleaned(reading: OcrReading): OcrReading & { hardToRead: string | null } {
  const words = reading.words;
  if (!words?.length || words.some((w) => w.confidence === undefined || w.line === undefined))
    return { ...reading, hardToRead: null };
  const clean = dropNoise(
    words.map((w) => ({ text: w.text, confidence: w.confidence!, line: w.line! })),
  );
  return {
    text: clean.text,
    confidence: clean.confidence ?? 0,
    words: clean.kept.map((i) => words[i]!),
    hardToRead: hardToRead(clean),
  };
}

/** A page read from its text layer alone. */
function textPage(page: PDFPageProxy, text: string, hasImages: boolean): ExtractedPage {
  const source = text ? 'text' : 'none';
  return { number: page.pageNumber, text, source, hasImages, imageText: '', ocrConfidence: null };
}

const pageText = async (page: PDFPageProxy) =>
  joinTextItems((await page.getTextContent()).items as TextItem[]);

async function readPage(page: PDFPageProxy, reading: Reading): Promise<ExtractedPage> {
  const text = await pageText(page);
  const images = await pageImages(page);
  const base = textPage(page, text, images.length > 0);
  const scanned = (text.match(/\p{L}/gu) ?? []).length < MIN_TEXT_LETTERS;
  if (!images.length) return base;
  const read = await readImages(images, reading, frameOf(page), scanned);
  if (scanned) {
    return {
      ...base,
      text: read.text,
      imageText: read.text,
      source: read.text ? 'ocr' : 'none',
      ocrConfidence: read.confidence,
      ...(read.words.length ? { words: read.words } : {}),
      ...(read.hardToRead ? { hardToRead: read.hardToRead } : {}),
    };
  }
  return { ...base, imageText: read.text, ocrConfidence: read.confidence };
}

/**
 * An opened page read as extraction reads it, when that needs no OCR: its text layer, or null
 * when the page has images worth reading (those pages are read with OCR when graded).
 */
export async function readTextOnlyPage(page: PDFPageProxy): Promise<ExtractedPage | null> {
  if ((await pageImages(page)).length) return null;
  return textPage(page, await pageText(page), false);
}

function classify(error: unknown): UnreadableReason {
  const name = (error as { name?: string } | null)?.name ?? '';
  return name === 'PasswordException' ? 'encrypted' : 'corrupt';
}

async function extractPdf(bytes: Uint8Array, reading: Reading): Promise<ExtractedDocument> {
  const { limits } = reading;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes('%PDF-')) return unreadable('corrupt');
  const budget = checkPdfBudget(bytes, limits);
  if (!budget.ok) {
    const reason = budget.limit === 'pages' ? 'too-large' : 'over-limit';
    return unreadable(reason, [], budgetMessage(budget, limits));
  }
  // pdf.js takes ownership of the buffer it is given, so it gets a copy.
  const task = loadPdfJs().getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
    maxImageSize: limits.maxImagePixels,
  });
  try {
    const pdf = await task.promise;
    if (pdf.numPages > limits.maxPages) {
      return unreadable(
        'too-large',
        [],
        fileLimitMessages.tooManyPages(pdf.numPages, limits.maxPages),
      );
    }
    const pages: ExtractedPage[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      pages.push(await readPage(page, reading));
      page.cleanup();
    }
    return documentOf(pages);
  } catch (error) {
    return unreadable(classify(error));
  } finally {
    await task.destroy();
  }
}

/** Gathers the pages into a document, or says why nothing could be read. */
export function documentOf(pages: ExtractedPage[]): ExtractedDocument {
  const text = pages
    .map((p) => p.text)
    .filter(Boolean)
    .join('\n\n');
  const hard = pages.filter((p) => p.hardToRead);
  if (!text.trim()) {
    const triedOcr = pages.some((p) => p.hasImages);
    if (hard.length) return unreadable('ocr-failed', pages, hardMessage(hard));
    return unreadable(triedOcr ? 'ocr-failed' : 'empty', pages);
  }
  const ocrPages = pages.filter((p) => p.source === 'ocr' && p.ocrConfidence !== null);
  const ocrConfidence = ocrPages.length
    ? Math.min(...ocrPages.map((p) => p.ocrConfidence as number))
    : null;
  return {
    status: 'ok',
    text,
    pages,
    ocrConfidence,
    ...(hard.length ? { hardToRead: hardMessage(hard) } : {}),
  };
}

/** Why the scanned pages are hard to read, page by page, for the teacher. */
function hardMessage(pages: ExtractedPage[]): string {
  return `Hard to read: ${pages.map((p) => `page ${p.number}: ${p.hardToRead}`).join('; ')}.`;
}

/**
 * Reads the text of a PDF (text layer, OCR for scanned pages and images) or of plain text, within
 * `limits` (pages, decoded sizes, image pixels, OCR images; see read-limits.ts).
 * Never throws: a file that cannot be read comes back as `status: 'unreadable'` with a reason.
 * Pass a shared `ocr` engine when extracting many documents; otherwise one is started if needed.
 */
export async function extractDocument(
  input: DocumentInput,
  opts: { ocr?: OcrEngine; limits?: ReadLimits } = {},
): Promise<ExtractedDocument> {
  if (input.kind === 'text') {
    const text = input.text.replace(/\r\n?/g, '\n').trim();
    const page: ExtractedPage = {
      number: 1,
      text,
      source: text ? 'text' : 'none',
      ocrConfidence: null,
      imageText: '',
      hasImages: false,
    };
    return text
      ? { status: 'ok', text, pages: [page], ocrConfidence: null }
      : unreadable('empty', [page]);
  }
  let own = null as OcrEngine | null;
  const ocr = (): OcrEngine => opts.ocr ?? (own ??= createOcrEngine());
  try {
    const limits = opts.limits ?? DEFAULT_READ_LIMITS;
    return await extractPdf(input.bytes, { limits, ocr, ocrSeen: new Set(), secondLooks: 0 });
  } catch {
    return unreadable('corrupt');
  } finally {
    if (own) await own.terminate().catch(() => undefined);
  }
}
