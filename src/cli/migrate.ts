import { loadConfig } from '../server/config';
import { migrateToLatest, openDatabase } from '../server/db/database';

/** `markwise migrate`: applies pending migrations to the configured database. */
export async function main(): Promise<number> {
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    const { results } = await migrateToLatest(db.kysely);
    for (const r of results ?? []) console.log(`${r.status.toLowerCase()}: ${r.migrationName}`);
    if (!results?.length) console.log('The database is up to date.');
    return 0;
  } finally {
    await db.kysely.destroy();
  }
}
