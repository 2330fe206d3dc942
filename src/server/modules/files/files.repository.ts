import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FileTable } from '../../db/schema';

export type FileRow = Selectable<FileTable>;

/** Inserts file rows (one statement). */
export async function insertFiles(db: Kysely<Database>, rows: Insertable<FileTable>[]) {
  if (rows.length) await db.insertInto('file').values(rows).execute();
}

/** The file row by id, or undefined. */
export async function findFile(db: Kysely<Database>, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Storage keys of the given file ids. */
export async function storageKeysOf(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('file').select('storage_key').where('id', 'in', ids).execute();
  return rows.map((r) => r.storage_key);
}

/** Deletes file rows by id. */
export async function deleteFileRows(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('file').where('id', 'in', ids).execute();
}

/** Which of the given storage keys have a file row. */
export async function knownKeys(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .selectFrom('file')
    .select('storage_key')
    .where('storage_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.storage_key));
}
