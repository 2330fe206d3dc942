import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF with one page per text, made by pdf-lib; `size` pads it to exactly that many bytes. */
export async function makePdf(texts: string[] = ['Answer 1. Photosynthesis.'], size?: number) {
  const build = async (pad: number) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const text of texts) doc.addPage().drawText(text, { x: 50, y: 700, size: 12, font });
    if (pad > 0)
      doc.context.register(
        doc.context.stream(crypto.randomBytes(pad).toString('hex').slice(0, pad)),
      );
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  };
  if (size === undefined) return build(0);
  let pad = 0;
  for (let i = 0; i < 6; i++) {
    const pdf = await build(pad);
    if (pdf.length === size) return pdf;
    pad += size - pdf.length;
    if (pad < 0) throw new Error(`a PDF of ${size} bytes is too small to make`);
  }
  throw new Error(`could not make a PDF of exactly ${size} bytes`);
}

/** The 8-byte PNG signature plus a few bytes: enough for the magic-byte check. */
export const pngBytes = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('IHDR-fake-image'),
  ]);
/** A JPEG start (FF D8 FF E0) plus a few bytes. */
export const jpegBytes = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-fake')]);

/** One file of a multipart body. */
export interface FilePart {
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A PDF-named file part with the given bytes (which need not be a PDF). */
export const pdfNamed = (content: Buffer, filename = 'question.pdf'): FilePart => ({
  filename,
  content,
});

/** A multipart/form-data body for app.inject: text fields first, then the files. */
export function multipart(fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const boundary = `----markwise${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/pdf'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every file under a folder (recursively), as paths relative to it; [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}
