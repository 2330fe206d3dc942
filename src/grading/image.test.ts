import { describe, expect, it } from 'vitest';
import { cleanPage, toBmp } from './image';

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
