import { PDFDocument } from 'pdf-lib';
import { MAX_FILE_BYTES } from '../../../../shared/limits';
import { cleanOffThread } from './clean-off-thread';
import {
  enhance,
  MAX_DECODE_SIDE,
  scaleToFit,
  toGrey,
  toRgba,
  type Grey,
  type PageProblem,
  type Turn,
} from './page-image';
import {
  cannotFit,
  fitSteps,
  heicRefusal,
  jpegSize,
  pagePixels,
  photoRefusal,
  sniffPhoto,
  type PdfStep,
} from './photo-files';

/**
 * The browser's side of handing in photos: decoding a picked photo within limits, cleaning it
 * into a page (page-image.ts), and building one PDF that fits the upload limit. Loaded only when
 * a student takes photos or shrinks a scan (its own chunk, with pdf-lib).
 */

/** A cleaned page, kept as a sharp greyscale JPEG until the PDF is made. */
export type PhotoPage = {
  id: string;
  image: Blob;
  url: string;
  width: number;
  height: number;
  turned: Turn;
  problems: PageProblem[];
};

/** Longest side a cleaned page is kept at: about 200 dpi across an A4 page. */
const KEEP_SIDE = 2340;

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

const toBlob = (c: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) =>
    c.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/jpeg', quality),
  );

function greyToCanvas(g: Grey): HTMLCanvasElement {
  const c = canvasOf(g.width, g.height);
  c.getContext('2d')!.putImageData(new ImageData(toRgba(g), g.width, g.height), 0, 0);
  return c;
}

/** A picture drawn to a canvas no larger than `maxSide`, as grey. */
function greyOf(source: CanvasImageSource, width: number, height: number, maxSide: number): Grey {
  const s = scaleToFit(width, height, maxSide);
  const w = Math.max(1, Math.round(width * s));
  const h = Math.max(1, Math.round(height * s));
  const c = canvasOf(w, h);
  const ctx = c.getContext('2d', { willReadFrequently: true })!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(source, 0, 0, w, h);
  return toGrey(ctx.getImageData(0, 0, w, h));
}

/**
 * Opens a picked photo and cleans it into a page, or says why it cannot be used: not a photo,
 * damaged, a HEIC this browser cannot decode. A large photo (48 megapixels) is decoded straight
 * to at most MAX_DECODE_SIDE on its long side.
 */
export async function photoToPage(file: File, index: number): Promise<PhotoPage | string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffPhoto(bytes);
  const refusal = photoRefusal(kind, bytes, index);
  if (refusal) return refusal;
  let bitmap: ImageBitmap;
  try {
    const size = kind === 'jpeg' ? jpegSize(bytes) : null;
    const s = size ? scaleToFit(size.width, size.height, MAX_DECODE_SIDE) : 1;
    bitmap = await createImageBitmap(
      file,
      size && s < 1
        ? {
            imageOrientation: 'from-image',
            resizeWidth: Math.round(size.width * s),
            resizeQuality: 'high',
          }
        : { imageOrientation: 'from-image' },
    );
  } catch {
    return kind === 'heic'
      ? heicRefusal(index)
      : `Photo ${index + 1} could not be opened: the file is damaged. Take it again.`;
  }
  const photo = greyOf(bitmap, bitmap.width, bitmap.height, MAX_DECODE_SIDE);
  bitmap.close();
  const { page, turned, quality } = await cleanOffThread(photo);
  return keep(page, turned, quality.problems);
}

async function keep(page: Grey, turned: Turn, problems: PageProblem[]): Promise<PhotoPage> {
  const c = greyToCanvas(page);
  const s = scaleToFit(c.width, c.height, KEEP_SIDE);
  const kept = s < 1 ? canvasOf(Math.round(c.width * s), Math.round(c.height * s)) : c;
  if (kept !== c) kept.getContext('2d')!.drawImage(c, 0, 0, kept.width, kept.height);
  const image = await toBlob(kept, 0.92);
  return {
    id: crypto.randomUUID(),
    image,
    url: URL.createObjectURL(image),
    width: kept.width,
    height: kept.height,
    turned,
    problems,
  };
}

