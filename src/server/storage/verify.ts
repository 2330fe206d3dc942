import { messages } from '../../shared/messages';
import { AppError } from '../errors';
import { pdfParses } from './pdf-check';
import type { SpooledFile } from './spool';

/** What an upload may be; checked from its bytes, never from its name or the browser's type. */
export type UploadKind = 'pdf' | 'image';

/** Media types Markwise stores, decided by content. */
export type StoredMediaType = 'application/pdf' | 'image/jpeg' | 'image/png';

const unsupported = (message: string) => new AppError(415, 'unsupported_media_type', message);

/** The image type the magic bytes announce, or null: JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A). */
export function sniffImage(head: Buffer): StoredMediaType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return 'image/jpeg';
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  return null;
}

/** Whether the bytes start like a PDF. */
export const looksLikePdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * Checks a spooled upload against what the form field accepts and returns its real media type.
 * Empty → 400, not a PDF / not a JPEG or PNG → 415, a PDF that does not parse → 400.
 */
export async function verifyUpload(file: SpooledFile, kind: UploadKind): Promise<StoredMediaType> {
  if (file.size === 0) throw new AppError(400, 'empty_file', messages.emptyFile);
  if (kind === 'image') {
    const type = sniffImage(file.head);
    if (!type) throw unsupported(messages.selectImage);
    return type;
  }
  if (!looksLikePdf(file.head)) throw unsupported(messages.selectPdf);
  if (!(await pdfParses(file.tmpPath))) {
    throw new AppError(400, 'corrupt_pdf', messages.corruptPdf);
  }
  return 'application/pdf';
}
