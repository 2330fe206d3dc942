/** Pixel layouts pdf.js uses for decoded images (its ImageKind enum). */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/** A decoded PDF image as pdf.js hands it over. */
export type DecodedImage = {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
};

/**
 * One row of the image's gray levels (0..255), whatever the layout: luma rounded for colour, 0 or
 * 255 for one bit a pixel.
 */
function grayRow(img: Required<DecodedImage>, y: number, out: Uint8Array): void {
  const { data, width, kind } = img;
  if (kind === GRAYSCALE_1BPP) {
    const rowBytes = (width + 7) >> 3;
    const base = y * rowBytes;
    for (let x = 0; x < width; x++)
      out[x] = ((data[base + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1 ? 255 : 0;
    return;
  }
  const step = kind === RGBA_32BPP ? 4 : 3;
  for (let x = 0, i = y * width * step; x < width; x++, i += step)
    out[x] = Math.round(
      0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0),
    );
}

/**
 * The image's gray levels scaled to width × height (never up) by block averages of the source
 * pixels' gray levels, which keep thin strokes; one source row in memory at a time.
 */
function grayScaled(img: Required<DecodedImage>, width: number, height: number): Uint8Array {
  const { width: srcW, height: srcH } = img;
  const gray = new Uint8Array(width * height);
  const row = new Uint8Array(srcW);
  if (width === srcW && height === srcH) {
    for (let y = 0; y < height; y++) {
      grayRow(img, y, row);
      gray.set(row, y * width);
    }
    return gray;
  }
  // the source column each output column starts at: blocks that tile the source exactly
  const xs = Array.from({ length: width + 1 }, (_, i) => Math.floor((i * srcW) / width));
  const column = new Int32Array(srcW);
  for (let x = 0; x < width; x++) for (let sx = xs[x]!; sx < xs[x + 1]!; sx++) column[sx] = x;
  const sums = new Float64Array(width);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * srcH) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * srcH) / height));
    sums.fill(0);
    for (let sy = y0; sy < y1; sy++) {
      grayRow(img, sy, row);
      for (let sx = 0; sx < srcW; sx++) sums[column[sx]!]! += row[sx]!;
    }
    for (let x = 0; x < width; x++)
      gray[y * width + x] = Math.round(sums[x]! / ((xs[x + 1]! - xs[x]!) * (y1 - y0)));
  }
  return gray;
}

/** Gray pixels of an image and their size. */
type Gray = { gray: Uint8Array; width: number; height: number };

/**
 * A decoded PDF image in 8-bit gray, scaled down (by block averages, which keep thin strokes) to
 * at most `maxPixels`; null for layouts we cannot read.
 */
function grayOf(image: DecodedImage, maxPixels: number): Gray | null {
  const { width: srcW, height: srcH, kind, data } = image;
  if (!data || !srcW || !srcH) return null;
  if (kind !== GRAYSCALE_1BPP && kind !== RGB_24BPP && kind !== RGBA_32BPP) return null;
  const scale = Math.min(1, Math.sqrt(maxPixels / (srcW * srcH)));
  const width = Math.max(1, Math.floor(srcW * scale));
  const height = Math.max(1, Math.floor(srcH * scale));
  return {
    gray: grayScaled({ width: srcW, height: srcH, kind, data }, width, height),
    width,
    height,
  };
}

/**
 * Encodes a decoded PDF image as an 8-bit grayscale BMP, a format tesseract reads without any
 * codec, scaled down to at most `maxPixels` (see grayOf), and with `clean` read as a scan (see
 * scanBmp; `sized: false` keeps it at full size); returns null for layouts we cannot read.
 */
export function toBmp(
  image: DecodedImage,
  maxPixels = Infinity,
  opts: { clean?: boolean; sized?: boolean } = {},
): Uint8Array | null {
  if (opts.clean) {
    const scan = scanBmp(image, maxPixels);
    return scan && (opts.sized === false ? (scan.full?.() ?? scan.bmp) : scan.bmp);
  }
  const page = grayOf(image, maxPixels);
  return page && bmpOf(page);
}

