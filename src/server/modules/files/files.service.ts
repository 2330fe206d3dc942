import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { messages } from '../../../shared/messages';
import type { Config } from '../../config';
import { nowIso } from '../../db/database';
import type { Database, FileTable } from '../../db/schema';
import { AppError } from '../../errors';
import { FileNotInStore, type FileStore } from '../../storage/file-store';
import { contentDisposition } from './content-disposition';
import { findFile, type FileRow } from './files.repository';
import type { VerifiedUpload } from './upload-form';

/** Reading a multipart form and checking its files: for every route that takes uploads. */
export { readUploadForm, type UploadForm, type VerifiedUpload } from './upload-form';

/**
 * The file rows, for the services that write them in their own transaction together with the
 * row that points at them (an assignment, a submission), and delete them with it.
 */
export { deleteFileRows, findFile, insertFiles, storageKeysOf } from './files.repository';

/** Upload attempts per user per minute, on every route that takes files. */
export const uploadRateLimit = (config: Config) => ({
  rateLimit: {
    max: config.uploadRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
});

/** What a stored file is for; it becomes the first segment of its storage key. */
export type FilePurpose = 'question-paper' | 'model-answer' | 'diagram' | 'answer';

/** A new storage key `<purpose>/<uuid>`: generated, never derived from the upload's name. */
export const newStorageKey = (purpose: FilePurpose) => `${purpose}/${crypto.randomUUID()}`;

/**
 * Moves verified uploads into the store under fresh keys and returns the `file` rows to insert.
 * If one move fails, the ones already stored are removed again before the error is rethrown.
 */
export async function storeUploads(
  store: FileStore,
  uploads: Array<{ upload: VerifiedUpload; purpose: FilePurpose }>,
  ownerId: string,
): Promise<Insertable<FileTable>[]> {
  const rows: Insertable<FileTable>[] = [];
  try {
    for (const { upload, purpose } of uploads) {
      const key = newStorageKey(purpose);
      await store.putFile(key, upload.tmpPath);
      rows.push({
        id: crypto.randomUUID(),
        storage_key: key,
        original_name: upload.originalName,
        media_type: upload.mediaType,
        size: upload.size,
        sha256: upload.sha256,
        owner_id: ownerId,
        created_at: nowIso(),
      });
    }
  } catch (err) {
    await removeStoredFiles(
      store,
      rows.map((r) => r.storage_key),
    );
    throw err;
  }
  return rows;
}

/**
 * Deletes stored objects after their rows are gone. A failure is logged, not thrown: the rows
 * are already deleted, and the start-up sweep removes any object left without a row.
 */
export async function removeStoredFiles(
  store: FileStore,
  keys: string[],
  log?: FastifyBaseLogger,
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      store.delete(key).catch((err: unknown) => {
        log?.warn({ err, key }, 'could not delete a stored file; the orphan sweep will retry');
      }),
    ),
  );
}

/**
 * Streams a stored file to the client with its real media type, its size, a safe
 * Content-Disposition (inline unless `download`), nosniff and no shared caching.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  store: FileStore,
  file: FileRow,
  opts: { download?: boolean } = {},
): Promise<FastifyReply> {
  let body;
  try {
    body = await store.get(file.storage_key);
  } catch (err) {
    if (!(err instanceof FileNotInStore)) throw err;
    reply.log.error({ key: file.storage_key }, 'a file row has no stored bytes');
    throw new AppError(404, 'not_found', messages.fileNotFound);
  }
  return reply
    .header('content-type', file.media_type)
    .header('content-length', String(file.size))
    .header(
      'content-disposition',
      contentDisposition(opts.download ? 'attachment' : 'inline', file.original_name),
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** Sends a file made for this request (such as the grades CSV) as a download named `name`, never cached. */
export function sendDownload(
  reply: FastifyReply,
  body: string | Buffer,
  opts: { type: string; name: string },
): FastifyReply {
  return reply
    .type(opts.type)
    .header('cache-control', 'no-store')
    .header('content-disposition', contentDisposition('attachment', opts.name))
    .send(body);
}

/** The whole stored file of a `file` row as bytes (answers are at most 500 kB), or null when it is gone. */
export async function readFileBytes(
  db: Kysely<Database>,
  store: FileStore,
  fileId: string,
): Promise<Uint8Array | null> {
  const file = await findFile(db, fileId);
  if (!file) return null;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get(file.storage_key)) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  } catch (err) {
    if (err instanceof FileNotInStore) return null;
    throw err;
  }
}
