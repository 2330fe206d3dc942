/**
 * Renders lines of text to a PNG, to stand in for a scanned page or a labelled diagram in tests
 * and benchmarks: pdf-lib sets the text, pdf.js draws it on @napi-rs/canvas (pdf.js's own
 * optional dependency, so nothing needs installing on the machine); ImageMagick if it is missing.
 */
import type * as Canvas from '@napi-rs/canvas';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { loadPdfJs } from '../pdfjs';

const require = createRequire(import.meta.url);

/** The same picture drawn by ImageMagick, for machines without @napi-rs/canvas. */
function convertPng(lines: string[], size: number): Uint8Array {
  const args = ['-size', `1400x${Math.round(60 + lines.length * size * 1.8)}`, 'xc:white'];
  args.push('-font', 'DejaVu-Sans', '-pointsize', String(size), '-fill', 'black');
  lines.forEach((line, i) =>
    args.push('-annotate', `+40+${Math.round(60 + i * size * 1.8)}`, line),
  );
  return new Uint8Array(execFileSync('convert', [...args, 'png:-']));
}

/** A white PNG with the given lines in black, large enough for OCR. */
export async function textPng(lines: string[], size = 28): Promise<Uint8Array> {
  let createCanvas: typeof Canvas.createCanvas;
  try {
    ({ createCanvas } = await import('@napi-rs/canvas'));
  } catch {
    return convertPng(lines, size);
  }
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const width = 40 + Math.max(...lines.map((l) => font.widthOfTextAtSize(l, size)));
  const height = 30 + lines.length * size * 1.6;
  const page = doc.addPage([width, height]);
  lines.forEach((line, i) =>
    page.drawText(line, { x: 20, y: height - 15 - (i + 1) * size * 1.4, size, font }),
  );
  const fonts = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
  const pdf = await loadPdfJs().getDocument({
    data: await doc.save(),
    standardFontDataUrl: fonts,
    verbosity: 0,
  }).promise;
  const viewport = (await pdf.getPage(1)).getViewport({ scale: 1.5 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = 'white';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const render = (await pdf.getPage(1)).render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
  });
  await render.promise;
  await pdf.destroy();
  return new Uint8Array(canvas.toBuffer('image/png'));
}
