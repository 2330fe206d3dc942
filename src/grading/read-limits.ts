import { MAX_PDF_DECODED_BYTES, MAX_PDF_IMAGE_PIXELS, MAX_PDF_PAGES } from '../shared/limits';
import type { PdfBudget } from './pdf-budget';

/**
 * Limits for reading one document, so that a crafted file costs a bounded amount of work. Time
 * and memory are bounded by whoever runs the reading (the server runs it in a child process it
 * may kill); these are the limits the reader itself keeps.
 */
export type ReadLimits = PdfBudget & {
  /** Images are scaled down to at most this many pixels before OCR. */
  ocrMaxPixels: number;
  /** Distinct images read by OCR in one document (largest on each page first). */
  maxOcrImages: number;
  /** Images read by OCR on one page. */
  maxOcrImagesPerPage: number;
};

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxPages: MAX_PDF_PAGES,
  maxImagePixels: MAX_PDF_IMAGE_PIXELS,
  maxDecodedBytes: MAX_PDF_DECODED_BYTES,
  ocrMaxPixels: 4_000_000,
  maxOcrImages: 20,
  maxOcrImagesPerPage: 8,
};
