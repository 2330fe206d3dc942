/**
 * Pages for the mathematics benchmark. Typed pages are PDFs set in DejaVu Sans by Skia's PDF
 * backend in @napi-rs/canvas: it embeds the font with its Unicode map, so ², ⁻¹, ×, −, µ, Ω, Δ and
 * √ reach the text layer as written (pdf-lib's standard fonts cannot encode − or ⁻, and its
 * fontkit is not installed). Scanned pages are the same lines drawn on a canvas as a PNG and put in
 * a PDF with no text layer, so they are read by OCR. OCR readings can be kept in a file between
 * runs (tesseract is the slow part of the benchmark).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, PDFDocument } from '@napi-rs/canvas';
import type { OcrEngine } from '../../src/grading';
import { makePdf } from '../../src/grading/testing/make-pdf';

const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FAMILY = 'Maths Bench Sans';
const A4 = { width: 595, height: 842, margin: 56 };
const TYPED_SIZE = 11;
const SCAN_SIZE = 28;

let registered = false;

/** Registers DejaVu Sans once; it has every mathematical character the set uses. */
function font(): string {
  if (!registered) {
    if (!GlobalFonts.registerFromPath(FONT_FILE, FAMILY))
      throw new Error(`The benchmark needs DejaVu Sans at ${FONT_FILE} (fonts-dejavu-core).`);
    registered = true;
  }
  return FAMILY;
}

/** Breaks a line into lines no wider than `width`, at spaces. */
function wrap(line: string, width: number, measure: (s: string) => number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && measure(next) > width) {
      out.push(current);
      current = word;
    } else current = next;
  }
  return [...out, current];
}

/** A one-page A4 PDF with the lines typed in 11 pt DejaVu Sans, as a word processor would. */
export function typedPdf(lines: string[]): Uint8Array {
  const doc = new PDFDocument({ title: 'Answer', producer: 'Markwise maths benchmark' });
  const ctx = doc.beginPage(A4.width, A4.height);
  ctx.font = `${TYPED_SIZE}px "${font()}"`;
  ctx.fillStyle = 'black';
  const measure = (s: string) => ctx.measureText(s).width;
  lines
    .flatMap((line) => wrap(line, A4.width - 2 * A4.margin, measure))
    .forEach((line, i) => ctx.fillText(line, A4.margin, A4.margin + i * TYPED_SIZE * 1.5));
  doc.endPage();
  return new Uint8Array(doc.close());
}

/** The lines drawn black on white at a size OCR reads well: a clean scan of a typed page. */
export function scannedPng(lines: string[]): Uint8Array {
  const measure = createCanvas(1, 1).getContext('2d');
  measure.font = `${SCAN_SIZE}px "${font()}"`;
  const width = Math.ceil(60 + Math.max(...lines.map((l) => measure.measureText(l).width)));
  const height = Math.ceil(40 + lines.length * SCAN_SIZE * 1.6);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = 'black';
  ctx.font = `${SCAN_SIZE}px "${font()}"`;
  lines.forEach((line, i) => ctx.fillText(line, 30, 20 + (i + 1) * SCAN_SIZE * 1.6 - 10));
  return new Uint8Array(canvas.toBuffer('image/png'));
}

/** A PDF whose one page is the scanned image of the lines, with no text layer. */
export function scannedPdf(lines: string[]): Promise<Uint8Array> {
  return makePdf([{ png: scannedPng(lines), imageWidth: 480 }]);
}

type Reading = { text: string; confidence: number };

/** Readings made by another version of tesseract.js are not reused. */
const TESSERACT_VERSION = (
  createRequire(import.meta.url)('tesseract.js/package.json') as { version: string }
).version;

/** An OCR engine that answers from a file of earlier readings, by the image's SHA-256. */
export type CachedOcr = OcrEngine & { hits: () => number; misses: () => number; save: () => void };

/**
 * Wraps an OCR engine with readings kept in `file` between runs: the same image always gets the
 * reading tesseract gave it, so the benchmark is reproducible and its OCR column fast. With no
 * file every image is read afresh and nothing is kept.
 */
export function cachedOcr(engine: OcrEngine, file: string | null): CachedOcr {
  const kept: Record<string, Reading> =
    file && fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Reading>)
      : {};
  let hits = 0;
  let misses = 0;
  return {
    async recognize(image) {
      const hash = crypto.createHash('sha256').update(image).digest('hex');
      const key = `${TESSERACT_VERSION}:${hash}`;
      const found = kept[key];
      if (found) {
        hits++;
        return found;
      }
      misses++;
      kept[key] = await engine.recognize(image);
      return kept[key];
    },
    terminate: () => engine.terminate(),
    hits: () => hits,
    misses: () => misses,
    save() {
      if (!file) return;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(kept));
    },
  };
}
