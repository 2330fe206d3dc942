import { describe, expect, it } from 'vitest';
import { cleanPage, lineScale, MIN_SCALE, toBmp } from './image';

/** A page in shadow on one side, with grain, and a dark stroke across its middle rows. */
function grainyPage(w: number, h: number): Uint8Array {
  let seed = 7;
  const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
  const gray = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const paper = 235 - (80 * x) / w; // uneven light: 235 on the left, 155 on the right
      const ink = y >= h / 2 - 2 && y < h / 2 + 2 && x > 10 && x < w - 10;
      gray[y * w + x] = Math.max(
        0,
        Math.min(255, Math.round((ink ? paper * 0.3 : paper) + 18 * rand())),
      );
    }
  return gray;
}

describe('cleaning a scanned page before OCR', () => {
  it('turns shadowed, grainy paper white and keeps the strokes dark', () => {
    const w = 200;
    const h = 120;
    const gray = grainyPage(w, h);
    cleanPage(gray, w, h);
    const paper = [...gray].filter((_, i) => Math.abs(Math.floor(i / w) - h / 2) > 8);
    expect(paper.filter((v) => v === 255).length / paper.length).toBeGreaterThan(0.99);
    const stroke = [...gray.subarray((h / 2) * w + 20, (h / 2) * w + w - 20)];
    expect(Math.max(...stroke)).toBeLessThan(140);
  });

  it('cleans only when asked: a picture on a typed page is read as it is', () => {
    const w = 64;
    const h = 40;
    const data = new Uint8Array(w * h * 3).fill(150);
    const plain = toBmp({ width: w, height: h, kind: 2, data })!;
    const cleaned = toBmp({ width: w, height: h, kind: 2, data }, Infinity, { clean: true })!;
    const header = 14 + 40 + 256 * 4;
    expect(plain[header]).toBe(150);
    expect(cleaned[header]).toBe(255);
  });
});

describe('reading a page at the resolution OCR needs', () => {
  /** A white page with lines of writing (upright strokes) `line` pixels high, every `gap` rows. */
  const lined = (w: number, h: number, line: number, gap: number) => {
    const gray = new Uint8Array(w * h).fill(255);
    for (let y = 40; y + line < h; y += gap)
      for (let yy = y; yy < y + line; yy++)
        for (let x = 30; x < w - 30; x++) if (x % 10 < 3) gray[yy * w + x] = 20; // strokes
    return gray;
  };

  it('scales large writing down to about the line height OCR reads best, and never up', () => {
    expect(lineScale(lined(600, 400, 48, 90), 600, 400)).toBe(MIN_SCALE);
    expect(lineScale(lined(600, 400, 22, 60), 600, 400)).toBeCloseTo(16 / 22, 2);
    expect(lineScale(lined(600, 400, 14, 60), 600, 400)).toBe(1);
    expect(lineScale(new Uint8Array(600 * 400).fill(255), 600, 400)).toBe(1);
  });

  it('hands OCR a smaller image of a page written large', () => {
    const w = 600;
    const h = 400;
    const gray = lined(w, h, 48, 90);
    const data = new Uint8Array(w * h * 3);
    gray.forEach((v, i) => data.fill(v, i * 3, i * 3 + 3));
    const bmp = toBmp({ width: w, height: h, kind: 2, data }, Infinity, { clean: true })!;
    const width = new DataView(bmp.buffer).getInt32(18, true);
    expect(width).toBe(Math.floor(w * MIN_SCALE));
  });
});
