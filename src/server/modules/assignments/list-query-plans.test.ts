import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capture, indexedPlanOf } from '../../test/query-plans';
import { buildTestApp, dialects, type TestApp } from '../../test/test-app';
import { listByStudent, listByTeacher } from './assignments.repository';

describe.each(dialects)('dashboard list query plans (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it("reads a teacher's cards through indexes only, already in deadline order, in one query", async () => {
    const plan = await indexedPlanOf(t, (db) => listByTeacher(db, 'teacher-1'));
    expect(plan).toContain('assignment_teacher_idx');
    if (dialect === 'sqlite') expect(plan).not.toContain('TEMP B-TREE');
  });

  it("reads a student's cards through indexes only, in one query", async () => {
    const plan = await indexedPlanOf(t, (db) => listByStudent(db, 'student-1'));
    expect(plan).toContain('enrollment_student_assignment_idx');
  });

  it('selects only the columns a card shows', async () => {
    const [query] = await capture(t.db.kysely, (db) => listByStudent(db, 'student-1'));
    expect(query!.sql).not.toContain('*');
  });
});
