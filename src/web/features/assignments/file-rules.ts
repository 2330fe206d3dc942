import { MAX_FILE_BYTES } from '../../../shared/limits';
import { messages } from '../../../shared/messages';

/** What a file picker takes: PDFs for papers and answers, JPEG/PNG for the model diagram. */
export type FileKind = 'pdf' | 'image';

/** The `accept` attribute for each kind. */
export const acceptFor: Record<FileKind, string> = {
  pdf: 'application/pdf,.pdf',
  image: 'image/jpeg,image/png,.jpg,.jpeg,.png',
};

/**
 * The spec's client-side check of a picked file: type (by media type or extension) then size.
 * Returns the alert to show, or null when the file may be kept. The server re-checks the content.
 */
export function checkFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  kind: FileKind,
): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (kind === 'pdf' && !(file.type.includes('pdf') || (!file.type && ext === 'pdf'))) {
    return messages.selectPdf;
  }
  if (kind === 'image') {
    const typeOk = ['image/jpeg', 'image/jpg', 'image/png'].includes(file.type);
    const extOk = ['jpg', 'jpeg', 'png'].includes(ext);
    if (!(typeOk || (!file.type && extOk))) return messages.selectImage;
  }
  if (file.size > MAX_FILE_BYTES) return messages.fileTooLarge;
  return null;
}
