import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live, addressed by an opaque key the application generates
 * (`<kind>/<uuid>`: lower-case letters, digits, dashes and slashes, never user input).
 *
 * Two implementations: LocalFileStore (a folder) and S3FileStore, which maps the interface 1:1:
 * putFile → PutObject (streamed from the verified temp file, which the store then removes),
 * get → GetObject body, delete → DeleteObject (idempotent), exists → HeadObject,
 * list → ListObjectsV2 (used by the orphan sweep). The database's `file` table holds each
 * key's size, media type and sha256; the store holds only bytes.
 */
export interface FileStore {
  /** Moves a finished local file (already verified) into the store under `key`; the local file is consumed. */
  putFile(key: string, localPath: string): Promise<void>;
  /** A readable stream of the stored bytes; rejects with FileNotInStore when the key is absent. */
  get(key: string): Promise<Readable>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Whether the key is stored. */
  exists(key: string): Promise<boolean>;
  /** Every stored key with its last-modified time, for the orphan sweep. */
  list(): AsyncIterable<StoredObject>;
  /** Releases connections when the server stops. */
  close(): Promise<void>;
}

/** One entry of FileStore.list(). */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** Thrown by FileStore.get for a key that is not stored. */
export class FileNotInStore extends Error {
  constructor(readonly key: string) {
    super(`no stored file under ${key}`);
  }
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** Whether `key` has the shape of a generated key. */
export const isValidKey = (key: string) => KEY.test(key) && key.length <= 200;

/** Refuses anything but a generated key, so a key can never escape the store's root. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
}
