import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { buildTestApp, dialects, type TestApp } from '../../test/test-app';
import { listByStudent, listByTeacher } from './assignments.repository';

/** Runs `read` against the database and returns the SQL and parameters of the queries it made. */
async function capture(db: Kysely<Database>, read: (db: Kysely<Database>) => Promise<unknown>) {
  const queries: CompiledQuery[] = [];
  const executor = db.getExecutor();
  await read(
    db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        queries.push(executor.compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    }),
  );
  return queries;
}

/** The database's plan for a query, one line per step. */
async function planOf(t: TestApp, query: CompiledQuery): Promise<string> {
  const db = t.db.kysely;
  if (t.db.dialect === 'sqlite') {
    const rows = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.rows.map((r) => r.detail).join('\n');
  }
  // Tables of a test are tiny, where a scan is cheapest; forbid scans to see whether an index serves.
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** Full scans of a table in a plan (SQLite "SCAN t", PostgreSQL "Seq Scan on t"). */
const tableScans = (plan: string) =>
  plan.split('\n').filter((l) => /^\s*SCAN (?!CONSTANT)|Seq Scan/.test(l.replace(/^.*->\s*/, '')));

describe.each(dialects)('dashboard list query plans (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it("reads a teacher's cards through indexes only, already in deadline order, in one query", async () => {
    const queries = await capture(t.db.kysely, (db) => listByTeacher(db, 'teacher-1'));
    expect(queries).toHaveLength(1);
    const plan = await planOf(t, queries[0]!);
    expect(tableScans(plan), plan).toEqual([]);
    expect(plan).toContain('assignment_teacher_idx');
    if (dialect === 'sqlite') expect(plan).not.toContain('TEMP B-TREE');
  });

  it("reads a student's cards through indexes only, in one query", async () => {
    const queries = await capture(t.db.kysely, (db) => listByStudent(db, 'student-1'));
    expect(queries).toHaveLength(1);
    const plan = await planOf(t, queries[0]!);
    expect(tableScans(plan), plan).toEqual([]);
    expect(plan).toContain('enrollment_student_assignment_idx');
  });

  it('selects only the columns a card shows', async () => {
    const [query] = await capture(t.db.kysely, (db) => listByStudent(db, 'student-1'));
    expect(query!.sql).not.toContain('*');
  });
});
