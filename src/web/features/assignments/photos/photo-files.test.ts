import { describe, expect, it } from 'vitest';
import { MAX_PDF_PAGES } from '../../../../shared/limits';
import {
  fitSteps,
  jpegSize,
  pagePixels,
  PDF_BUDGET,
  PDF_STEPS,
  photoRefusal,
  sniffPhoto,
  tooManyPhotos,
} from './photo-files';

/** The markers of a JPEG of the given size: SOI, an APP0, SOF0, SOS, a byte of data, EOI. */
function jpegHeader(width: number, height: number, end = true): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46];
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    1,
    1,
    0x11,
    0,
  ];
  const sos = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, ...sos, ...(end ? [0xff, 0xd9] : [])]);
}

describe('picked photos', () => {
  it('tells formats by their bytes', () => {
    expect(sniffPhoto(jpegHeader(10, 10))).toBe('jpeg');
    expect(sniffPhoto(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'png',
    );
    const heic = new Uint8Array([0, 0, 0, 0x18, ...Buffer.from('ftypheic')]);
    expect(sniffPhoto(heic)).toBe('heic');
    expect(sniffPhoto(new Uint8Array(Buffer.from('%PDF-1.7 hello')))).toBe('unknown');
  });

  it('reads a 48-megapixel JPEG’s size from its header without decoding it', () => {
    expect(jpegSize(jpegHeader(8000, 6000))).toEqual({ width: 8000, height: 6000 });
    expect(photoRefusal('jpeg', jpegHeader(8000, 6000), 0)).toBeNull();
  });

  it('refuses a corrupt or cut-short JPEG, naming the photo', () => {
    const cut = jpegHeader(800, 600, false);
    expect(photoRefusal('jpeg', cut, 1)).toMatch(/^Photo 2 is damaged/);
    const garbage = new Uint8Array([
      0xff, 0xd8, 0xff, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0xff, 0xd9,
    ]);
    expect(photoRefusal('jpeg', garbage, 0)).toMatch(/damaged/);
  });

  it('refuses what is not a photo at all, and names the HEIC way out', () => {
    expect(photoRefusal('unknown', new Uint8Array(Buffer.from('hello')), 2)).toMatch(
      /^Photo 3 is not a photo/,
    );
  });

  it('keeps to the spec’s page limit', () => {
    expect(MAX_PDF_PAGES).toBe(50);
    expect(tooManyPhotos(52)).toMatch(/at most 50 pages; you have 52 photos\. Delete 2/);
  });

  it('sizes pages by dpi, never enlarging the photo', () => {
    expect(pagePixels(2400, 3394, 150)).toEqual({ width: 1241, height: 1755 });
    expect(pagePixels(800, 1131, 200)).toEqual({ width: 800, height: 1131 });
  });

  it('takes the sharpest rendering that fits 500 kB, or none for a 30-page set that cannot fit', async () => {
    const perPage = (s: { dpi: number; quality: number }) =>
      (s.dpi / 100) ** 2 * s.quality * 40_000;
    const three = await fitSteps(async (s) => 3 * perPage(s));
    expect(three).toEqual(PDF_STEPS[0]);
    const ten = await fitSteps(async (s) => 10 * perPage(s));
    expect(ten!.dpi).toBeLessThan(200);
    expect(10 * perPage(ten!)).toBeLessThanOrEqual(PDF_BUDGET);
    expect(await fitSteps(async (s) => 30 * perPage(s))).toBeNull();
  });
});
