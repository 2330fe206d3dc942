import { createWorker, OEM, type Block, type Worker } from 'tesseract.js';
import { tesseractJsModel } from './ocr-model';
import { findTesseract, recognizeNative } from './ocr-native';
import type { OcrEngine, OcrReading } from './types';

/** Which reader an OCR engine uses: the native tesseract program, or tesseract.js. */
export type OcrEngineOptions = {
  /**
   * The native tesseract program's path, or null for tesseract.js alone. By default the one
   * OCR_TESSERACT names (`auto`: `tesseract` on the PATH, when installed; see ocr-native.ts).
   */
  tesseract?: string | null;
};

/**
 * Creates an OCR engine. With the native tesseract program (an optional speed-up) each image is
 * read by it, one at a time; where it fails on an image, tesseract.js reads that image, and after
 * NATIVE_FAILURES_TO_GIVE_UP failures in a row every later one (each failure is written to
 * standard error). Otherwise one tesseract.js worker starts on first use and reads every image.
 * Call `terminate()` when the batch is done so the process can exit.
 */
export function createOcrEngine(options: OcrEngineOptions = {}): OcrEngine {
  const native = options.tesseract === undefined ? findTesseract() : options.tesseract;
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const start = (): Promise<Worker> => {
    const { langPath, gzip } = tesseractJsModel();
    worker ??= createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip, cacheMethod: 'none' });
    return worker;
  };
  const wasm = async (image: Uint8Array): Promise<OcrReading> => {
    const w = await start();
    const { data } = await w.recognize(Buffer.from(image), {}, { blocks: true });
    return {
      text: data.text,
      confidence: Math.max(0, Math.min(1, data.confidence / 100)),
      words: wordsOf(data.blocks ?? [], imageSize(image)),
    };
  };
  // Failures in a row of the native program: after a few it is broken here (a removed program,
  // no room for its model), and tesseract.js reads the rest without trying it first.
  let failures = 0;
  const engine: OcrEngine = {
    reader: native ? 'tesseract' : 'tesseract.js',
    recognize(image) {
      // One job at a time: a reader process reads on one core, and the order keeps results
      // reproducible.
      const job = queue.then(async () => {
        if (!native || failures >= NATIVE_FAILURES_TO_GIVE_UP) return wasm(image);
        try {
          const reading = await recognizeNative(native, image, imageSize(image));
          failures = 0;
          return reading;
        } catch (err) {
          failures++;
          // a reader's standard error is kept with what it was reading when it fails
          process.stderr.write(
            `native tesseract failed (${(err as Error).message.slice(0, 300)}); tesseract.js reads this image${failures >= NATIVE_FAILURES_TO_GIVE_UP ? ' and every later one' : ''}\n`,
          );
          if (failures >= NATIVE_FAILURES_TO_GIVE_UP) engine.reader = 'tesseract.js';
          return wasm(image);
        }
      });
      queue = job.catch(() => undefined);
      return job;
    },
    async terminate() {
      const w = worker;
      worker = null;
      if (w) await (await w).terminate();
    },
  };
  return engine;
}

/** Failures in a row after which an engine stops trying the native program. */
export const NATIVE_FAILURES_TO_GIVE_UP = 3;

/** An image's size from its BMP header (the only format extraction hands to OCR), or null. */
function imageSize(image: Uint8Array): { width: number; height: number } | null {
  if (image.length < 26 || image[0] !== 0x42 || image[1] !== 0x4d) return null;
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  return { width: view.getInt32(18, true), height: Math.abs(view.getInt32(22, true)) };
}

/**
 * The recognised words with their confidence (0..1), their line, and their boxes as shares of the
 * image (zero when its size is unknown), for the noise filter and for marks drawn on a scan.
 */
function wordsOf(
  blocks: Block[],
  size: { width: number; height: number } | null,
): OcrReading['words'] {
  const width = size && size.width > 0 ? size.width : 0;
  const height = size && size.height > 0 ? size.height : 0;
  const lines = blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  return lines.flatMap((l, line) =>
    l.words
      .filter((w) => w.text.trim())
      .map(({ text, bbox, confidence }) => ({
        text: text.trim(),
        confidence: Math.max(0, Math.min(1, confidence / 100)),
        line,
        x: width ? bbox.x0 / width : 0,
        y: height ? bbox.y0 / height : 0,
        w: width ? (bbox.x1 - bbox.x0) / width : 0,
        h: height ? (bbox.y1 - bbox.y0) / height : 0,
      })),
  );
}
