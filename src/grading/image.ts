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

/** Gray level (0..255) of pixel i, whatever the layout. */
function grayAt(img: Required<DecodedImage>, x: number, y: number): number {
  const { data, width, kind } = img;
  if (kind === GRAYSCALE_1BPP) {
    const rowBytes = (width + 7) >> 3;
    const byte = data[y * rowBytes + (x >> 3)] ?? 0;
    return (byte >> (7 - (x & 7))) & 1 ? 255 : 0;
  }
  const step = kind === RGBA_32BPP ? 4 : 3;
  const i = (y * width + x) * step;
  return Math.round(
    0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0),
  );
}

/** Mean gray level of the source block that one output pixel covers. */
function blockGray(img: Required<DecodedImage>, x0: number, x1: number, y0: number, y1: number) {
  let sum = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += grayAt(img, x, y);
  return Math.round(sum / ((x1 - x0) * (y1 - y0)));
}

/**
 * Encodes a decoded PDF image as an 8-bit grayscale BMP, a format tesseract reads without any
 * codec, scaled down (by block averages, which keep thin strokes) to at most `maxPixels`, and
 * with `clean` cleaned of uneven light and grain (see cleanPage); returns null for layouts we
 * cannot read.
 */
export function toBmp(
  image: DecodedImage,
  maxPixels = Infinity,
  opts: { clean?: boolean } = {},
): Uint8Array | null {
  const { width: srcW, height: srcH, kind, data } = image;
  if (!data || !srcW || !srcH) return null;
  if (kind !== GRAYSCALE_1BPP && kind !== RGB_24BPP && kind !== RGBA_32BPP) return null;
  const full = { width: srcW, height: srcH, kind, data };
  const scale = Math.min(1, Math.sqrt(maxPixels / (srcW * srcH)));
  const width = Math.max(1, Math.floor(srcW * scale));
  const height = Math.max(1, Math.floor(srcH * scale));
  const xs = Array.from({ length: width + 1 }, (_, i) => Math.floor((i * srcW) / width));
  const gray = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * srcH) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * srcH) / height));
    for (let x = 0; x < width; x++) {
      gray[y * width + x] =
        scale === 1
          ? grayAt(full, x, y)
          : blockGray(full, xs[x]!, Math.max(xs[x]! + 1, xs[x + 1]!), y0, y1);
    }
  }
  if (opts.clean) {
    cleanPage(gray, width, height);
    const k = lineScale(gray, width, height);
    if (k < 1) return bmpOf(shrink(gray, width, height, k));
  }
  return bmpOf({ gray, width, height });
}

/** An 8-bit grayscale BMP of the pixels, rows bottom-up. */
function bmpOf({ gray, width, height }: { gray: Uint8Array; width: number; height: number }) {
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
function shrink(gray: Uint8Array, w: number, h: number, k: number) {
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

/** Sum of a w×h grid over every rectangle, in O(1) a rectangle (an integral image). */
function integral(v: Uint8Array, w: number, h: number): Float64Array {
  const sum = new Float64Array((w + 1) * (h + 1));
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
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // the paper: the brighter of the local mean and a wider one, so a dense line of ink does not
      // pass for a dark patch of paper
      const paper = Math.max(
        box(x - r, y - r, x + r + 1, y + r + 1),
        box(x - 3 * r, y - r, x + 3 * r + 1, y + r + 1),
        1,
      );
      const near = box(x - 1, y - 1, x + 2, y + 2);
      const v = gray[y * w + x]!;
      out[y * w + x] =
        near >= INK_SHARE * paper ? 255 : Math.min(255, Math.round((255 * v) / paper));
    }
  }
  gray.set(out);
}
