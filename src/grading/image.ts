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

/**
 * Encodes a decoded PDF image as an 8-bit grayscale BMP, a format tesseract reads without any
 * codec; returns null for layouts we cannot read.
 */
export function toBmp(image: DecodedImage): Uint8Array | null {
  const { width, height, kind, data } = image;
  if (!data || !width || !height) return null;
  if (kind !== GRAYSCALE_1BPP && kind !== RGB_24BPP && kind !== RGBA_32BPP) return null;
  const full = { width, height, kind, data };
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
    for (let x = 0; x < width; x++) out[row + x] = grayAt(full, x, y);
  }
  return out;
}
