import path from 'node:path';
import Sqlite from 'better-sqlite3';

/**
 * Opens the running server's SQLite database (DATA_DIR/markwise.db) for a test to read or adjust
 * what the API deliberately cannot do, runs `fn`, and closes it again.
 */
export function withDatabase<T>(dataDir: string, fn: (db: Sqlite.Database) => T): T {
  const db = new Sqlite(path.join(dataDir, 'markwise.db'));
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}
