import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { fonts, scanPage, scanPdf } from '../../bench/support/scan-pages';
import { cleaned, MAX_SECOND_LOOKS, SECOND_LOOK } from './extract';
import { toBmp, type DecodedImage } from './image';
import { createOcrEngine, extractDocument } from '.';
import type { OcrEngine } from './types';

/** The scan's pixels as the PDF reader hands them over (RGBA). */
async function decoded(jpeg: Buffer): Promise<DecodedImage> {
  const image = await loadImage(jpeg);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const { data } = canvas.getContext('2d').getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, kind: 3, data: new Uint8Array(data.buffer) };
}

describe('a second look at an unsure scan', () => {
  const ocr = createOcrEngine();
  // These pages are unsure read with the package's model, as tesseract.js reads them; the
  // native program's own model (Debian's) reads some of them surely, and then takes no second
  // look. What is tested is the second look, so the native program reads with the package's.
  const setting = process.env.OCR_TESSERACT_MODEL;
  beforeAll(() => {
    process.env.OCR_TESSERACT_MODEL = 'package';
  });
  afterAll(async () => {
    if (setting === undefined) delete process.env.OCR_TESSERACT_MODEL;
    else process.env.OCR_TESSERACT_MODEL = setting;
    await ocr.terminate();
  });
  const font = (name: string) => fonts().find((f) => f.name === name)!;
  const readings = async (jpeg: Buffer) => {
    const image = await decoded(jpeg);
    const read = async (sized: boolean) =>
      cleaned(await ocr.recognize(toBmp(image, 4_000_000, { clean: true, sized })!));
    return { sized: await read(true), full: await read(false) };
  };

  /** The engine itself, counting the images it is given. */
  const counted = () => {
    const calls: number[] = [];
    const engine: OcrEngine = {
      reader: ocr.reader,
      recognize: (image) => {
        calls.push(image.length);
        return ocr.recognize(image);
      },
      terminate: async () => undefined,
    };
    return { engine, calls };
  };
  const text = 'Arrays are passed by reference and their elements by value.';

  it(
    'reads a thin hand again at full size and keeps the surer reading',
    { timeout: 60_000 },
    async () => {
      const jpeg = scanPage(text, font('shadows-into-light'), 20);
      // read directly (another JPEG decoder than the PDF reader's: nearly the same pixels)
      const { sized, full } = await readings(jpeg);
      expect(sized.confidence).toBeLessThan(SECOND_LOOK);
      expect(full.confidence).toBeGreaterThan(sized.confidence + 0.1);
      expect(sized.text).not.toMatch(/by value/);
      const { engine, calls } = counted();
      const doc = await extractDocument(
        { kind: 'pdf', bytes: await scanPdf(jpeg) },
        { ocr: engine },
      );
      expect(calls).toHaveLength(2);
      expect(calls[1]).toBeGreaterThan(calls[0]!); // the second image at full size
      expect(doc.status).toBe('ok');
      if (doc.status !== 'ok') return;
      expect(doc.pages[0]!.ocrConfidence).toBeGreaterThan(sized.confidence + 0.1);
      expect(doc.text).toMatch(/by value/);
    },
  );

  it(
    `takes at most ${MAX_SECOND_LOOKS} second looks in one document`,
    { timeout: 120_000 },
    async () => {
      const pdf = await PDFDocument.create();
      for (let k = 0; k < MAX_SECOND_LOOKS + 2; k++) {
        const image = await pdf.embedJpg(scanPage(text, font('shadows-into-light'), 20 + k * 10));
        pdf.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
      }
      const { engine, calls } = counted();
      const doc = await extractDocument({ kind: 'pdf', bytes: await pdf.save() }, { ocr: engine });
      expect(doc.status).toBe('ok');
      const unsure = doc.pages.filter((p) => (p.ocrConfidence ?? 1) < SECOND_LOOK).length;
      expect(calls).toHaveLength(MAX_SECOND_LOOKS + 2 + MAX_SECOND_LOOKS);
      // the last pages, past the cap, were read once however unsure
      expect(unsure).toBeGreaterThan(0);
    },
  );

  it('reads a sure scan once, at the size its lines need', { timeout: 60_000 }, async () => {
    const jpeg = scanPage(text, font('kalam'), 20);
    const { sized } = await readings(jpeg);
    expect(sized.confidence).toBeGreaterThan(SECOND_LOOK + 0.1);
    const { engine, calls } = counted();
    const doc = await extractDocument({ kind: 'pdf', bytes: await scanPdf(jpeg) }, { ocr: engine });
    expect(calls).toHaveLength(1);
    expect(doc.status === 'ok' && doc.text).toBe(text);
  });
});
