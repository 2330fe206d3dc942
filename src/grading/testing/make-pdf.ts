/** Builds small PDFs for tests and benchmarks (pdf-lib); never used by the engine itself. */
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

/** A page to draw: text (wrapped to the page) and optionally a PNG image below it. */
export type PageSpec = { text?: string; png?: Uint8Array; imageWidth?: number };

const WIDTH = 595;
const HEIGHT = 842;
const MARGIN = 56;
const SIZE = 11;

/** Breaks text into lines that fit the page width, keeping the text's own line breaks. */
function wrap(text: string, font: PDFFont): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, SIZE) > WIDTH - 2 * MARGIN) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}

/** A PDF with the given pages; text is set in Helvetica 11 pt, images are scaled to `imageWidth`. */
export async function makePdf(pages: PageSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    let y = HEIGHT - MARGIN;
    for (const line of spec.text ? wrap(spec.text, font) : []) {
      if (line) page.drawText(line, { x: MARGIN, y, size: SIZE, font });
      y -= SIZE * 1.4;
    }
    if (spec.png) {
      const image = await doc.embedPng(spec.png);
      const w = Math.min(spec.imageWidth ?? image.width, WIDTH - 2 * MARGIN);
      const h = (image.height * w) / image.width;
      page.drawImage(image, { x: MARGIN, y: Math.max(MARGIN, y - h - 10), width: w, height: h });
    }
  }
  return doc.save();
}

/** A one-page text PDF: the common case in tests and benchmarks. */
export function textPdf(text: string): Promise<Uint8Array> {
  return makePdf([{ text }]);
}
