import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database';

describe('SQLite transactions beside another process writing to the file', () => {
  let dir: string | undefined;
  let db: Db | undefined;
  let other: SqliteDatabase.Database | undefined;
  afterEach(async () => {
    other?.close();
    await db?.kysely.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a transaction that reads and then writes is not failed by a write made in between', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-db-'));
    const file = path.join(dir, 'markwise.db');
    db = openDatabase({ kind: 'sqlite', file });
    await sql`create table counter (name text primary key, value integer not null)`.execute(
      db.kysely,
    );
    await sql`insert into counter values ('a', 0), ('b', 0)`.execute(db.kysely);
    // Another connection to the file, as a second process has; it does not wait for locks.
    other = new SqliteDatabase(file);
    other.pragma('busy_timeout = 0');

    let otherWrite: 'written' | 'busy' | undefined;
    await db.kysely.transaction().execute(async (trx) => {
      await sql`select value from counter where name = 'a'`.execute(trx);
      // With a deferred `begin`, this write would succeed and the update below then fail with
      // SQLITE_BUSY_SNAPSHOT; the transaction holds the write lock from its start instead.
      try {
        other!.prepare(`update counter set value = value + 1 where name = 'b'`).run();
        otherWrite = 'written';
      } catch (err) {
        expect((err as { code?: string }).code).toBe('SQLITE_BUSY');
        otherWrite = 'busy';
      }
      await sql`update counter set value = value + 1 where name = 'a'`.execute(trx);
    });
    expect(otherWrite).toBe('busy');
    // Once the transaction has committed, the other connection writes as usual.
    other.prepare(`update counter set value = value + 1 where name = 'b'`).run();
    expect(other.prepare('select name, value from counter order by name').all()).toEqual([
      { name: 'a', value: 1 },
      { name: 'b', value: 1 },
    ]);
  });
});
