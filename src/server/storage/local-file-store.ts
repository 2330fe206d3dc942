import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertValidKey, FileNotInStore, type FileStore, type StoredObject } from './file-store';

const isErrno = (err: unknown, code: string) => (err as NodeJS.ErrnoException)?.code === code;

/** FileStore on the local disk: key `a/b` is the file `<root>/a/b`. Writes are atomic (rename). */
export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.rename(localPath, target);
    } catch (err) {
      if (!isErrno(err, 'EXDEV')) throw err;
      // The temp folder is on another disk: copy beside the target, then rename into place.
      const partial = `${target}-partial`;
      await fs.promises.copyFile(localPath, partial);
      await fs.promises.rename(partial, target);
      await fs.promises.rm(localPath, { force: true });
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const handle = await fs.promises.open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (err) {
      if (isErrno(err, 'ENOENT')) throw new FileNotInStore(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).isFile();
    } catch (err) {
      if (isErrno(err, 'ENOENT')) return false;
      throw err;
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    yield* walk(this.root, []);
  }

  async close(): Promise<void> {}
}

async function* walk(dir: string, prefix: string[]): AsyncGenerator<StoredObject> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return;
    throw err;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, [...prefix, entry.name]);
    else if (entry.isFile()) {
      const key = [...prefix, entry.name].join('/');
      yield { key, modifiedAt: (await fs.promises.stat(full)).mtime };
    }
  }
}
