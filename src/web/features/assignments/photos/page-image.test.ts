import { describe, expect, it } from 'vitest';
import {
  cleanPage,
  enhance,
  findPage,
  isUpsideDown,
  pageQuality,
  rotate,
  scaleToFit,
  shrink,
  toGrey,
  toRgba,
  uprightTurn,
  warp,
  MAX_DECODE_SIDE,
  type Grey,
} from './page-image';

const blankGrey = (width: number, height: number, value: number): Grey => ({
  width,
  height,
  data: new Uint8ClampedArray(width * height).fill(value),
});

const fill = (g: Grey, x0: number, y0: number, w: number, h: number, v: number) => {
  for (let y = Math.max(0, y0); y < Math.min(g.height, y0 + h); y++)
    for (let x = Math.max(0, x0); x < Math.min(g.width, x0 + w); x++) g.data[y * g.width + x] = v;
};

/**
 * A page of "writing" in the shape of Latin script: lines of x-height letters, every third with
 * an ascender rising above the line, every seventh with a descender below it.
 */
function textPage(width = 600, height = 800, ink = 20, paper = 235): Grey {
  const g = blankGrey(width, height, paper);
  for (let line = 0; line < Math.floor((height - 80) / 40); line++) {
    const base = 60 + line * 40;
    // each line starts a little further in, its words of varied length, as in real writing
    for (let i = 0, x = 50 + ((line * 7) % 13); x < width - 60; i++, x += 12) {
      if ((i + line) % (5 + (line % 3)) === 4) continue; // a space between words
      fill(g, x, base, 8, 10, ink); // the x-height body
      if (i % 3 === 0) fill(g, x, base - 8, 3, 8, ink); // ascender
      if (i % 7 === 0) fill(g, x + 5, base + 10, 3, 6, ink); // descender
    }
  }
  return g;
}

/** The page as a photo: set into a darker table at a slant (a perspective quad). */
function photoOfPage(page: Grey): Grey {
  const photo = blankGrey(900, 1100, 70);
  // the page's corners on the photo: a trapezium, as from a phone held at an angle
  const quad = [
    { x: 160, y: 120 },
    { x: 760, y: 150 },
    { x: 800, y: 980 },
    { x: 110, y: 960 },
  ] as const;
  // paint by inverse mapping: for each photo pixel inside the quad, its point on the page
  const inv = warp(photo, [...quad] as never, 1, 1); // warm the function (shape check only)
  expect(inv.width).toBe(1);
  // half-pixel steps, so that the page leaves no holes where the photo is larger than it
  for (let v = 0; v < page.height; v += 0.5) {
    for (let u = 0; u < page.width; u += 0.5) {
      const s = u / page.width;
      const t = v / page.height;
      const top = {
        x: quad[0].x + (quad[1].x - quad[0].x) * s,
        y: quad[0].y + (quad[1].y - quad[0].y) * s,
      };
      const bot = {
        x: quad[3].x + (quad[2].x - quad[3].x) * s,
        y: quad[3].y + (quad[2].y - quad[3].y) * s,
      };
      const x = Math.round(top.x + (bot.x - top.x) * t);
      const y = Math.round(top.y + (bot.y - top.y) * t);
      photo.data[y * photo.width + x] = page.data[Math.floor(v) * page.width + Math.floor(u)]!;
    }
  }
  return photo;
}

/** A crude blur: the mean of each 9×9 block, repeated. */
function blur(g: Grey, r = 4): Grey {
  const out = new Uint8ClampedArray(g.data.length);
  for (let y = 0; y < g.height; y++)
    for (let x = 0; x < g.width; x++) {
      let s = 0;
      let n = 0;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || xx < 0 || yy >= g.height || xx >= g.width) continue;
          s += g.data[yy * g.width + xx]!;
          n++;
        }
      out[y * g.width + x] = s / n;
    }
  return { width: g.width, height: g.height, data: out };
}

