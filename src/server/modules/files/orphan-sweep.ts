import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileStore, StoredObject } from '../../storage/file-store';
import { knownKeys } from './files.repository';

/** Objects younger than this are left alone: an upload may be between its move and its row insert. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

const BATCH = 500;

/**
 * Deletes stored objects that no `file` row names and that are older than the grace period
 * (left by a crash between storing and committing, or by a failed delete after a commit).
 * Returns how many objects it looked at and removed.
 */
export async function sweepOrphanFiles(
  db: Kysely<Database>,
  store: FileStore,
  opts: { graceMs?: number; now?: Date } = {},
): Promise<{ checked: number; removed: number }> {
  const cutoff = (opts.now ?? new Date()).getTime() - (opts.graceMs ?? ORPHAN_GRACE_MS);
  let checked = 0;
  let removed = 0;
  let batch: StoredObject[] = [];
  const flush = async () => {
    const known = await knownKeys(
      db,
      batch.map((o) => o.key),
    );
    for (const o of batch) {
      if (!known.has(o.key) && o.modifiedAt.getTime() < cutoff) {
        await store.delete(o.key);
        removed++;
      }
    }
    checked += batch.length;
    batch = [];
  };
  for await (const o of store.list()) {
    batch.push(o);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return { checked, removed };
}

/** Removes upload temp files older than the grace period (left by a crash mid-upload). */
export async function cleanTempDir(tmpDir: string, graceMs = ORPHAN_GRACE_MS): Promise<number> {
  let entries: string[];
  try {
    entries = await fs.promises.readdir(tmpDir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  for (const name of entries) {
    const full = path.join(tmpDir, name);
    const stat = await fs.promises.stat(full).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < cutoff) {
      await fs.promises.rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}
