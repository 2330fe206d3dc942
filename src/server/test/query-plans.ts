import { CompiledQuery, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema';
import type { TestApp } from './test-app';

/** Runs `read` against the database and returns the SQL and parameters of the queries it made. */
export async function capture(
  db: Kysely<Database>,
  read: (db: Kysely<Database>) => Promise<unknown>,
) {
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
export async function planOf(t: TestApp, query: CompiledQuery): Promise<string> {
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
export const tableScans = (plan: string) =>
  plan.split('\n').filter((l) => /^\s*SCAN (?!CONSTANT)|Seq Scan/.test(l.replace(/^.*->\s*/, '')));

/**
 * The plan of the one query `read` makes, after checking that it is one query and scans no
 * table: the rows it needs are found through indexes.
 */
export async function indexedPlanOf(
  t: TestApp,
  read: (db: Kysely<Database>) => Promise<unknown>,
): Promise<string> {
  const queries = await capture(t.db.kysely, read);
  expect(queries).toHaveLength(1);
  const plan = await planOf(t, queries[0]!);
  expect(tableScans(plan), plan).toEqual([]);
  return plan;
}
