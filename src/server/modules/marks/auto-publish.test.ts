import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, setDeadline } from '../../test/classroom';
import { dialects, type TestApp, type TestUser } from '../../test/test-app';
import { publishAllDue } from './publishing.service';
import { buildReviewClass, reviewRequests } from './review.fixture';

// Automatic publishing is scheduled work (jobs/scheduled-tasks.ts), never done by a GET: the
// scheduler's next run after the deadline publishes, and runs at once publish each answer once.
describe.each(dialects)('automatic publishing at the deadline, scheduled (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let students: TestUser[];
  let code: string;
  let ids: string[];
  const { call, at } = reviewRequests(() => ({ t, students, code, ids }));

  beforeAll(async () => {
    ({ t, teacher, students, code, ids } = await buildReviewClass(dialect));
    for (const id of ids) {
      for (const q of ['1', '2']) {
        const res = await call(teacher, 'PUT', at(`/submissions/${id}/questions/${q}`), {
          marks: 3,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const settings = await call(teacher, 'PUT', at('/review-settings'), {
      autoPublish: true,
      regradeDeadline: null,
    });
    expect(settings.statusCode, settings.body).toBe(204);
  });
  afterAll(() => t.close());

  const published = async (student: TestUser) =>
    (await call(student, 'GET', '/api/notices'))
      .json()
      .notices.filter((n: { kind: string }) => n.kind === 'published');

  it('publishes nothing before the deadline', async () => {
    await t.scheduler.runOnce();
    const [notices, list] = await Promise.all([
      call(students[0]!, 'GET', '/api/notices'),
      call(students[0]!, 'GET', '/api/assignments'),
    ]);
    expect(notices.json()).toEqual({ notices: [], unread: 0 });
    expect(list.json().assignments[0].workStatus).toBe('handed-in');
  });

  it('publishes once the deadline has passed: card and notice agree, no GET publishes', async () => {
    await setDeadline(t.db.kysely, code, inDays(-1 / 24));
    // Reading changes nothing: only the scheduled job publishes.
    expect((await call(students[0]!, 'GET', '/api/notices')).json().notices).toEqual([]);
    await t.scheduler.runOnce();
    const [notices, list] = await Promise.all([
      call(students[0]!, 'GET', '/api/notices'),
      call(students[0]!, 'GET', '/api/assignments'),
    ]);
    expect(notices.statusCode).toBe(200);
    expect(list.json().assignments[0]).toMatchObject({ code, workStatus: 'published' });
    expect(await published(students[0]!)).toEqual([
      expect.objectContaining({
        text: 'Your marks for "Stacks and queues" are published: 6 / 10.',
      }),
    ]);
  });

  it('sends each student one notice when runs of the job overlap or repeat', async () => {
    // A fresh round: nothing published yet, and the publishing of several runs racing.
    await t.db.kysely
      .updateTable('submission')
      .set({ published: null, published_at: null })
      .execute();
    await t.db.kysely.deleteFrom('notice').execute();
    const deps = { db: t.db, store: t.store, checker: { pool: t.pool, reading: t.config.reading } };
    const counts = await Promise.all([
      publishAllDue(deps),
      publishAllDue(deps),
      publishAllDue(deps),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length);
    await t.scheduler.runOnce();
    for (const s of students) expect(await published(s)).toHaveLength(1);
    const rows = await t.db.kysely.selectFrom('submission').select('published_at').execute();
    expect(rows.every((r) => r.published_at !== null)).toBe(true);
  });
});
