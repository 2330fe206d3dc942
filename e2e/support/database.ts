import crypto from 'node:crypto';
import fs from 'node:fs';
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

/**
 * Hands in `bytes` as a joined student's answer directly (file in DATA_DIR/files, rows in the
 * database), past the upload checks: an answer stored before today's limits, or one whose cost
 * only shows when it is read.
 */
export function storeAnswerInDb(
  dataDir: string,
  code: string,
  studentEmail: string,
  bytes: Buffer,
) {
  const key = `answer/${crypto.randomUUID()}`;
  fs.mkdirSync(path.join(dataDir, 'files', 'answer'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files', key), bytes);
  withDatabase(dataDir, (db) => {
    const { id: assignmentId } = db
      .prepare('select id from assignment where code = ?')
      .get(code) as { id: string };
    const { id: studentId } = db
      .prepare('select id from user where email = ?')
      .get(studentEmail) as { id: string };
    const now = new Date().toISOString();
    const fileId = crypto.randomUUID();
    db.prepare(
      'insert into file (id, storage_key, original_name, media_type, size, sha256, owner_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      fileId,
      key,
      'answer.pdf',
      'application/pdf',
      bytes.length,
      crypto.createHash('sha256').update(bytes).digest('hex'),
      studentId,
      now,
    );
    db.prepare(
      'insert into submission (id, assignment_id, student_id, file_id, submitted_at) values (?, ?, ?, ?, ?)',
    ).run(crypto.randomUUID(), assignmentId, studentId, fileId, now);
  });
}
