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
 * codec, scaled down (by block averages, which keep thin strokes) to at most `maxPixels`;
 * returns null for layouts we cannot read.
 */
export function toBmp(image: DecodedImage, maxPixels = Infinity): Uint8Array | null {
  const { width: srcW, height: srcH, kind, data } = image;
  if (!data || !srcW || !srcH) return null;
  if (kind !== GRAYSCALE_1BPP && kind !== RGB_24BPP && kind !== RGBA_32BPP) return null;
  const full = { width: srcW, height: srcH, kind, data };
  const scale = Math.min(1, Math.sqrt(maxPixels / (srcW * srcH)));
  const width = Math.max(1, Math.floor(srcW * scale));
  const height = Math.max(1, Math.floor(srcH * scale));
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
  const xs = Array.from({ length: width + 1 }, (_, i) => Math.floor((i * srcW) / width));
  for (let y = 0; y < height; y++) {
    const row = header + (height - 1 - y) * rowSize; // BMP rows run bottom-up
    const y0 = Math.floor((y * srcH) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * srcH) / height));
    for (let x = 0; x < width; x++) {
      out[row + x] =
        scale === 1
          ? grayAt(full, x, y)
          : blockGray(full, xs[x]!, Math.max(xs[x]! + 1, xs[x + 1]!), y0, y1);
    }
  }
  return out;
}
