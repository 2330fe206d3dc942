import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedPlanOf } from '../../test/query-plans';
import { buildTestApp, dialects, type TestApp } from '../../test/test-app';
import { dueForStudent, hasUnpublishedMarks } from './marks.repository';

// Every student's dashboard and notices request first looks for marks due to be published.
describe.each(dialects)('marks due for automatic publishing, query plan (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it("starts from the student's unpublished marks, through indexes only", async () => {
    const plan = await indexedPlanOf(t, (db) =>
      dueForStudent(db, 'student-1', new Date().toISOString()),
    );
    expect(plan).toContain('submission_unpublished_marks_idx');
  });

  it('tells whether the student has any marks waiting through the same index', async () => {
    const plan = await indexedPlanOf(t, (db) => hasUnpublishedMarks(db, 'student-1'));
    expect(plan).toContain('submission_unpublished_marks_idx');
  });
});
