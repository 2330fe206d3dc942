import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type MigrationResultSet,
  type SqliteDatabase as SqliteDialectDatabase,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { migrations } from './migrations';
import type { Database } from './schema';

/** The application's database handle and which dialect it speaks. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
}

// PostgreSQL's COUNT and BIGINT come back as strings; ours fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the database named by the config (SQLite file, created if missing, or a PostgreSQL pool); `onIdleError` hears a pooled connection's failure. */
export function openDatabase(
  database: Config['database'],
  onIdleError: (err: Error) => void = () => {},
): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the
    // pool replaces it on the next query.
    pool.on('error', onIdleError);
    return {
      kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return {
    kysely: new Kysely<Database>({
      dialect: new SqliteDialect({ database: keepingStatements(sqlite) }),
    }),
    dialect: 'sqlite',
  };
}

/**
 * better-sqlite3 that keeps the statements it prepared (the most recently used `size`): Kysely
 * prepares every query anew, which costs as much as running a small one. Queries run one at a
 * time on the one connection, so a kept statement is never in use twice.
 *
 * Kysely opens a transaction with a plain (deferred) `begin`. When another process writes to the
 * file while such a transaction has read and is about to write (a `markwise` command, a backup,
 * the browser tests' sign-ups), SQLite fails it at once with "database is locked"
 * (SQLITE_BUSY_SNAPSHOT), which busy_timeout cannot help. `begin immediate` takes the write lock
 * first and waits for it up to busy_timeout; within this process, queries run one at a time on
 * the one connection anyway.
 */
function keepingStatements(sqlite: SqliteDatabase.Database, size = 256): SqliteDialectDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const query = sql === 'begin' ? 'begin immediate' : sql;
      let statement = statements.get(query);
      if (statement) statements.delete(query);
      else {
        statement = sqlite.prepare(query);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
      }
      statements.set(query, statement);
      return statement;
    },
  };
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** Current time as the ISO-8601 UTC text our tables store. */
export const nowIso = (): string => new Date().toISOString();
