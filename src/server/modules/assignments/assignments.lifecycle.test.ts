import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import {
  buildTestApp,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
  localFilesDir,
} from '../../test/test-app';
import {
  createAssignment,
  inDays,
  join,
  rowCounts,
  setDeadline,
  submit,
} from '../../test/classroom';
import { filesUnder } from '../../test/uploads';

describe.each(dialects)('assignment lifecycle (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    teacher = await signUp(t, { role: 'teacher', name: 'Mr Iyer' });
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string, user: TestUser) =>
    t.app.inject({ url, headers: { cookie: user.cookie } });
  const patch = (code: string, payload: object, user = teacher) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/assignments/${code}`,
      headers: { cookie: user.cookie },
      payload,
    });

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

  describe('deadlines with a time of day', () => {
    it('keeps the exact instant sent with an offset, and refuses one that passed earlier today', async () => {
      // minutes from now, written in a zone an hour ahead of UTC, as a browser in it would send
      const at = new Date(Date.now() + 10 * 60_000);
      const local = new Date(at.getTime() + 3_600_000).toISOString().slice(0, 16) + ':00+01:00';
      const code = await createAssignment(t, teacher, { deadline: local });
      const detail = (await get(`/api/assignments/${code}`, teacher)).json();
      expect(detail.deadline).toBe(new Date(at.toISOString().slice(0, 16) + 'Z').toISOString());
      expect(detail.isPastDeadline).toBe(false);

      const earlier = new Date(Date.now() - 5 * 60_000).toISOString();
      const res = await patch(code, { deadline: earlier });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_failed',
        message: messages.deadlinePast,
        details: [{ path: 'deadline', message: messages.deadlinePast }],
      });
      const later = new Date(Date.now() + 2 * 3_600_000).toISOString();
      expect((await patch(code, { deadline: later })).json().deadline).toBe(later);
    });
  });

  describe('POST /api/assignments/join', () => {
    it('matches the code ignoring case and spaces; joining twice is harmless', async () => {
      const code = await createAssignment(t, teacher);
      const student = await signUp(t, { role: 'student' });
      const first = await join(t, student, `  ${code.toLowerCase()} `);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        alreadyJoined: false,
        assignment: { code, teacherName: 'Mr Iyer' },
      });
      const again = await join(t, student, code);
      expect(again.statusCode).toBe(200);
      expect(again.json().alreadyJoined).toBe(true);
      const inGroups = await join(t, student, `${code.slice(0, 3)} ${code.slice(3).toLowerCase()}`);
      expect(inGroups.statusCode).toBe(200);
      expect(inGroups.json().alreadyJoined).toBe(true);
      expect(
        await t.db.kysely
          .selectFrom('enrollment')
          .selectAll()
          .where('student_id', '=', student.id)
          .execute(),
      ).toHaveLength(1);
    });

    it.each([
      ['ZZZZZZZ', 404],
      ['', 400],
      ['x'.repeat(40), 400],
    ])('refuses the code "%s" with the spec message', async (code, status) => {
      const student = await signUp(t, { role: 'student' });
      const before = await rowCounts(t.db.kysely);
      const res = await join(t, student, code);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toContain(messages.joinFailedText);
      expect(await rowCounts(t.db.kysely)).toEqual(before);
    });
  });

  it('limits join attempts to 30 a minute per user', async () => {
    const student = await signUp(t, { role: 'student' });
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await join(t, student, 'NOPE234')).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses[30]).toBe(429);
    const other = await signUp(t, { role: 'student' });
    expect((await join(t, other, 'NOPE234')).statusCode).toBe(404);
  });

  it('hides the grading keywords from students', async () => {
    const code = await createAssignment(t, teacher, { diagramKeywords: 'xylem, phloem' });
    const student = await signUp(t, { role: 'student' });
    await join(t, student, code);
    expect((await get(`/api/assignments/${code}`, teacher)).json().diagramKeywords).toEqual([
      'xylem',
      'phloem',
    ]);
    expect((await get(`/api/assignments/${code}`, student)).json().diagramKeywords).toEqual([]);
  });

  describe('PATCH /api/assignments/:code', () => {
    it('updates the details and keeps the rest', async () => {
      const code = await createAssignment(t, teacher);
      const deadline = inDays(3);
      const res = await patch(code, {
        title: 'New title',
        description: 'New words',
        deadline,
        totalMarks: 50,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        code,
        title: 'New title',
        description: 'New words',
        deadline,
        totalMarks: 50,
        hasQuestionPaper: true,
      });
    });

    it('keeps an already past deadline but refuses to set a new past one', async () => {
      const code = await createAssignment(t, teacher);
      const past = inDays(-2);
      await setDeadline(t.db.kysely, code, past);
      expect((await patch(code, { title: 'x', deadline: past })).statusCode).toBe(200);
      const res = await patch(code, { deadline: inDays(-1) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.deadlinePast);
    });

    it('refuses total marks below marks already given (409)', async () => {
      const code = await createAssignment(t, teacher);
      const student = await signUp(t, { role: 'student' });
      await join(t, student, code);
      const id = (await submit(t, student, code)).json().id;
      await t.app.inject({
        method: 'PUT',
        url: `/api/assignments/${code}/submissions/${id}/marks`,
        headers: { cookie: teacher.cookie },
        payload: { marks: 15 },
      });
      const res = await patch(code, { totalMarks: 10 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(messages.totalMarksBelowMarks);
      expect((await patch(code, { totalMarks: 15 })).statusCode).toBe(200);
    });

    it.each([
      [{}],
      [{ totalMarks: -1 }],
      [{ totalMarks: 1001 }],
      [{ totalMarks: 'abc' }],
      [{ title: '' }],
      [{ code: 'HACKED1' }],
    ])('refuses %j and changes nothing', async (body) => {
      const code = await createAssignment(t, teacher);
      const before = (await get(`/api/assignments/${code}`, teacher)).json();
      const res = await patch(code, body);
      expect(res.statusCode).toBe(400);
      expect((await get(`/api/assignments/${code}`, teacher)).json()).toEqual(before);
    });
  });

  describe('DELETE /api/assignments/:code', () => {
    it('removes the assignment, its rows and every stored file, and nothing else', async () => {
      const keep = await createAssignment(t, teacher);
      const code = await createAssignment(t, teacher);
      const students = [await signUp(t, { role: 'student' }), await signUp(t, { role: 'student' })];
      for (const s of students) {
        await join(t, s, code);
        await join(t, s, keep);
      }
      const id = (await submit(t, students[0]!, code)).json().id;
      await submit(t, students[1]!, keep);
      await t.app.inject({
        method: 'PUT',
        url: `/api/assignments/${code}/submissions/${id}/marks`,
        headers: { cookie: teacher.cookie },
        payload: { marks: 3 },
      });
      const keys = await t.db.kysely.selectFrom('file').select('storage_key').execute();
      const before = filesUnder(localFilesDir(t));
      expect(before.sort()).toEqual(keys.map((k) => k.storage_key).sort());
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/assignments/${code}`,
        headers: { cookie: teacher.cookie },
      });
      expect(res.statusCode).toBe(204);
      expect(filesUnder(localFilesDir(t))).toHaveLength(before.length - 4);
      const left = await t.db.kysely.selectFrom('file').select('storage_key').execute();
      expect(filesUnder(localFilesDir(t)).sort()).toEqual(left.map((k) => k.storage_key).sort());
      for (const table of ['submission', 'mark_change', 'enrollment'] as const) {
        const rows = await t.db.kysely.selectFrom(table).selectAll().execute();
        expect(JSON.stringify(rows)).not.toContain(id);
      }
      expect((await get(`/api/assignments/${code}`, teacher)).statusCode).toBe(404);
      expect(
        (await get(`/api/assignments/${keep}/submissions`, teacher)).json().submissions,
      ).toHaveLength(1);
    });
  });

  describe('GET /api/assignments/:code/files/:kind', () => {
    it('serves each document with its type, a safe disposition and nosniff; 404 for a missing or unknown kind', async () => {
      const code = await createAssignment(t, teacher);
      const diagram = await get(`/api/assignments/${code}/files/diagram`, teacher);
      expect(diagram.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      const attachment = await get(
        `/api/assignments/${code}/files/model-answer?download=1`,
        teacher,
      );
      expect(attachment.headers['content-disposition']).toMatch(
        /^attachment; filename="model.pdf"/,
      );
      await t.db.kysely
        .updateTable('assignment')
        .set({ diagram_file_id: null })
        .where('code', '=', code)
        .execute();
      expect((await get(`/api/assignments/${code}/files/diagram`, teacher)).statusCode).toBe(404);
      expect((await get(`/api/assignments/${code}/files/secrets`, teacher)).statusCode).toBe(404);
    });
  });
});