describe('photo to page', () => {
  it('grey and back keep the pixels, luma weighted', () => {
    const rgba = new Uint8ClampedArray([
      255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 200, 200, 200, 255,
    ]);
    const g = toGrey({ width: 4, height: 1, data: rgba });
    expect([...g.data]).toEqual([76, 149, 28, 200]);
    expect([...toRgba(g).subarray(12, 16)]).toEqual([200, 200, 200, 255]);
  });

  it('a 48-megapixel photo is decoded at most 2400 px on its long side', () => {
    const s = scaleToFit(8000, 6000, MAX_DECODE_SIDE);
    expect(Math.round(8000 * s)).toBe(2400);
    expect(Math.round(6000 * s)).toBe(1800);
    expect(scaleToFit(1200, 1600, MAX_DECODE_SIDE)).toBe(1);
    const big = shrink(blankGrey(4000, 3000, 200), 400);
    expect([big.width, big.height]).toEqual([400, 300]);
    expect(big.data[0]).toBe(200);
  });

  it('finds the page on a darker table and straightens it', () => {
    const page = textPage();
    const photo = photoOfPage(page);
    const quad = findPage(photo)!;
    expect(quad).not.toBeNull();
    const near = (p: { x: number; y: number }, x: number, y: number) =>
      Math.hypot(p.x - x, p.y - y) < 25;
    expect(near(quad[0], 160, 120)).toBe(true);
    expect(near(quad[1], 760, 150)).toBe(true);
    expect(near(quad[2], 800, 980)).toBe(true);
    expect(near(quad[3], 110, 960)).toBe(true);
    const { page: cleaned, turned, quality } = cleanPage(photo);
    expect(turned).toBe(0);
    expect(quality.problems).toEqual([]);
    // the table is gone: the straightened page's corners are paper white
    expect(cleaned.data[5 * cleaned.width + 5]).toBeGreaterThan(200);
    expect(cleaned.data[(cleaned.height - 5) * cleaned.width + cleaned.width - 5]).toBeGreaterThan(
      200,
    );
  });

  it('keeps a photo whole when no page stands out (white page on a white table)', () => {
    expect(findPage(textPage(600, 800, 20, 250))).toBeNull();
  });

  it('evens out uneven light into white paper and black ink', () => {
    const g = textPage();
    // a shadow over the left half: paper 235 → 120, ink 20 → 10
    for (let y = 0; y < g.height; y++)
      for (let x = 0; x < g.width / 2; x++) g.data[y * g.width + x] = g.data[y * g.width + x]! / 2;
    const e = enhance(g);
    const at = (x: number, y: number) => e.data[y * e.width + x]!;
    expect(at(20, 30)).toBeGreaterThan(230); // shadowed paper
    expect(at(580, 30)).toBeGreaterThan(230); // lit paper
    expect(at(52, 64)).toBeLessThan(40); // shadowed ink
  });

  it('turns a page photographed upside down or sideways upright', () => {
    const page = textPage();
    expect(isUpsideDown(page)).toBe(false);
    expect(uprightTurn(page)).toBe(0);
    expect(uprightTurn(rotate(page, 180))).toBe(180);
    expect(uprightTurn(rotate(page, 90))).toBe(270);
    expect(uprightTurn(rotate(page, 270))).toBe(90);
    const { turned } = cleanPage(photoOfPage(rotate(page, 180)));
    expect(turned).toBe(180);
  });

  it('rotate turns clockwise and four quarter turns give the image back', () => {
    const g: Grey = { width: 2, height: 1, data: new Uint8ClampedArray([1, 2]) };
    expect(rotate(g, 90)).toEqual({ width: 1, height: 2, data: new Uint8ClampedArray([1, 2]) });
    expect([...rotate(g, 180).data]).toEqual([2, 1]);
    const page = textPage(60, 40);
    expect(rotate(rotate(rotate(rotate(page, 90), 90), 90), 90)).toEqual(page);
  });

  it('says a blank page is blank and a black one too dark', () => {
    const blank = blankGrey(600, 800, 240);
    expect(cleanPage(blank).quality.problems).toEqual(['blank']);
    const black = blankGrey(600, 800, 12);
    expect(cleanPage(black).quality.problems).toEqual(['dark']);
  });

  it('says a blurred page is blurred, and a sharp one is not', () => {
    const sharp = textPage();
    expect(pageQuality(sharp, enhance(sharp)).problems).toEqual([]);
    const soft = blur(sharp);
    expect(pageQuality(soft, enhance(soft)).problems).toEqual(['blurred']);
  });

  it('says an image that is not a page (a dark, busy scene) is not a page', () => {
    const scene = blankGrey(600, 800, 90);
    for (let y = 0; y < 800; y += 20)
      for (let x = 0; x < 600; x += 20) fill(scene, x, y, 10, 10, 200);
    expect(cleanPage(scene).quality.problems).toEqual(['not-a-page']);
  });
});
