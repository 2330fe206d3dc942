import { createCanvas } from '@napi-rs/canvas';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { extractDocument } from './extract';
import { findQuote, indexWords, placeOf } from './locate';
import { createOcrEngine } from './ocr';
import { toShown, toUserSpace, type Box, type PageFrame } from './page-geometry';
import { fileLimitMessages } from '../shared/file-limits';
import { pageLayouts } from './page-layout';
import { readPageLayouts } from './page-layout-read';
import { DEFAULT_READ_LIMITS } from './read-limits';
import { encryptedPdf } from './testing/encrypted-pdf';
import { hugeImage, manyPages } from './testing/hostile-pdfs';
import { marksOnPages } from './page-marks';
import { loadPdfJs } from './pdfjs';
import { textPng } from './testing/render-png';

const require = createRequire(import.meta.url);
const fonts = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

/** Pages of different sizes, view boxes and rotations, each with one line of text at (x, y). */
const PAGES = [
  { size: [595, 842], rotate: 0, box: null, x: 60, y: 700 },
  { size: [842, 595], rotate: 0, box: null, x: 300, y: 100 },
  { size: [612, 792], rotate: 90, box: null, x: 80, y: 500 },
  { size: [400, 300], rotate: 180, box: [50, 20, 350, 280], x: 70, y: 200 },
  { size: [595, 842], rotate: 270, box: null, x: 120, y: 300 },
] as const;

const LINE = 'Chlorophyll absorbs light energy';

async function mixedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of PAGES) {
    const page = doc.addPage([p.size[0], p.size[1]]);
    if (p.box) page.setMediaBox(p.box[0], p.box[1], p.box[2] - p.box[0], p.box[3] - p.box[1]);
    page.setRotation(degrees(p.rotate));
    page.drawText(LINE, { x: p.x, y: p.y, size: 14, font });
  }
  return doc.save();
}

/** Share of the page's ink (dark pixels) that lies inside `boxes`, drawn by pdf.js as a browser would. */
async function inkInside(bytes: Uint8Array, pageNumber: number, boxes: Box[]) {
  const pdf = await loadPdfJs().getDocument({ data: bytes.slice(), standardFontDataUrl: fonts })
    .promise;
  const page = await pdf.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1.5 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: ctx as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let ink = 0;
  let inside = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4]! > 100) continue;
      ink++;
      const sx = x / width;
      const sy = y / height;
      if (boxes.some((b) => sx >= b.x && sx <= b.x + b.w && sy >= b.y && sy <= b.y + b.h)) inside++;
    }
  await pdf.destroy();
  return { ink, share: ink ? inside / ink : 0 };
}

describe('page geometry', () => {
  it('agrees with pdf.js on every rotation and a view box away from the origin', async () => {
    const bytes = await mixedPdf();
    const pdf = await loadPdfJs().getDocument({ data: bytes.slice() }).promise;
    for (let n = 1; n <= PAGES.length; n++) {
      const page = await pdf.getPage(n);
      const viewport = page.getViewport({ scale: 2 });
      const frame: PageFrame = { view: page.view as PageFrame['view'], rotate: page.rotate };
      for (const [x, y] of [
        [PAGES[n - 1]!.x, PAGES[n - 1]!.y],
        [page.view[0]!, page.view[1]!],
        [page.view[2]!, page.view[3]! - 10],
      ] as [number, number][]) {
        const [vx, vy] = viewport.convertToViewportPoint(x, y);
        const [sx, sy] = toShown(frame, x, y);
        expect(sx).toBeCloseTo(vx / viewport.width, 6);
        expect(sy).toBeCloseTo(vy / viewport.height, 6);
        const [ux, uy] = toUserSpace(frame, sx, sy);
        expect(ux).toBeCloseTo(x, 6);
        expect(uy).toBeCloseTo(y, 6);
      }
    }
    await pdf.destroy();
  });

  it('places the words of turned and odd-sized pages over their ink', async () => {
    const bytes = await mixedPdf();
    const layouts = await pageLayouts(bytes, null);
    expect(layouts.map((l) => [l.width, l.height])).toEqual([
      [595, 842],
      [842, 595],
      [792, 612],
      [300, 260],
      [842, 595],
    ]);
    for (const layout of layouts) {
      expect(layout.words.map((w) => w.text)).toEqual(LINE.split(' '));
      // the line's box (as a highlight draws it) holds all its ink
      const index = indexWords([layout]);
      const line = placeOf(index, 0, index.length - 1);
      expect(line.map((p) => p.boxes.length)).toEqual([1]);
      const { ink, share } = await inkInside(bytes, layout.number, line[0]!.boxes);
      expect(ink).toBeGreaterThan(100);
      expect(share).toBeGreaterThan(0.97);
      // each word's box holds about its own ink, not the line's
      expect((await inkInside(bytes, layout.number, layout.words)).share).toBeGreaterThan(0.9);
      const one = await inkInside(bytes, layout.number, [layout.words[1]!]);
      expect(one.share).toBeGreaterThan(0.1);
      expect(one.share).toBeLessThan(0.5);
    }
  });
});

