/**
 * Crafted PDFs that attack a reader's time and memory, for tests and benchmarks; each is well
 * under the 500 kB upload limit. Built byte by byte so they are exactly as hostile as described.
 */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { encryptedPdf } from './encrypted-pdf';

type PdfObject = string | { dict: string; stream: Buffer };

/** Writes objects 1..n with a classic cross-reference table; object 1 is the catalog. */
export function rawPdf(objects: PdfObject[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(offset);
    const body =
      typeof obj === 'string'
        ? Buffer.from(`${i + 1} 0 obj\n${obj}\nendobj\n`, 'latin1')
        : Buffer.concat([
            Buffer.from(
              `${i + 1} 0 obj\n<< ${obj.dict} /Length ${obj.stream.length} >>\nstream\n`,
              'latin1',
            ),
            obj.stream,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ]);
    parts.push(body);
    offset += body.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/** Deflates `size` zero bytes, streaming them, never holding them all. */
function deflatedZeros(size: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  async function* zeros() {
    for (let left = size; left > 0; left -= chunk.length) {
      yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    }
  }
  return buffer(Readable.from(zeros()).pipe(zlib.createDeflate({ level: 9 })));
}

const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>';
const textContent = (text: string) =>
  Buffer.from(`BT /F1 12 Tf 56 780 Td (${text}) Tj ET`, 'latin1');
const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** A cross-reference stream that declares 60,000,000 entries of compressed zeros (about 410 kB). */
export async function xrefBomb(): Promise<Buffer> {
  const entries = 60_000_000;
  const head = rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    PAGE,
    { dict: '', stream: textContent('hello') },
  ]);
  const body = head.subarray(0, head.indexOf(Buffer.from('xref\n')));
  const data = await deflatedZeros(entries * 7);
  const obj = Buffer.concat([
    Buffer.from(
      `5 0 obj\n<< /Type /XRef /Size ${entries} /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  return Buffer.concat([body, obj, Buffer.from(`startxref\n${body.length}\n%%EOF\n`, 'latin1')]);
}

/** One blank grayscale image of `side` × `side` pixels filling a page. */
export async function hugeImage(side: number): Promise<Buffer> {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
    { dict: '', stream: Buffer.from('q 595 0 0 842 0 0 cm /Im1 Do Q') },
    {
      dict: `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      stream: await deflatedZeros(side * side),
    },
  ]);
}

/** `pages` pages that all use one content stream unpacking to `mb` megabytes of drawing. */
export function sharedStream(pages = 100, mb = 38): Buffer {
  const op = Buffer.from('1 1 m 2 2 l S\n');
  const content = zlib.deflateSync(Buffer.alloc(mb * 1024 * 1024, op.toString()), { level: 9 });
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    { dict: '/Filter /FlateDecode', stream: content },
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>',
    ),
  ]);
}

/** `pages` pages, each drawing one 200 × 200 noise image `draws` times. */
export function manyImageDraws(pages = 100, draws = 8): Buffer {
  let seed = 7;
  const noise = Buffer.alloc(200 * 200, 0).map(
    () => ((seed = (seed * 1103515245 + 12345) >>> 0) >> 24) & 255,
  );
  const ops = Array.from(
    { length: draws },
    (_, i) => `q 100 0 0 100 ${50 + (i % 4) * 120} ${100 + Math.floor(i / 4) * 300} cm /Im1 Do Q`,
  ).join('\n');
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} /Resources << /XObject << /Im1 3 0 R >> >> >>`,
    {
      dict: '/Type /XObject /Subtype /Image /Width 200 /Height 200 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
      stream: zlib.deflateSync(noise),
    },
    { dict: '', stream: Buffer.from(ops) },
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    ),
  ]);
}

/** A page whose resources hold an array nested `depth` levels deep. */
export function deepNesting(depth = 100_000): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
    { dict: '', stream: textContent('deep') },
  ]);
}

/** A page tree whose node lists itself among its kids. */
export function cyclicPageTree(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
    PAGE,
    { dict: '', stream: textContent('loop') },
  ]);
}

/** A readable page that runs a script when opened. */
export function withJavaScript(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
    { dict: '', stream: textContent('A stack is last in, first out.') },
    '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>',
    font,
  ]);
}

/** `pages` blank pages. */
export function manyPages(pages = 2500): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} /MediaBox [0 0 595 842] >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R >>'),
  ]);
}

/** One real page in a tree that claims 2^31 − 1 pages. */
export function hugeCount(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 2147483647 >>',
    PAGE,
    { dict: '', stream: textContent('count') },
  ]);
}

/** Every crafted file by name, with the 4000 × 4000 image that must be read scaled down. */
export async function hostilePdfs(): Promise<Record<string, Buffer>> {
  return {
    'xref-bomb': await xrefBomb(),
    'huge-image-12000': await hugeImage(12_000),
    'big-image-4000': await hugeImage(4_000),
    'shared-38mb-stream': sharedStream(),
    'shared-38mb-stream-50-pages': sharedStream(50),
    'many-image-draws': manyImageDraws(),
    'many-image-draws-50-pages': manyImageDraws(50),
    'deep-nesting': deepNesting(),
    'cyclic-page-tree': cyclicPageTree(),
    encrypted: Buffer.from(encryptedPdf()),
    javascript: withJavaScript(),
    '2500-pages': manyPages(),
    'count-2^31-1': hugeCount(),
  };
}
