import { createRequire } from 'node:module';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof PdfJsModule;

let loaded: PdfJs | null = null;

/**
 * pdf.js, loaded on first use with its worker code in the same thread (pdf.js's "fake worker").
 * It is required rather than imported so that TypeScript loaders (tsx) pass it through without
 * keeping a transformed copy and its source maps, which cost about 250 MB.
 */
export function loadPdfJs(): PdfJs {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const pdfjs = require('pdfjs-dist/legacy/build/pdf.mjs') as PdfJs;
    // With the worker module on globalThis, pdf.js uses it directly instead of importing it again.
    (
      globalThis as { pdfjsWorker?: unknown }
    ).pdfjsWorker ??= require('pdfjs-dist/legacy/build/pdf.worker.mjs');
    loaded = pdfjs;
  }
  return loaded;
}