describe('locating a quote', () => {
  const words = (line: string, y: number, page = 1) =>
    line.split(' ').map((text, i) => ({ text, x: 0.1 + i * 0.1, y, w: 0.08, h: 0.02, page }));
  const pages = [
    {
      number: 1,
      words: [...words('1. Plants make food.', 0.1), ...words('The leaf is grean and', 0.2)],
    },
    { number: 2, words: words('it absorbs light energy.', 0.1) },
  ];
  const index = indexWords(pages);

  it('finds a corrected sentence over a line and page break, one box per line', () => {
    const at = findQuote(index, 'The leaf is green and it absorbs light energy.');
    expect(at).not.toBeNull();
    const place = placeOf(index, at!.start, at!.end);
    expect(place.map((p) => [p.page, p.boxes.length])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(place[0]!.boxes[0]!.x).toBeCloseTo(0.1);
    expect(place[0]!.boxes[0]!.y).toBeCloseTo(0.2);
    expect(place[1]!.boxes[0]!.w).toBeCloseTo(0.38);
  });

  it('finds nothing when too few of the words are there', () => {
    expect(findQuote(index, 'Mitochondria release energy from glucose.')).toBeNull();
    expect(findQuote(index, '')).toBeNull();
  });
});

describe('OCR word boxes', () => {
  const ocr = createOcrEngine();
  afterAll(() => ocr.terminate());

  it('keeps where a scanned word stands on a turned page', async () => {
    const png = await textPng(['Evaporation cools the water']);
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    page.setRotation(degrees(90));
    const image = await doc.embedPng(png);
    page.drawImage(image, {
      x: 100,
      y: 300,
      width: 400,
      height: (400 * image.height) / image.width,
    });
    const bytes = await doc.save();
    const read = await extractDocument({ kind: 'pdf', bytes }, { ocr });
    expect(read.pages[0]!.source).toBe('ocr');
    const layout = await pageLayouts(bytes, read.status === 'ok' ? read : null);
    expect(layout[0]!.source).toBe('ocr');
    const word = layout[0]!.words.find((w) => /evaporation/i.test(w.text));
    expect(word).toBeDefined();
    const { share } = await inkInside(bytes, 1, [word!]);
    // the word is about a third of the line's ink, and its box holds it
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.6);
    // turned a quarter: the line runs down the shown page
    expect(word!.h).toBeGreaterThan(word!.w);
  }, 60_000);
});

describe('marks on pages', () => {
  const line = (text: string, y: number) =>
    text.split(' ').map((t, i) => ({ text: t, x: 0.1 + i * 0.08, y, w: 0.07, h: 0.02 }));
  const frame: PageFrame = { view: [0, 0, 595, 842], rotate: 0 };
  const layouts = [
    {
      number: 1,
      width: 595,
      height: 842,
      frame,
      source: 'text' as const,
      words: [...line('1. Plants need light.', 0.1), ...line('2. Roots take up water.', 0.5)],
    },
  ];

  it('highlights each sentence within its own question, and counts what it cannot find', () => {
    const found = marksOnPages(layouts, [
      {
        number: '1',
        answerText: 'Plants need light.',
        evidence: [{ point: 'light', kind: 'stated', quote: 'Plants need light.' }],
      },
      {
        number: '2',
        answerText: 'Roots take up water.',
        evidence: [
          { point: 'water', kind: 'contradicted', quote: 'Roots take up water.' },
          { point: 'minerals', kind: 'stated', quote: 'Minerals dissolve in the soil water.' },
        ],
      },
    ]);
    expect(found.starts).toEqual([
      { question: '1', page: 1, y: 0.1 },
      { question: '2', page: 1, y: 0.5 },
    ]);
    expect(found.highlights.map((h) => [h.question, h.kind, h.y])).toEqual([
      ['1', 'stated', 0.1],
      ['2', 'contradicted', 0.5],
    ]);
    expect(found.unplaced).toBe(1);
  });
});

describe('reading the pages within the limits', () => {
  it('reads the pages as pageLayouts does', async () => {
    const bytes = await mixedPdf();
    const read = await readPageLayouts(bytes, null, DEFAULT_READ_LIMITS);
    expect(read).toEqual({ ok: true, layouts: await pageLayouts(bytes, null) });
  });

  it('refuses a file over the page limit before pdf.js opens it, and a password-protected one', async () => {
    expect(
      await readPageLayouts(new Uint8Array(manyPages(30)), null, {
        ...DEFAULT_READ_LIMITS,
        maxPages: 20,
      }),
    ).toEqual({
      ok: false,
      problem: 'too-many-pages',
      message: fileLimitMessages.tooManyPages(30, 20),
    });
    expect(await readPageLayouts(encryptedPdf(), null, DEFAULT_READ_LIMITS)).toEqual({
      ok: false,
      problem: 'encrypted',
      message: fileLimitMessages.encrypted,
    });
    expect(
      await readPageLayouts(new Uint8Array(await hugeImage(3000)), null, {
        ...DEFAULT_READ_LIMITS,
        maxImagePixels: 1_000_000,
      }),
    ).toMatchObject({ ok: false, problem: 'over-limit' });
  });
});
