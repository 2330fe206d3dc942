import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classMessages } from '../../../shared/classes';
import { messages } from '../../../shared/messages';
import {
  createAssignment,
  join,
  postAssignment,
  assignmentForm,
  submit,
} from '../../test/classroom';
import {
  buildTeacherApp,
  dialects,
  getAs,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { calendarFeed, newCalendarLink } from '../calendar/calendar.service';
import { mailToAddress } from '../mail/mail.service';
import { archiveDueClasses } from './classes.service';

// A class over a term: made, joined, its assignments, its roster, co-teachers and its archiving.
describe.each(dialects)('classes (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(
    async () => ({ t, teacher: owner } = await buildTeacherApp(dialect, { name: 'Ms Rao' })),
  );
  afterAll(() => t.close());

  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie },
      ...(payload ? { payload } : {}),
    });
  const newClass = async (body: object = {}) => {
    const res = await call(owner, 'POST', '/api/classes', {
      name: 'Biology',
      section: '10B',
      term: 'Autumn 2026',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; code: string; joinUrl: string };
  };
  const inClass = (classId: string, fields: Record<string, string> = {}) =>
    createAssignment(t, owner, { classId, ...fields });
  const joinClass = (user: TestUser, code: string) =>
    call(user, 'POST', '/api/classes/join', { code });
  const dashboardCodes = async (user: TestUser) =>
    ((await getAs(t, '/api/assignments', user)).json().assignments as { code: string }[])
      .map((a) => a.code)
      .sort();

  describe('making a class', () => {
    it('gives it a join code and link; students and bad input are refused and change nothing', async () => {
      const c = await newClass({ termEndsOn: '2027-03-31' });
      expect(c).toMatchObject({
        name: 'Biology',
        section: '10B',
        role: 'owner',
        termEndsOn: '2027-03-31',
        archived: false,
      });
      expect(c.joinUrl).toBe(`http://markwise.test/join/${c.code}`);
      const student = await signUp(t, { role: 'student' });
      expect((await call(student, 'POST', '/api/classes', { name: 'Mine' })).statusCode).toBe(403);
      const before = await t.db.kysely.selectFrom('class').select('id').execute();
      for (const body of [
        { name: '  ' },
        { name: 'x'.repeat(101) },
        { name: 'A', termEndsOn: '31/03/2027' },
      ]) {
        const res = await call(owner, 'POST', '/api/classes', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
      expect(await t.db.kysely.selectFrom('class').select('id').execute()).toHaveLength(
        before.length,
      );
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/classes', payload: { name: 'A' } }))
          .statusCode,
      ).toBe(401);
    });

    it('refuses an assignment in another teacher’s class or an archived one', async () => {
      const other = await signUp(t, { role: 'teacher' });
      const theirs = (await call(other, 'POST', '/api/classes', { name: 'Theirs' })).json();
      const res = await postAssignment(t, owner, await assignmentForm({ classId: theirs.id }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(classMessages.classUnavailable);
      const archived = await newClass();
      await call(owner, 'POST', `/api/classes/${archived.id}/archive`);
      expect(
        (await postAssignment(t, owner, await assignmentForm({ classId: archived.id }))).statusCode,
      ).toBe(400);
    });
  });

  describe('joining', () => {
    it('a student who joins by the class code sees every assignment of it, also those set later', async () => {
      const c = await newClass();
      const first = await inClass(c.id);
      const student = await signUp(t, { role: 'student' });
      const res = await joinClass(student, ` ${c.code.toLowerCase()} `);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        alreadyJoined: false,
        class: { id: c.id, role: 'student' },
      });
      expect(res.json().class.code).toBeUndefined();
      expect((await joinClass(student, c.code)).json().alreadyJoined).toBe(true);
      const second = await inClass(c.id, { title: 'Osmosis' });
      expect(await dashboardCodes(student)).toEqual([first, second].sort());
      // She is emailed about the assignment set after she joined (not about those already there).
      const told = (await mailToAddress(t.db.kysely, student.email)).filter(
        (m) => m.kind === 'new_assignment',
      );
      expect(told.map((m) => m.subject)).toEqual(['New assignment: Osmosis']);
      expect((await getAs(t, `/api/assignments/${second}`, student)).json()).toMatchObject({
        class: { id: c.id, name: 'Biology', archived: false },
      });
      const list = (await getAs(t, '/api/classes', student)).json();
      expect(list.active.map((x: { id: string }) => x.id)).toEqual([c.id]);
    });

    it("an assignment's own code keeps working and joins its class", async () => {
      const c = await newClass();
      const a = await inClass(c.id);
      const b = await inClass(c.id);
      const student = await signUp(t, { role: 'student' });
      const res = await join(t, student, a);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ alreadyJoined: false, assignment: { code: a } });
      expect(await dashboardCodes(student)).toEqual([a, b].sort());
      // The join link's route takes an assignment's code too.
      const other = await signUp(t, { role: 'student' });
      expect((await joinClass(other, b)).json().class.id).toBe(c.id);
    });

    it('an assignment put in a class later takes in the class, and its own students join it', async () => {
      const c = await newClass();
      const inIt = await inClass(c.id);
      const classmate = await signUp(t, { role: 'student' });
      await joinClass(classmate, c.code);
      const loose = await createAssignment(t, owner);
      const byCode = await signUp(t, { role: 'student' });
      await join(t, byCode, loose);
      const res = await call(owner, 'PATCH', `/api/assignments/${loose}`, { classId: c.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(await dashboardCodes(classmate)).toEqual([inIt, loose].sort());
      expect(await dashboardCodes(byCode)).toEqual([inIt, loose].sort());
      // The classmate is told of it; the student who had joined it by its code already knew.
      const newAssignmentMail = async (user: TestUser) =>
        (await mailToAddress(t.db.kysely, user.email)).filter((m) => m.kind === 'new_assignment');
      expect(await newAssignmentMail(classmate)).toHaveLength(1);
      expect(await newAssignmentMail(byCode)).toEqual([]);
      const moved = await call(owner, 'PATCH', `/api/assignments/${loose}`, {
        classId: (await newClass()).id,
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().error.code).toBe('class_fixed');
    });

    it('refuses an unknown code with the spec message, and a teacher', async () => {
      const student = await signUp(t, { role: 'student' });
      const res = await joinClass(student, 'ZZZZZZZ');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(messages.joinFailedText);
      const c = await newClass();
      const other = await signUp(t, { role: 'teacher' });
      expect((await joinClass(other, c.code)).statusCode).toBe(403);
    });
  });

  describe('the roster', () => {
    it('shows each student’s hand-in per assignment to the class’s teachers only', async () => {
      const c = await newClass();
      const a = await inClass(c.id, { title: 'Cells' });
      const b = await inClass(c.id, { title: 'Plants' });
      const ada = await signUp(t, { role: 'student', name: 'Ada' });
      const ben = await signUp(t, { role: 'student', name: 'Ben' });
      await joinClass(ada, c.code);
      await joinClass(ben, c.code);
      const handedIn = (await submit(t, ada, b)).json().id as string;
      await call(owner, 'PUT', `/api/assignments/${b}/submissions/${handedIn}/marks`, { marks: 9 });
      const res = await call(owner, 'GET', `/api/classes/${c.id}/roster`);
      expect(res.statusCode).toBe(200);
      const roster = res.json();
      const order = roster.assignments.map((x: { code: string }) => x.code);
      expect([...order].sort()).toEqual([a, b].sort());
      const adaRow = roster.students.find((s: { name: string }) => s.name === 'Ada');
      expect(adaRow.work[order.indexOf(b)]).toBe('marked');
      expect(adaRow.work[order.indexOf(a)]).toBe('not-handed-in');
      expect(roster.students.map((s: { name: string }) => s.name)).toEqual(['Ada', 'Ben']);
      // Marking anonymously, the roster does not tell whom she has marked.
      await call(owner, 'PUT', `/api/assignments/${b}/review-settings`, { anonymousMarking: true });
      const hidden = (await call(owner, 'GET', `/api/classes/${c.id}/roster`)).json();
      expect(hidden.students[0].work[order.indexOf(b)]).toBe('handed-in');
      // A student sees the class but never the roster; another teacher not even the class.
      expect((await call(ada, 'GET', `/api/classes/${c.id}/roster`)).statusCode).toBe(403);
      const detail = (await call(ada, 'GET', `/api/classes/${c.id}`)).json();
      expect(detail.teachers).toBeUndefined();
      expect(JSON.stringify(detail)).not.toContain('Ben');
      const stranger = await signUp(t, { role: 'teacher' });
      expect((await call(stranger, 'GET', `/api/classes/${c.id}`)).statusCode).toBe(404);
      expect((await call(stranger, 'GET', `/api/classes/${c.id}/roster`)).statusCode).toBe(404);
      const outsider = await signUp(t, { role: 'student' });
      expect((await call(outsider, 'GET', `/api/classes/${c.id}`)).statusCode).toBe(404);
      expect((await getAs(t, '/api/classes', outsider)).json()).toEqual({
        active: [],
        archived: [],
      });
    });

    it('a removed student loses the class’s assignments at once; her work stays for the teacher', async () => {
      const c = await newClass();
      const a = await inClass(c.id);
      const b = await inClass(c.id);
      const eve = await signUp(t, { role: 'student', name: 'Eve' });
      await joinClass(eve, c.code);
      expect((await submit(t, eve, a)).statusCode).toBe(201);
      const other = await signUp(t, { role: 'student' });
      expect(
        (await call(other, 'DELETE', `/api/classes/${c.id}/students/${eve.id}`)).statusCode,
      ).toBe(404);
      const res = await call(owner, 'DELETE', `/api/classes/${c.id}/students/${eve.id}`);
      expect(res.statusCode).toBe(204);
      expect(await dashboardCodes(eve)).toEqual([]);
      expect((await getAs(t, `/api/assignments/${a}`, eve)).statusCode).toBe(404);
      expect((await getAs(t, `/api/assignments/${a}/submissions`, eve)).statusCode).toBe(404);
      expect((await submit(t, eve, b)).statusCode).toBe(404);
      expect((await call(eve, 'GET', `/api/classes/${c.id}`)).statusCode).toBe(404);
      // Neither the class code nor an assignment's code lets her back in.
      for (const code of [c.code, b]) {
        const again = code === b ? await join(t, eve, code) : await joinClass(eve, code);
        expect(again.statusCode).toBe(403);
        expect(again.json().error.message).toBe(classMessages.removedFromClass);
      }
      const grades = (await getAs(t, `/api/assignments/${a}/submissions`, owner)).json();
      expect(grades.submissions.map((s: { studentName: string }) => s.studentName)).toContain(
        'Eve',
      );
      const csv = (await getAs(t, `/api/assignments/${a}/grades.csv`, owner)).body;
      expect(csv).toContain('Eve');
      const roster = (await call(owner, 'GET', `/api/classes/${c.id}/roster`)).json();
      expect(roster.students).toEqual([]);
      expect(
        (await call(owner, 'DELETE', `/api/classes/${c.id}/students/${eve.id}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('co-teachers', () => {
    it('may mark and publish, but not edit, delete, hide names or change the class', async () => {
      const c = await newClass();
      const a = await inClass(c.id);
      const co = await signUp(t, { role: 'teacher', name: 'Mr Co' });
      const student = await signUp(t, { role: 'student' });
      await joinClass(student, c.code);
      const id = (await submit(t, student, a)).json().id as string;
      const stranger = await signUp(t, { role: 'teacher' });
      // Before she is added she is like any other teacher.
      expect((await getAs(t, `/api/assignments/${a}`, co)).statusCode).toBe(404);
      expect(
        (
          await call(owner, 'POST', `/api/classes/${c.id}/co-teachers`, {
            email: 'nobody@example.com',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(owner, 'POST', `/api/classes/${c.id}/co-teachers`, { email: student.email }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call(owner, 'POST', `/api/classes/${c.id}/co-teachers`, { email: 'not an address' }))
          .statusCode,
      ).toBe(400);
      const added = await call(owner, 'POST', `/api/classes/${c.id}/co-teachers`, {
        email: co.email.toUpperCase(),
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(
        added
          .json()
          .teachers.map((x: { name: string; role: string }) => [x.name, x.role])
          .sort(),
      ).toEqual([
        ['Mr Co', 'co-teacher'],
        ['Ms Rao', 'owner'],
      ]);
      expect(
        (await call(owner, 'POST', `/api/classes/${c.id}/co-teachers`, { email: co.email }))
          .statusCode,
      ).toBe(409);

      expect(await dashboardCodes(co)).toEqual([a]);
      // Her calendar feed lists the class's due dates.
      const { url } = await newCalendarLink(t.db.kysely, co.id, '');
      const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]!;
      const feed = async () => (await calendarFeed(t.db.kysely, token, 'http://markwise.test'))!;
      expect(await feed()).toContain(`/dashboard/assignment/${a}`);
      expect((await getAs(t, `/api/assignments/${a}`, co)).json()).toMatchObject({
        viewer: 'owner',
        canEdit: false,
      });
      expect((await call(co, 'GET', `/api/classes/${c.id}/roster`)).statusCode).toBe(200);
      const marked = await call(co, 'PUT', `/api/assignments/${a}/submissions/${id}/marks`, {
        marks: 12,
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(
        (
          await call(co, 'PUT', `/api/assignments/${a}/review-settings`, {
            autoPublish: true,
            // Her settings form sends the anonymous setting unchanged: fine; changing it is not.
            anonymousMarking: false,
          })
        ).statusCode,
      ).toBe(204);
      const hide = await call(co, 'PUT', `/api/assignments/${a}/review-settings`, {
        anonymousMarking: true,
      });
      expect(hide.statusCode).toBe(403);
      expect(hide.json().error.message).toBe(classMessages.ownerOnly);
      const published = await call(co, 'POST', `/api/assignments/${a}/publish`, {});
      expect(published.statusCode, published.body).toBe(200);
      const seen = (await getAs(t, `/api/assignments/${a}/submissions`, student)).json();
      expect(seen.submissions[0].marks).toBe(12);
      // She sees and answers the regrade requests too.
      const asked = await call(
        student,
        'POST',
        `/api/assignments/${a}/submissions/${id}/regrade-requests`,
        {
          question: '1',
          reason: 'I named the pigment.',
        },
      );
      expect(asked.statusCode, asked.body).toBe(201);
      const requests = (await call(co, 'GET', `/api/assignments/${a}/regrade-requests`)).json()
        .requests;
      expect(requests.map((r: { id: string }) => r.id)).toEqual([asked.json().id]);
      const answered = await call(
        co,
        'POST',
        `/api/assignments/${a}/regrade-requests/${asked.json().id}/answer`,
        {
          response: 'Looked again: it stands.',
        },
      );
      expect(answered.statusCode, answered.body).toBe(200);
      expect(
        (await call(co, 'PATCH', `/api/assignments/${a}`, { title: 'Mine now' })).statusCode,
      ).toBe(403);
      expect((await call(co, 'DELETE', `/api/assignments/${a}`)).statusCode).toBe(403);
      expect((await call(co, 'DELETE', `/api/classes/${c.id}`)).statusCode).toBe(403);
      expect((await call(co, 'POST', `/api/classes/${c.id}/archive`)).statusCode).toBe(403);
      expect(
        (await call(co, 'POST', `/api/classes/${c.id}/co-teachers`, { email: stranger.email }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(co, 'DELETE', `/api/classes/${c.id}/co-teachers/${owner.id}`)).statusCode,
      ).toBe(403);
      // Another teacher is refused as with any assignment that is not hers.
      expect(
        (await call(stranger, 'PUT', `/api/assignments/${a}/submissions/${id}/marks`, { marks: 1 }))
          .statusCode,
      ).toBe(404);
      // Taken off the class, she loses it at once.
      expect(
        (await call(owner, 'DELETE', `/api/classes/${c.id}/co-teachers/${co.id}`)).statusCode,
      ).toBe(204);
      expect(
        (await call(co, 'PUT', `/api/assignments/${a}/submissions/${id}/marks`, { marks: 3 }))
          .statusCode,
      ).toBe(404);
      expect(await dashboardCodes(co)).toEqual([]);
      expect(await feed()).not.toContain(`/dashboard/assignment/${a}`);
    });
  });

  describe('archiving', () => {
    it('keeps the work read-only with a clear message, lists the class apart, and can be undone', async () => {
      const c = await newClass();
      const a = await inClass(c.id);
      const b = await inClass(c.id);
      const student = await signUp(t, { role: 'student' });
      await joinClass(student, c.code);
      const id = (await submit(t, student, a)).json().id as string;
      const archived = await call(owner, 'POST', `/api/classes/${c.id}/archive`);
      expect(archived.statusCode).toBe(200);
      expect(archived.json().archived).toBe(true);
      expect((await call(owner, 'POST', `/api/classes/${c.id}/archive`)).statusCode).toBe(409);
      const refusedAll = [
        await submit(t, student, b),
        await call(owner, 'PATCH', `/api/assignments/${a}`, { title: 'New' }),
        await call(owner, 'PUT', `/api/assignments/${a}/submissions/${id}/marks`, { marks: 5 }),
        await call(owner, 'POST', `/api/assignments/${a}/publish`, {}),
        await call(owner, 'DELETE', `/api/assignments/${a}`),
        await call(owner, 'POST', `/api/classes/${c.id}/invitations`, {
          addresses: 'x@example.com',
        }),
      ];
      for (const res of refusedAll) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error).toEqual({
          code: 'class_archived',
          message: classMessages.classArchived,
        });
      }
      const newcomer = await signUp(t, { role: 'student' });
      expect((await joinClass(newcomer, c.code)).json().error.message).toBe(
        classMessages.classArchivedJoin,
      );
      expect((await getAs(t, `/api/assignments/${a}`, student)).json().class.archived).toBe(true);
      expect((await getAs(t, `/api/assignments/${a}/submissions`, owner)).statusCode).toBe(200);
      const list = (await getAs(t, '/api/classes', owner)).json();
      expect(list.archived.map((x: { id: string }) => x.id)).toContain(c.id);
      expect(list.active.map((x: { id: string }) => x.id)).not.toContain(c.id);
      expect((await call(owner, 'POST', `/api/classes/${c.id}/restore`)).statusCode).toBe(200);
      expect(
        (await call(owner, 'PUT', `/api/assignments/${a}/submissions/${id}/marks`, { marks: 5 }))
          .statusCode,
      ).toBe(200);
    });

    it('archiveDueClasses archives the classes whose term has ended, once', async () => {
      // Terms in the future: the app's own scheduler (below) archives those already over.
      const ended = await newClass({ termEndsOn: '2099-06-30' });
      const lastDay = await newClass({ termEndsOn: '2099-07-01' });
      const open = await newClass();
      const now = new Date('2099-07-01T20:00:00Z');
      const { archived } = await archiveDueClasses({ db: t.db }, now);
      expect(archived).toContain(ended.id);
      expect(archived).not.toContain(lastDay.id);
      expect(archived).not.toContain(open.id);
      const row = await t.db.kysely
        .selectFrom('class')
        .select('archived_at')
        .where('id', '=', ended.id)
        .executeTakeFirstOrThrow();
      expect(row.archived_at).toBe(now.toISOString());
      expect((await archiveDueClasses({ db: t.db }, now)).archived).toEqual([]);
      expect(
        (await archiveDueClasses({ db: t.db }, new Date('2099-07-02T00:00:01Z'))).archived,
      ).toContain(lastDay.id);
    });

    it('the scheduled work archives a class the day after its term ends', async () => {
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const over = await newClass({ termEndsOn: yesterday });
      const running = await newClass({ termEndsOn: '2099-07-01' });
      await t.scheduler.runOnce();
      const archivedAt = async (id: string) =>
        (
          await t.db.kysely
            .selectFrom('class')
            .select('archived_at')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).archived_at;
      expect(await archivedAt(over.id)).not.toBeNull();
      expect(await archivedAt(running.id)).toBeNull();
    });

    it('deleting a class leaves its assignments working without one', async () => {
      const c = await newClass();
      const a = await inClass(c.id);
      const student = await signUp(t, { role: 'student' });
      await joinClass(student, c.code);
      expect((await call(owner, 'DELETE', `/api/classes/${c.id}`)).statusCode).toBe(204);
      const detail = (await getAs(t, `/api/assignments/${a}`, student)).json();
      expect(detail.class).toBeNull();
      expect((await submit(t, student, a)).statusCode).toBe(201);
    });
  });
});
