import { createRequire } from 'node:module';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { OcrEngine } from './types';

const require = createRequire(import.meta.url);

/** Where the bundled English model lives; read from disk, never downloaded. */
function englishData(): { langPath: string; gzip: boolean } {
  const data = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  return { langPath: data.langPath, gzip: data.gzip };
}

/**
 * Creates an OCR engine that starts one tesseract worker on first use and reuses it for every
 * image; call `terminate()` when the batch is done so the process can exit.
 */
export function createOcrEngine(): OcrEngine {
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const start = (): Promise<Worker> => {
    const { langPath, gzip } = englishData();
    worker ??= createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip, cacheMethod: 'none' });
    return worker;
  };
  return {
    recognize(image) {
      // One job at a time: the worker is single-threaded and the order keeps results reproducible.
      const job = queue.then(async () => {
        const w = await start();
        const { data } = await w.recognize(Buffer.from(image));
        return { text: data.text, confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
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
}
