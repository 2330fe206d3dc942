import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import {
  buildTeacherApp,
  getAs,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import {
  createAssignment,
  inDays,
  join,
  rowCounts,
  setDeadline,
  submit,
} from '../../test/classroom';
import { makePdf } from '../../test/uploads';

// Joining by class code, and what a joined student is shown.
describe.each(dialects)('joining an assignment (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Mr Iyer' })));
  afterAll(() => t.close());
  const get = (url: string, user: TestUser) => getAs(t, url, user);

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

  describe('after the deadline', () => {
    it('refuses a new student with "closed" and changes nothing', async () => {
      const code = await createAssignment(t, teacher);
      await setDeadline(t.db.kysely, code, inDays(-1));
      const student = await signUp(t, { role: 'student' });
      const before = await rowCounts(t.db.kysely);
      const res = await join(t, student, code);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'assignment_closed',
        message: messages.assignmentClosed,
      });
      expect(await rowCounts(t.db.kysely)).toEqual(before);
      expect((await get(`/api/assignments/${code}`, student)).statusCode).toBe(404);
    });

    it('still answers a student who had joined before it closed', async () => {
      const code = await createAssignment(t, teacher);
      const student = await signUp(t, { role: 'student' });
      await join(t, student, code);
      await setDeadline(t.db.kysely, code, inDays(-1));
      const again = await join(t, student, code);
      expect(again.statusCode).toBe(200);
      expect(again.json().alreadyJoined).toBe(true);
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

  it("names a student's own hand-in (to view it again), and nobody else's", async () => {
    const code = await createAssignment(t, teacher);
    const [ravi, lena] = [
      await signUp(t, { role: 'student' }),
      await signUp(t, { role: 'student' }),
    ];
    await join(t, ravi, code);
    await join(t, lena, code);
    const handed = await submit(t, ravi, code, {
      filename: 'ravi-answer.pdf',
      content: await makePdf(),
    });
    expect(handed.statusCode).toBe(201);
    const own = (await get(`/api/assignments/${code}`, ravi)).json();
    expect(own.submission).toEqual({ id: handed.json().id, fileName: 'ravi-answer.pdf' });
    expect((await get(`/api/assignments/${code}`, lena)).json().submission).toBeNull();
    expect((await get(`/api/assignments/${code}`, teacher)).json()).not.toHaveProperty(
      'submission',
    );
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
});
