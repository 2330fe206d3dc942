import { MAX_FILE_BYTES, MAX_PDF_PAGES } from '../../../../shared/limits';

/**
 * What a picked photo is and how the hand-in PDF is sized: pure functions on bytes and numbers,
 * shared by the browser and its tests.
 */

/** What the first bytes of a picked file say it is. */
export type PhotoKind = 'jpeg' | 'png' | 'webp' | 'heic' | 'unknown';

/** The photo format by magic bytes (the name and the browser's type are not trusted). */
export function sniffPhoto(head: Uint8Array): PhotoKind {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && /^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(ascii(8, 12)))
    return 'heic';
  return 'unknown';
}

/**
 * A JPEG's size from its frame header (SOF0–SOF15 but DHT, JPG, DAC), or null when the markers
 * run out first: a file cut short or not a JPEG at all.
 */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (sniffPhoto(bytes) !== 'jpeg') return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    if (marker === 0xda || length < 2) return null;
    i += 2 + length;
  }
  return null;
}

/** Why a picked photo cannot be used, in the student's words, or null when it may be opened. */
export function photoRefusal(kind: PhotoKind, bytes: Uint8Array, index: number): string | null {
  const which = `Photo ${index + 1}`;
  if (kind === 'unknown')
    return `${which} is not a photo Markwise can open: take it again, or choose a JPEG or PNG.`;
  if (kind === 'jpeg') {
    const size = jpegSize(bytes);
    const ends = bytes.length > 2 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;
    if (!size || !ends)
      return `${which} is damaged (the file is cut short or corrupt): take it again.`;
    if (size.width * size.height > 200_000_000)
      return `${which} is too large to open (${Math.round((size.width * size.height) / 1e6)} megapixels).`;
  }
  return null;
}

/** The message for a HEIC photo this browser cannot decode. */
export const heicRefusal = (index: number) =>
  `Photo ${index + 1} is a HEIC photo, which this browser cannot open. Use "Take photos of your pages" to take it again here, or on an iPhone set Settings › Camera › Formats to "Most Compatible".`;

/** The message for a set with more photos than pages allowed. */
export const tooManyPhotos = (count: number) =>
  `An answer can have at most ${MAX_PDF_PAGES} pages; you have ${count} photos. Delete ${count - MAX_PDF_PAGES} of them.`;

/** Bytes a hand-in PDF may use: the upload limit less a margin for the PDF's own structure. */
export const PDF_BUDGET = MAX_FILE_BYTES - 12_000;

/** One way to render the pages: dots per inch of an A4-wide page and the JPEG quality. */
export type PdfStep = { dpi: number; quality: number };

/**
 * The renderings tried in turn, sharpest first, until the PDF fits the 500 kB limit: 200 dpi
 * (what a reader needs for small handwriting) down to 100 dpi (still legible print), quality
 * 0.8 down to 0.45.
 */
export const PDF_STEPS: PdfStep[] = [
  { dpi: 200, quality: 0.8 },
  { dpi: 200, quality: 0.65 },
  { dpi: 170, quality: 0.65 },
  { dpi: 150, quality: 0.6 },
  { dpi: 150, quality: 0.5 },
  { dpi: 125, quality: 0.5 },
  { dpi: 100, quality: 0.45 },
];

/** An A4 page's width in inches: a page's pixels across at a given dpi. */
export const PAGE_WIDTH_INCHES = 8.27;

/** Pixel size of a page at `dpi`, its aspect kept, never enlarged past what the photo has. */
export function pagePixels(
  width: number,
  height: number,
  dpi: number,
): { width: number; height: number } {
  const across = Math.round(PAGE_WIDTH_INCHES * dpi);
  const portrait = height >= width;
  const target = portrait ? across : Math.round(across * Math.SQRT2);
  const s = Math.min(1, target / width);
  return { width: Math.max(1, Math.round(width * s)), height: Math.max(1, Math.round(height * s)) };
}

/**
 * The first step whose pages fit the budget, found from each step's encoded sizes (`sizeAt`),
 * or null when even the last does not (too many pages for 500 kB).
 */
export async function fitSteps(
  sizeAt: (step: PdfStep) => Promise<number>,
  steps: PdfStep[] = PDF_STEPS,
  budget = PDF_BUDGET,
): Promise<PdfStep | null> {
  for (const step of steps) {
    if ((await sizeAt(step)) <= budget) return step;
  }
  return null;
}

/** The message when the pages cannot fit however small they are made. */
export const cannotFit = (pages: number) =>
  `${pages} pages do not fit in one 500 kB answer even at the lowest legible quality. Leave out pages that are not part of your answer, or ask your teacher.`;
