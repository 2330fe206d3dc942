import type { Kysely } from 'kysely';

/**
 * Files by their SHA-256, so an answer whose file was read before (the same file handed in again,
 * or by another student) takes that reading instead of being read by OCR a second time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('file_sha256_idx').on('file').column('sha256').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('file_sha256_idx').execute();
}
