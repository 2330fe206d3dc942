import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, setDeadline } from '../../test/classroom';
import { dialects, type TestApp, type TestUser } from '../../test/test-app';
import { buildReviewClass, reviewRequests } from './review.fixture';

// Automatic publishing happens when a student's request first finds a passed deadline. The
// dashboard asks for its notices and its cards at the same moment, and a student may have two
// tabs open: every one of those requests may be the one that publishes.
describe.each(dialects)('automatic publishing asked for at once (%s)', (dialect) => {
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

  it('publishes nothing before the deadline, however the student asks', async () => {
    const [notices, list] = await Promise.all([
      call(students[0]!, 'GET', '/api/notices'),
      call(students[0]!, 'GET', '/api/assignments'),
    ]);
    expect(notices.json()).toEqual({ notices: [], unread: 0 });
    expect(list.json().assignments[0].workStatus).toBe('handed-in');
  });

  it('shows the card published on the same load as its notice, once the deadline has passed', async () => {
    await setDeadline(t.db.kysely, code, inDays(-1 / 24));
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

  it('sends each student one notice when many requests publish at once', async () => {
    // A fresh round: nothing published yet, and six requests from two students racing.
    await t.db.kysely
      .updateTable('submission')
      .set({ published: null, published_at: null })
      .execute();
    await t.db.kysely.deleteFrom('notice').execute();
    const [one, two] = [students[1]!, students[2]!];
    const requests = [one, two, one, two, one, two].flatMap((s) => [
      call(s, 'GET', '/api/notices'),
      call(s, 'GET', '/api/assignments'),
    ]);
    for (const res of await Promise.all(requests)) expect(res.statusCode).toBe(200);
    for (const s of students) expect(await published(s)).toHaveLength(1);
    const rows = await t.db.kysely.selectFrom('submission').select('published_at').execute();
    expect(rows.every((r) => r.published_at !== null)).toBe(true);
  });
});