/**
 * A scan as OCR reads it, cleaned once of uneven light and grain (see cleanPage): the BMP sized by
 * its lines of writing (lineScale), and, when that is smaller than the page, `full` to encode the
 * same cleaned pixels at full size for a second look; null for layouts we cannot read.
 */
export function scanBmp(
  image: DecodedImage,
  maxPixels = Infinity,
): { bmp: Uint8Array; full: (() => Uint8Array) | null } | null {
  const page = grayOf(image, maxPixels);
  if (!page) return null;
  const { gray, width, height } = page;
  cleanPage(gray, width, height);
  const k = lineScale(gray, width, height);
  const sized = k < 1 ? shrink(gray, width, height, k) : page;
  if (sized.width === width && sized.height === height) return { bmp: bmpOf(page), full: null };
  return { bmp: bmpOf(sized), full: () => bmpOf(page) };
}

/** An 8-bit grayscale BMP of the pixels, rows bottom-up. */
function bmpOf({ gray, width, height }: Gray) {
  const rowSize = (width + 3) & ~3;
  const header = 14 + 40 + 256 * 4;
  const out = new Uint8Array(header + rowSize * height);
  const view = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x4d;
  view.setUint32(2, out.length, true);
  view.setUint32(10, header, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 8, true);
  view.setUint32(34, rowSize * height, true);
  view.setUint32(46, 256, true);
  for (let g = 0; g < 256; g++) view.setUint32(54 + g * 4, (g << 16) | (g << 8) | g, true);
  for (let y = 0; y < height; y++) {
    const row = header + (height - 1 - y) * rowSize; // BMP rows run bottom-up
    out.set(gray.subarray(y * width, (y + 1) * width), row);
  }
  return out;
}

/**
 * Height (pixels) OCR reads well at for the lines of writing as measured by lineScale: the median
 * run of inked rows in a narrow strip, most often the body of the letters (ascenders and
 * descenders reach into only some strips). Measured on the OCR benchmark's pages: at 16, printed
 * and handwriting-style pages are read as well or better than at full size, in half the time.
 */
export const OCR_LINE_HEIGHT = 16;
/** Never smaller than this: thin handwriting-style strokes fade below it (measured: 0.55 lost 41% of one font). */
export const MIN_SCALE = 0.65;

/**
 * How far a cleaned page can be scaled down for OCR: its lines of writing are measured and
 * brought to about OCR_LINE_HEIGHT; never up, never below MIN_SCALE. Reading time grows with the
 * pixels, and large handwriting is read better smaller.
 */
export function lineScale(gray: Uint8Array, w: number, h: number): number {
  // measured in narrow strips, so that a turned page's lines do not run into each other
  const strip = Math.max(32, Math.floor(w / 8));
  const runs: number[] = [];
  for (let x0 = 0; x0 < w; x0 += strip) {
    const x1 = Math.min(w, x0 + strip);
    let run = 0;
    for (let y = 0; y <= h; y++) {
      let ink = 0;
      if (y < h) for (let x = x0; x < x1; x++) if (gray[y * w + x]! < 220) ink++;
      if (y < h && ink > Math.max(1, (x1 - x0) * 0.01)) run++;
      else {
        if (run >= 6) runs.push(run);
        run = 0;
      }
    }
  }
  if (runs.length === 0) return 1;
  runs.sort((a, b) => a - b);
  const median = runs[Math.floor(runs.length / 2)]!;
  return Math.max(MIN_SCALE, Math.min(1, OCR_LINE_HEIGHT / median));
}

/** The pixels scaled down by `k` with block averages. */
function shrink(gray: Uint8Array, w: number, h: number, k: number): Gray {
  const width = Math.max(1, Math.floor(w * k));
  const height = Math.max(1, Math.floor(h * k));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * h) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * h) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * w) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * w) / width));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += gray[yy * w + xx]!;
      out[y * width + x] = Math.round(sum / ((x1 - x0) * (y1 - y0)));
    }
  }
  return { gray: out, width, height };
}

