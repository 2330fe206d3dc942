import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTeacherApp,
  getAs,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { createAssignment, inDays, join, setDeadline, submit } from '../../test/classroom';

// The dashboard list: whose assignments each user sees, in which order, with which status.
describe.each(dialects)('assignment list (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Mr Iyer' })));
  afterAll(() => t.close());
  const get = (url: string, user: TestUser) => getAs(t, url, user);

  describe('GET /api/assignments', () => {
    it("lists the teacher's own and the student's joined, upcoming first then past", async () => {
      const me = await signUp(t, { role: 'teacher' });
      const student = await signUp(t, { role: 'student' });
      const soon = await createAssignment(t, me, { title: 'soon', deadline: inDays(1) });
      const later = await createAssignment(t, me, { title: 'later', deadline: inDays(9) });
      const longAgo = await createAssignment(t, me, { title: 'long ago' });
      const lately = await createAssignment(t, me, { title: 'lately' });
      await setDeadline(t.db.kysely, longAgo, inDays(-30));
      await setDeadline(t.db.kysely, lately, inDays(-1));
      await createAssignment(t, teacher, { title: 'not mine' });
      const titles = (await get('/api/assignments', me))
        .json()
        .assignments.map((a: { title: string }) => a.title);
      expect(titles).toEqual(['soon', 'later', 'lately', 'long ago']);
      for (const code of [later, soon]) await join(t, student, code);
      const cards = (await get('/api/assignments', student)).json().assignments;
      expect(cards.map((a: { code: string }) => a.code)).toEqual([soon, later]);
      expect(Object.keys(cards[0]).sort()).toEqual([
        'code',
        'deadline',
        'description',
        'isPastDeadline',
        'teacherName',
        'title',
        'workStatus',
      ]);
      expect(cards.map((c: { workStatus: string }) => c.workStatus)).toEqual([
        'not-handed-in',
        'not-handed-in',
      ]);
      // a teacher's cards say nothing about any student's work
      const own = (await get('/api/assignments', me)).json().assignments;
      expect(own.some((c: object) => 'workStatus' in c)).toBe(false);
    });

    it("tells a student they handed in, but that marks exist only once they're published", async () => {
      const me = await signUp(t, { role: 'teacher' });
      const student = await signUp(t, { role: 'student' });
      const other = await signUp(t, { role: 'student' });
      const open = await createAssignment(t, me, { title: 'open', deadline: inDays(1) });
      const marked = await createAssignment(t, me, { title: 'marked', deadline: inDays(2) });
      const published = await createAssignment(t, me, { title: 'published', deadline: inDays(3) });
      for (const code of [open, marked, published]) await join(t, student, code);
      for (const code of [marked, published]) {
        await join(t, other, code);
        // the other student's work must not show on this student's cards
        await submit(t, other, code);
        const id = (await submit(t, student, code)).json().id as string;
        await t.app.inject({
          method: 'PUT',
          url: `/api/assignments/${code}/submissions/${id}/marks`,
          headers: { cookie: me.cookie },
          payload: { marks: 7 },
        });
      }
      const before = await get('/api/assignments', student);
      const status = (res: typeof before) =>
        Object.fromEntries(
          res
            .json()
            .assignments.map((c: { title: string; workStatus: string }) => [c.title, c.workStatus]),
        );
      // marked by the teacher but not published: only "handed in", and no marks anywhere
      expect(status(before)).toEqual({
        open: 'not-handed-in',
        marked: 'handed-in',
        published: 'handed-in',
      });
      expect(before.body).not.toMatch(/marks/i);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/assignments/${published}/publish`,
        headers: { cookie: me.cookie },
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(status(await get('/api/assignments', student))).toEqual({
        open: 'not-handed-in',
        marked: 'handed-in',
        published: 'published',
      });
      // the other student's answers were never marked, so none of theirs was published
      expect(status(await get('/api/assignments', other))).toEqual({
        marked: 'handed-in',
        published: 'handed-in',
      });
    });
  });
});