/** The pages at one rendering: each one a JPEG, with its size in points for the PDF. */
async function encodeAt(pages: PhotoPage[], step: PdfStep) {
  const out: { jpeg: Uint8Array; pointsWide: number; pointsHigh: number }[] = [];
  for (const p of pages) {
    const size = pagePixels(p.width, p.height, step.dpi);
    const bitmap = await createImageBitmap(p.image);
    const c = canvasOf(size.width, size.height);
    const ctx = c.getContext('2d')!;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const jpeg = new Uint8Array(await (await toBlob(c, step.quality)).arrayBuffer());
    // an A4-wide page (a landscape one as wide as A4 is tall), whatever the photo's pixels
    const pointsWide = p.height >= p.width ? 595.28 : 841.89;
    out.push({ jpeg, pointsWide, pointsHigh: (pointsWide * size.height) / size.width });
  }
  return out;
}

/**
 * One PDF of the pages in order, at the sharpest rendering (about 200 dpi down to 100) that fits
 * the 500 kB upload limit, or the reason it cannot.
 */
export async function buildPdf(
  pages: PhotoPage[],
  name = 'answer-photos.pdf',
): Promise<{ file: File; step: PdfStep } | string> {
  const encoded = new Map<PdfStep, Awaited<ReturnType<typeof encodeAt>>>();
  const step = await fitSteps(async (s) => {
    const e = await encodeAt(pages, s);
    encoded.set(s, e);
    return e.reduce((n, p) => n + p.jpeg.length + 600, 1_000);
  });
  if (!step) return cannotFit(pages.length);
  const doc = await PDFDocument.create();
  doc.setProducer('Markwise');
  doc.setCreator('Markwise photos');
  for (const p of encoded.get(step)!) {
    const image = await doc.embedJpg(p.jpeg);
    const page = doc.addPage([p.pointsWide, p.pointsHigh]);
    page.drawImage(image, { x: 0, y: 0, width: p.pointsWide, height: p.pointsHigh });
  }
  const bytes = await doc.save();
  if (bytes.length > MAX_FILE_BYTES) return cannotFit(pages.length);
  return { file: new File([bytes.slice()], name, { type: 'application/pdf' }), step };
}

/**
 * A scanned PDF over the limit made small enough: each page drawn by pdf.js at 200 dpi, turned
 * to clean greyscale and put back together by buildPdf. Typed text becomes a picture of itself,
 * which Markwise reads by OCR; the student sees what it reads before handing in.
 */
export async function shrinkPdf(file: File): Promise<{ file: File; pages: number } | string> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  let doc;
  try {
    const data = new Uint8Array(await file.arrayBuffer());
    doc = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
  } catch {
    return 'This PDF could not be opened to shrink it: it may be damaged or password-protected.';
  }
  try {
    const { MAX_PDF_PAGES } = await import('../../../../shared/limits');
    if (doc.numPages > MAX_PDF_PAGES)
      return `This PDF has ${doc.numPages} pages; an answer can have at most ${MAX_PDF_PAGES}.`;
    const pages: PhotoPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const view = page.getViewport({ scale: 200 / 72 });
      const c = canvasOf(Math.round(view.width), Math.round(view.height));
      await page.render({ canvas: c, viewport: view }).promise;
      const ctx = c.getContext('2d')!;
      const grey = enhance(toGrey(ctx.getImageData(0, 0, c.width, c.height)));
      pages.push(await keep(grey, 0, []));
    }
    const built = await buildPdf(pages, file.name.replace(/\.pdf$/i, '') + '-smaller.pdf');
    pages.forEach((p) => URL.revokeObjectURL(p.url));
    return typeof built === 'string' ? built : { file: built.file, pages: pages.length };
  } finally {
    void doc.destroy();
  }
}