/**
 * Sum of a w×h grid over every rectangle, in O(1) a rectangle (an integral image). Whole numbers:
 * 32-bit where the page's total fits (any page under 8 megapixels), half the memory to walk.
 */
function integral(v: Uint8Array, w: number, h: number): Int32Array | Float64Array {
  const sum =
    w * h * 255 < 2 ** 31 ? new Int32Array((w + 1) * (h + 1)) : new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += v[y * w + x]!;
      sum[(y + 1) * (w + 1) + x + 1] = sum[y * (w + 1) + x + 1]! + row;
    }
  }
  return sum;
}

/** Share of the paper's own brightness below which a pixel is kept as ink (the rest turns white). */
export const INK_SHARE = 0.82;

/**
 * Cleans a scanned page before OCR, in place: the paper's brightness is estimated around each
 * pixel (a wide local mean) and divided out, so uneven light and shadows become white paper;
 * then what stays close to the paper's brightness after a light 3×3 smoothing (grain, JPEG
 * ringing, faint specks) becomes white. Strokes keep their gray levels. Grain read as letters
 * was most of the noise OCR returned, and most of its time on a grainy page.
 */
export function cleanPage(gray: Uint8Array, w: number, h: number): void {
  if (w < 8 || h < 8) return;
  const sum = integral(gray, w, h);
  const r = Math.max(8, Math.round(Math.min(w, h) / 40));
  const box = (x0: number, y0: number, x1: number, y1: number) => {
    const a = Math.max(0, x0);
    const b = Math.max(0, y0);
    const c = Math.min(w, x1);
    const d = Math.min(h, y1);
    const n = (c - a) * (d - b);
    const s =
      sum[d * (w + 1) + c]! - sum[b * (w + 1) + c]! - sum[d * (w + 1) + a]! + sum[b * (w + 1) + a]!;
    return s / n;
  };
  const out = new Uint8Array(w * h);
  const W = w + 1;
  const n1 = (2 * r + 1) * (2 * r + 1);
  const n2 = (6 * r + 1) * (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const inner = y - r >= 0 && y + r + 1 <= h;
    for (let x = 0; x < w; x++) {
      // the paper: the brighter of the local mean and a wider one, so a dense line of ink does not
      // pass for a dark patch of paper
      let paper: number;
      let near: number;
      if (inner && x - 3 * r >= 0 && x + 3 * r + 1 <= w) {
        // away from the edges no box is clipped: the same sums as box(), without its clamping
        const b = (y - r) * W;
        const d = (y + r + 1) * W;
        let a = x - r;
        let c = x + r + 1;
        const s1 = sum[d + c]! - sum[b + c]! - sum[d + a]! + sum[b + a]!;
        a = x - 3 * r;
        c = x + 3 * r + 1;
        const s2 = sum[d + c]! - sum[b + c]! - sum[d + a]! + sum[b + a]!;
        paper = Math.max(s1 / n1, s2 / n2, 1);
        const b3 = (y - 1) * W;
        const d3 = (y + 2) * W;
        near = (sum[d3 + x + 2]! - sum[b3 + x + 2]! - sum[d3 + x - 1]! + sum[b3 + x - 1]!) / 9;
      } else {
        paper = Math.max(
          box(x - r, y - r, x + r + 1, y + r + 1),
          box(x - 3 * r, y - r, x + 3 * r + 1, y + r + 1),
          1,
        );
        near = box(x - 1, y - 1, x + 2, y + 2);
      }
      const v = gray[y * w + x]!;
      out[y * w + x] =
        near >= INK_SHARE * paper ? 255 : Math.min(255, Math.round((255 * v) / paper));
    }
  }
  gray.set(out);
}
