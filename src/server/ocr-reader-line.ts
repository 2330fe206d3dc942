/** What the server and the grading worker say at start-up about how scanned pages are read. */
export function ocrReaderLine(tesseract: string | null): string {
  return tesseract
    ? `Scanned pages are read by the native tesseract program (${tesseract}).`
    : 'Scanned pages are read by tesseract.js; installing the native tesseract program (Debian: apt-get install tesseract-ocr) reads them about twice as fast.';
}
