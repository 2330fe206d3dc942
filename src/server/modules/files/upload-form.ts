import type { FastifyRequest } from 'fastify';
import { messages } from '../../../shared/messages';
import { AppError } from '../../errors';
import { discardTemp, spoolToTemp, type SpooledFile } from '../../storage/spool';
import {
  verifyUpload,
  type StoredMediaType,
  type UploadChecker,
  type UploadKind,
} from '../../storage/verify';

/** An upload that streamed to a temp file and passed its content check. */
export interface VerifiedUpload extends SpooledFile {
  originalName: string;
  mediaType: StoredMediaType;
  /** For a PDF read while it was checked: the reading kept with an answer (see decodeReading). */
  reading: string | null;
}

/** A multipart form read in full: its text fields and its verified files by field name. */
export interface UploadForm {
  fields: Record<string, string>;
  files: Map<string, VerifiedUpload>;
  /** Removes the temp files not moved into the store; call it in a finally. */
  discard(): Promise<void>;
}

const multipartErrors: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError(413, 'file_too_large', messages.fileTooLarge),
  FST_FILES_LIMIT: () => new AppError(400, 'too_many_files', messages.tooManyFiles),
  FST_PARTS_LIMIT: () => new AppError(400, 'too_many_files', messages.tooManyFiles),
  FST_FIELDS_LIMIT: () => new AppError(400, 'validation_failed', 'Too many form fields.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new AppError(415, 'unsupported_media_type', 'Send the form as multipart/form-data.'),
};

const malformed = () =>
  new AppError(
    400,
    'malformed_multipart',
    'The form arrived incomplete or malformed. Please send it again.',
  );

/**
 * The refusal for a failed form read: our own refusals as they are, the multipart limits by
 * their codes, and any other parser error (no boundary, a body cut off) as a 400. Errors of the
 * disk (they carry a syscall) stay server errors.
 */
function formError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; syscall?: string; statusCode?: number };
  const mapped = e.code ? multipartErrors[e.code] : undefined;
  if (mapped) return mapped();
  if (e.syscall || (e.statusCode !== undefined && e.statusCode >= 500)) return err;
  return malformed();
}

/** Rethrows an upload's error naming its form field in `details`, so the form can show it there. */
const forField =
  (field: string) =>
  (err: unknown): never => {
    const code = (err as { code?: string }).code;
    const e = err instanceof AppError ? err : code ? multipartErrors[code]?.() : undefined;
    if (!e) throw err;
    throw new AppError(e.status, e.code, e.message, [{ path: field, message: e.message }]);
  };

/** The name to show for an upload: its last path segment without control characters, or the fallback. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || fallback;
}

/**
 * Reads a multipart request: text fields into `fields`, each file named in `accept` streamed to
 * a temp file, hashed, counted and verified by content (PDF parse or image magic bytes). A file
 * under any other name, a second file under one name, a wrong type, an empty or corrupt file or
 * one over the size limit fails the whole request; the temp files made so far are removed.
 */
export async function readUploadForm(
  request: FastifyRequest,
  accept: Record<string, UploadKind>,
  uploads: { tmpDir: string; checker: UploadChecker },
): Promise<UploadForm> {
  const owner = `user:${request.user?.id ?? request.ip}`;
  const fields: Record<string, string> = {};
  const files = new Map<string, VerifiedUpload>();
  const pending: SpooledFile[] = [];
  try {
    if (!request.isMultipart()) throw multipartErrors.FST_INVALID_MULTIPART_CONTENT_TYPE!();
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      const kind = accept[part.fieldname];
      if (!kind || files.has(part.fieldname)) {
        part.file.resume();
        throw new AppError(400, 'unexpected_file', messages.unexpectedFile);
      }
      const spooled = await spoolToTemp(part.file, uploads.tmpDir).catch(forField(part.fieldname));
      pending.push(spooled);
      // The multipart limit cuts the stream short and only records the error; refuse here.
      if (part.file.truncated)
        throw forField(part.fieldname)(multipartErrors.FST_REQ_FILE_TOO_LARGE!());
      const named = { ...spooled, originalName: cleanFileName(part.filename, '') };
      const { mediaType, reading } = await verifyUpload(named, kind, uploads.checker, owner).catch(
        forField(part.fieldname),
      );
      const fallback = mediaType === 'application/pdf' ? 'document.pdf' : 'image';
      files.set(part.fieldname, {
        ...spooled,
        mediaType,
        reading,
        originalName: named.originalName || fallback,
      });
    }
  } catch (err) {
    await discardTemp(pending);
    throw formError(err);
  }
  return { fields, files, discard: () => discardTemp(pending) };
}
