import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import {
  buildTeacherApp,
  getAs,
  dialects,
  localFilesDir,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { createAssignment, inDays, join, setDeadline, submit } from '../../test/classroom';
import { filesUnder } from '../../test/uploads';

// An assignment after it is made: its deadline, changes, files and deletion.
describe.each(dialects)('assignment lifecycle (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Mr Iyer' })));
  afterAll(() => t.close());
  const get = (url: string, user: TestUser) => getAs(t, url, user);
  const patch = (code: string, payload: object, user = teacher) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/assignments/${code}`,
      headers: { cookie: user.cookie },
      payload,
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
