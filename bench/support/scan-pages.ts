/**
 * Scanned answer pages for the benchmarks: an answer written on an A4 page at 150 dpi in a
 * printed or handwriting-style font (the `@fontsource` packages), damaged as a phone or a copier
 * would (a turn of up to ±3°, blur, uneven light, grain, specks, JPEG at quality 70), and a PDF of
 * it with no text layer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';

const require = createRequire(import.meta.url);

export type Font = { name: string; family: string; kind: 'printed' | 'handwriting'; size: number };

const HANDS = ['caveat', 'indie-flower', 'kalam', 'patrick-hand', 'shadows-into-light'];
const PRINTED: Array<[string, string]> = [
  ['dejavu-serif', '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf'],
  ['liberation-sans', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'],
];

/** Registers the fonts: printed from the system, handwriting-style from @fontsource packages. */
export function fonts(): Font[] {
  const out: Font[] = [];
  for (const [name, file] of PRINTED) {
    if (fs.existsSync(file) && GlobalFonts.registerFromPath(file, `bench-${name}`))
      out.push({ name, family: `bench-${name}`, kind: 'printed', size: 25 });
  }
  for (const hand of HANDS) {
    const dir = path.join(
      path.dirname(require.resolve(`@fontsource/${hand}/package.json`)),
      'files',
    );
    const file = path.join(dir, `${hand}-latin-400-normal.woff2`);
    if (GlobalFonts.registerFromPath(file, `bench-${hand}`))
      out.push({ name: hand, family: `bench-${hand}`, kind: 'handwriting', size: 34 });
  }
  return out;
}

/** A seeded random source, so every run draws the same pages. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Breaks text into lines no wider than `width`. */
function wrap(ctx: SKRSContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return line ? [...lines, line] : lines;
}

const PAGE = { width: 1240, height: 1754, margin: 110 }; // A4 at 150 dpi

/** One A4 page at 150 dpi with the answer written on it, damaged as a phone or copier would. */
export function scanPage(text: string, font: Font, seed: number, quality = 70): Buffer {
  const r = rng(seed);
  const canvas = createCanvas(PAGE.width, PAGE.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, PAGE.width, PAGE.height);
  ctx.save();
  ctx.translate(PAGE.width / 2, PAGE.height / 2);
  ctx.rotate(((r() * 6 - 3) * Math.PI) / 180);
  ctx.translate(-PAGE.width / 2, -PAGE.height / 2);
  ctx.fillStyle = font.kind === 'handwriting' ? '#1d2a5a' : '#111';
  ctx.font = `${font.size}px "${font.family}"`;
  ctx.filter = `blur(${(0.3 + r() * 0.6).toFixed(2)}px)`;
  wrap(ctx, text, PAGE.width - 2 * PAGE.margin).forEach((line, i) =>
    ctx.fillText(line, PAGE.margin, PAGE.margin + (i + 1) * font.size * 1.7),
  );
  ctx.restore();
  // uneven light: a shadow across one side of the page
  const shade = ctx.createLinearGradient(0, 0, PAGE.width, PAGE.height * r());
  shade.addColorStop(0, 'rgba(0,0,0,0)');
  shade.addColorStop(1, `rgba(60,50,30,${(0.12 + r() * 0.18).toFixed(2)})`);
  ctx.fillStyle = shade;
  ctx.fillRect(0, 0, PAGE.width, PAGE.height);
  // paper grain and specks
  const img = ctx.getImageData(0, 0, PAGE.width, PAGE.height);
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    const n = (r() + r() + r() - 1.5) * 28;
    d[i] = Math.max(0, Math.min(255, d[i]! + n));
    d[i + 1] = Math.max(0, Math.min(255, d[i + 1]! + n));
    d[i + 2] = Math.max(0, Math.min(255, d[i + 2]! + n));
  }
  ctx.putImageData(img, 0, 0);
  ctx.fillStyle = 'rgba(40,40,40,0.6)';
  for (let k = 0; k < 60; k++)
    ctx.fillRect(r() * PAGE.width, r() * PAGE.height, 1 + r() * 2, 1 + r() * 2);
  return canvas.toBuffer('image/jpeg', quality);
}

/**
 * A PDF whose only page is the scan, with no text layer: what a copier hands in. `title` makes
 * the file's bytes its own (one scan handed in by many students is read once per file).
 */
export async function scanPdf(jpeg: Buffer, title?: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (title) pdf.setTitle(title);
  const image = await pdf.embedJpg(jpeg);
  const page = pdf.addPage([595, 842]);
  page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return pdf.save();
}
