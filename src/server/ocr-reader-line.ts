/** What the server and the grading worker say at start-up about how scanned pages are read. */
export function ocrReaderLine(tesseract: string | null, model: string | null = null): string {
  if (!tesseract)
    return 'Scanned pages are read by tesseract.js; installing the native tesseract program (Debian: apt-get install tesseract-ocr) reads them about twice as fast.';
  const modelUsed = model
    ? `its own English model (${model})`
    : 'the English model of @tesseract.js-data/eng';
  return `Scanned pages are read by the native tesseract program (${tesseract}) with ${modelUsed}.`;
}
