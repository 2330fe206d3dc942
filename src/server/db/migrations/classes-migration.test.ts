import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../database';
import type { Database } from '../schema';
import { createPostgresDatabase, dialects } from '../../test/test-app';
import { migrations } from './index';

const before = '2026_11_28_1100_anonymous_marking';

// Assignments made before classes keep working: the migration leaves them without a class.
describe.each(dialects)('migration 2026_11_29_1000_classes (%s)', (dialect) => {
  let db: Kysely<Database> | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await db?.destroy();
    await drop?.();
    db = drop = undefined;
  });

  it('keeps existing assignments and their students, without a class, and can be undone', async () => {
    if (dialect === 'postgres') {
      const pg = await createPostgresDatabase();
      drop = pg.drop;
      db = openDatabase({ kind: 'postgres', url: pg.url }).kysely;
    } else {
      db = openDatabase({ kind: 'sqlite', file: ':memory:' }).kysely;
    }
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    const now = new Date().toISOString();
    const user = (id: string, role: string) => ({
      id,
      name: id,
      email: `${id}@school.example`,
      email_verified: dialect === 'sqlite' ? 0 : false,
      role,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('user')
      .values([user('t1', 'teacher'), user('s1', 'student')] as never)
      .execute();
    await db
      .insertInto('assignment')
      .values({
        id: 'a1',
        code: 'OLDCODE',
        title: 'Before classes',
        deadline: now,
        total_marks: 10,
        teacher_id: 't1',
        question_file_id: null,
        model_answer_file_id: null,
        diagram_file_id: null,
        regrade_deadline: null,
        questions: null,
        anonymous_salt: null,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    await db
      .insertInto('enrollment')
      .values({ assignment_id: 'a1', student_id: 's1', joined_at: now })
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const row = await db
      .selectFrom('assignment')
      .selectAll()
      .where('id', '=', 'a1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: 'OLDCODE', title: 'Before classes', class_id: null });
    expect(await db.selectFrom('enrollment').selectAll().execute()).toHaveLength(1);

    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    expect(await db.selectFrom('assignment').select('code').execute()).toEqual([
      { code: 'OLDCODE' },
    ]);
  });
});
