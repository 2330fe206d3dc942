import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lateMessages } from '../../../shared/late-work';
import { messages } from '../../../shared/messages';
import {
  createAssignment,
  inDays,
  join,
  rowCounts,
  setDeadline,
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
import { sendDeadlineReminders } from '../notifications/notifications.service';
import { findByCode } from './assignments.repository';
import { lateSecondsAt } from './late-work.service';

const HOUR = 3_600_000;
/** An instant `ms` from now, as ISO text. */
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

// Extensions and late work: the policy, per-student deadlines, what the server takes, and the
// penalty on every mark shown.
describe.each(dialects)('late work and extensions (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Ada' }));
    other = await signUp(t, { role: 'teacher', name: 'Mr Other' });
  });
  afterAll(() => t.close());

  const send = (user: TestUser, method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  const policy = (user: TestUser, code: string, body: object) =>
    send(user, 'PUT', `/api/assignments/${code}/late-policy`, body);
  const extend = (user: TestUser, code: string, studentId: string, body: object) =>
    send(user, 'PUT', `/api/assignments/${code}/extensions/${studentId}`, body);
  const mark = (code: string, id: string, marks: number) =>
    send(teacher, 'PUT', `/api/assignments/${code}/submissions/${id}/marks`, { marks });
  const lateSecondsOf = async (id: string) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('submission')
          .select('late_seconds')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).late_seconds,
    );

  /** An assignment (20 marks) with joined students by name. */
  async function classOf(...names: string[]) {
    const code = await createAssignment(t, teacher);
    const students: Record<string, TestUser> = {};
    for (const name of names) {
      students[name] = await signUp(t, { role: 'student', name });
      await join(t, students[name], code);
    }
    return { code, students };
  }

  it('refuses a hand-in after the deadline with the existing message while late work is off', async () => {
    const { code, students } = await classOf('Asha');
    await setDeadline(t.db.kysely, code, fromNow(-HOUR));
    const before = await rowCounts(t.db.kysely);
    const res = await submit(t, students.Asha!, code);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'deadline_passed',
      message: messages.deadlinePassed,
    });
    expect(await rowCounts(t.db.kysely)).toEqual(before);
  });

  it('takes a late hand-in until the cut-off, keeps its lateness, and penalises per started day', async () => {
    const { code, students } = await classOf('Bea', 'Cal');
    const saved = await policy(teacher, code, {
      acceptLate: true,
      lateUntil: inDays(10),
      penaltyKind: 'per-day',
      penaltyPercent: 10,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ acceptLate: true, penaltyKind: 'per-day' });
    // 1 day 4 h late: two started days, 20% off.
    await setDeadline(t.db.kysely, code, fromNow(-28 * HOUR - 5000));
    const res = await submit(t, students.Bea!, code);
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(res.json().late).toMatchObject({ lateBy: '1 day 4 h', penaltyPercent: 20 });
    expect(await lateSecondsOf(id)).toBeGreaterThanOrEqual(28 * 3600);

    expect((await mark(code, id, 15)).json()).toMatchObject({
      marks: 15,
      late: { penaltyPercent: 20, penalisedMarks: 12 },
    });
    const table = (await getAs(t, `/api/assignments/${code}/submissions`, teacher)).json();
    expect(table.submissions[0]).toMatchObject({
      marks: 15,
      late: { lateBy: '1 day 4 h', penalisedMarks: 12 },
    });
    const review = (await getAs(t, `/api/assignments/${code}/submissions/${id}`, teacher)).json();
    expect(review.late).toMatchObject({ lateBy: '1 day 4 h', penalisedMarks: 12 });

    // The student: her lateness before publishing, no marks; the penalised total after.
    const own = (await getAs(t, `/api/assignments/${code}/submissions`, students.Bea!)).json();
    expect(own.submissions[0]).toMatchObject({ marks: null, late: { penalisedMarks: null } });
    const detail = (await getAs(t, `/api/assignments/${code}`, students.Bea!)).json();
    expect(detail).toMatchObject({ lateBy: '1 day 4 h', canHandIn: false });
    expect((await send(teacher, 'POST', `/api/assignments/${code}/publish`, {})).statusCode).toBe(
      200,
    );
    const mine = (
      await getAs(t, `/api/assignments/${code}/submissions/${id}`, students.Bea!)
    ).json();
    expect(mine).toMatchObject({ marks: 15, late: { penaltyPercent: 20, penalisedMarks: 12 } });
    const notices = (await getAs(t, '/api/notices', students.Bea!)).json();
    expect(JSON.stringify(notices)).toContain(
      'are published: 12 / 20 (15 less 20% for handing in 1 day 4 h late)',
    );
    // Her email says what the notice says: the marks after the penalty, not the raw 15.
    const email = await t.db.kysely
      .selectFrom('mail_message')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'marks_published')
      .where('to_address', '=', students.Bea!.email)
      .executeTakeFirstOrThrow();
    expect(email.text_body).toContain(
      'are published: 12 / 20 (15 less 20% for handing in 1 day 4 h late).',
    );
    const row = (await getAs(t, `/api/assignments/${code}/submissions`, students.Bea!)).json();
    expect(row.submissions[0]).toMatchObject({ marks: 15, late: { penalisedMarks: 12 } });

    // The CSV: the existing columns, then how late, the penalty and the marks after it.
    const csv = (await getAs(t, `/api/assignments/${code}/grades.csv`, teacher)).body;
    const [head, ...lines] = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(head!.startsWith('Student name,Email,Submitted at (UTC),Marks,Source,Total marks')).toBe(
      true,
    );
    expect(head!.endsWith(',Late by,Late penalty (%),Marks after late penalty')).toBe(true);
    expect(lines.find((l) => l.startsWith('Bea,'))!.endsWith(',1 day 4 h,20,12')).toBe(true);
    expect(lines.find((l) => l.startsWith('Cal,'))!.endsWith(',,,')).toBe(true);

    // After the cut-off: refused like any hand-in after the deadline.
    await t.db.kysely
      .updateTable('assignment')
      .set({ late_until: fromNow(-1000), deadline: fromNow(-HOUR) })
      .where('code', '=', code)
      .execute();
    const tooLate = await submit(t, students.Cal!, code);
    expect(tooLate.statusCode).toBe(403);
    expect(tooLate.json().error.code).toBe('deadline_passed');
  });

  it('takes a fixed share once, and never goes below 0 per day', async () => {
    const { code, students } = await classOf('Dev', 'Eli');
    await policy(teacher, code, {
      acceptLate: true,
      lateUntil: inDays(30),
      penaltyKind: 'fixed',
      penaltyPercent: 25,
    });
    await setDeadline(t.db.kysely, code, fromNow(-5 * 24 * HOUR));
    const dev = (await submit(t, students.Dev!, code)).json().id as string;
    expect((await mark(code, dev, 15)).json().late).toMatchObject({
      lateBy: '5 days',
      penaltyPercent: 25,
      penalisedMarks: 11.25,
    });
    await policy(teacher, code, {
      acceptLate: true,
      lateUntil: inDays(30),
      penaltyKind: 'per-day',
      penaltyPercent: 30,
    });
    const eli = (await submit(t, students.Eli!, code)).json().id as string;
    expect((await mark(code, eli, 18)).json().late).toMatchObject({
      penaltyPercent: 100,
      penalisedMarks: 0,
    });
  });

  it('lets a student with an extension hand in before it on time, with no penalty', async () => {
    const { code, students } = await classOf('Fay', 'Gus');
    await policy(teacher, code, {
      acceptLate: true,
      lateUntil: inDays(20),
      penaltyKind: 'per-day',
      penaltyPercent: 10,
    });
    // Her dashboard list, read (and kept) before the extension: the extension must replace it.
    const before = (await getAs(t, '/api/assignments', students.Fay!)).json().assignments;
    expect(before[0].extendedDeadline).toBeUndefined();
    const ext = await extend(teacher, code, students.Fay!.id, {
      deadline: inDays(12),
      deadlineTimeZone: 'Europe/London',
    });
    expect(ext.statusCode).toBe(204);
    await setDeadline(t.db.kysely, code, fromNow(-2 * HOUR));

    // She sees her own deadline; the other student does not see it.
    const cards = (await getAs(t, '/api/assignments', students.Fay!)).json().assignments;
    expect(cards[0]).toMatchObject({ extendedDeadline: expect.any(String), isPastDeadline: false });
    const fay = (await getAs(t, `/api/assignments/${code}`, students.Fay!)).json();
    expect(fay).toMatchObject({ extendedDeadline: expect.any(String), canHandIn: true });
    const gus = (await getAs(t, `/api/assignments/${code}`, students.Gus!)).json();
    expect(gus).toMatchObject({ extendedDeadline: null, isPastDeadline: true, canHandIn: true });
    expect(JSON.stringify(gus)).not.toContain(fay.extendedDeadline);
    const gusCards = (await getAs(t, '/api/assignments', students.Gus!)).json().assignments;
    expect(gusCards[0].extendedDeadline).toBeUndefined();
    // Her calendar feed has her own due date.
    const link = await send(students.Fay!, 'POST', '/api/me/calendar-link', {});
    const feed = (await t.app.inject({ url: new URL(link.json().url).pathname })).body;
    const stamp = fay.extendedDeadline.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(feed).toContain(`DTSTART:${stamp}`);
    expect(feed).toContain('(your extension)');

    const onTime = await submit(t, students.Fay!, code);
    expect(onTime.statusCode).toBe(201);
    expect(onTime.json().late).toBeNull();
    expect(await lateSecondsOf(onTime.json().id)).toBe(0);
    expect((await mark(code, onTime.json().id, 15)).json()).toMatchObject({
      marks: 15,
      late: null,
    });
    const late = await submit(t, students.Gus!, code);
    expect(late.json().late).toMatchObject({ lateBy: '2 h', penaltyPercent: 10 });
  });

  it('refuses an extension not after the deadline, in the past, or for a student not on it', async () => {
    const { code, students } = await classOf('Hal');
    const outsider = await signUp(t, { role: 'student', name: 'Ivy' });
    const before = await t.db.kysely.selectFrom('extension').selectAll().execute();
    const notAfter = await extend(teacher, code, students.Hal!.id, { deadline: inDays(3) });
    expect(notAfter.statusCode).toBe(400);
    expect(notAfter.json().error.message).toContain(lateMessages.extensionNotAfterDeadline);
    await setDeadline(t.db.kysely, code, fromNow(-48 * HOUR));
    const past = await extend(teacher, code, students.Hal!.id, { deadline: fromNow(-HOUR) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toContain(lateMessages.extensionPast);
    const stranger = await extend(teacher, code, outsider.id, { deadline: inDays(3) });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(lateMessages.extensionNotJoined);
    const badZone = await extend(teacher, code, students.Hal!.id, {
      deadline: '2030-01-01T09:00',
      deadlineTimeZone: 'Mars/Olympus',
    });
    expect(badZone.statusCode).toBe(400);
    const badDate = await extend(teacher, code, students.Hal!.id, { deadline: 'soon' });
    expect(badDate.statusCode).toBe(400);
    expect(await t.db.kysely.selectFrom('extension').selectAll().execute()).toEqual(before);

    // Given, moved, listed, then taken away; taking it again is a 404.
    expect(
      (await extend(teacher, code, students.Hal!.id, { deadline: inDays(2) })).statusCode,
    ).toBe(204);
    expect(
      (await extend(teacher, code, students.Hal!.id, { deadline: inDays(4) })).statusCode,
    ).toBe(204);
    const list = (await getAs(t, `/api/assignments/${code}/extensions`, teacher)).json();
    expect(list.students).toEqual([
      {
        studentId: students.Hal!.id,
        studentName: 'Hal',
        deadline: expect.any(String),
        deadlineTimeZone: 'UTC',
        handedIn: false,
      },
    ]);
    expect(Date.parse(list.students[0].deadline)).toBeGreaterThan(Date.now() + 3 * 24 * HOUR);
    const url = `/api/assignments/${code}/extensions/${students.Hal!.id}`;
    expect((await send(teacher, 'DELETE', url)).statusCode).toBe(204);
    const again = await send(teacher, 'DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(lateMessages.extensionNotFound);
  });

  it('refuses an extension once the student has handed in', async () => {
    const { code, students } = await classOf('Jo');
    await submit(t, students.Jo!, code);
    const res = await extend(teacher, code, students.Jo!.id, { deadline: inDays(9) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'already_handed_in',
      message: lateMessages.extensionHandedIn,
    });
    // Marking anonymously, the answer does not tell who has handed in; her lateness stays.
    const anon = await send(teacher, 'PUT', `/api/assignments/${code}/review-settings`, {
      anonymousMarking: true,
    });
    expect(anon.statusCode, anon.body).toBe(204);
    expect((await extend(teacher, code, students.Jo!.id, { deadline: inDays(9) })).statusCode).toBe(
      204,
    );
  });

  it('lets only the owner set the policy and extensions, or read them', async () => {
    const { code, students } = await classOf('Kai', 'Lee');
    const body = { deadline: inDays(9) };
    const kai = students.Kai!.id;
    // Another teacher: the assignment does not exist for her. A student on it: not allowed.
    expect((await extend(other, code, kai, body)).statusCode).toBe(404);
    expect((await extend(students.Lee!, code, kai, body)).statusCode).toBe(403);
    expect((await extend(students.Kai!, code, kai, body)).statusCode).toBe(403);
    const off = { acceptLate: false };
    expect((await policy(other, code, off)).statusCode).toBe(404);
    expect((await policy(students.Kai!, code, off)).statusCode).toBe(403);
    expect((await getAs(t, `/api/assignments/${code}/extensions`, students.Kai!)).statusCode).toBe(
      403,
    );
    expect((await getAs(t, `/api/assignments/${code}/extensions`, other)).statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'PUT',
      url: `/api/assignments/${code}/late-policy`,
      payload: off,
    });
    expect(anon.statusCode).toBe(401);
    expect(await t.db.kysely.selectFrom('extension').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ student_id: kai }),
    );
  });

  it('refuses a penalty outside 0–100%, a cut-off not after the deadline, or none at all', async () => {
    const { code } = await classOf();
    const cases: Array<[object, string]> = [
      [
        { acceptLate: true, lateUntil: inDays(9), penaltyPercent: 101 },
        lateMessages.penaltyOutOfRange,
      ],
      [
        { acceptLate: true, lateUntil: inDays(9), penaltyPercent: -1 },
        lateMessages.penaltyOutOfRange,
      ],
      [
        { acceptLate: true, lateUntil: inDays(9), penaltyPercent: '5' },
        lateMessages.penaltyOutOfRange,
      ],
      [{ acceptLate: true }, lateMessages.lateUntilRequired],
      [{ acceptLate: true, lateUntil: inDays(3) }, lateMessages.lateUntilNotAfterDeadline],
      [{ acceptLate: true, lateUntil: inDays(9), penaltyKind: 'weekly' }, 'per day'],
    ];
    for (const [body, message] of cases) {
      const res = await policy(teacher, code, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const stored = (await getAs(t, `/api/assignments/${code}/submissions`, teacher)).json();
    expect(stored.assignment.latePolicy).toEqual({
      acceptLate: false,
      lateUntil: null,
      penaltyKind: 'per-day',
      penaltyPercent: 0,
    });
    // A moved deadline may not pass the cut-off.
    await policy(teacher, code, { acceptLate: true, lateUntil: inDays(9), penaltyPercent: 5 });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/assignments/${code}`,
      headers: { cookie: teacher.cookie },
      payload: { deadline: inDays(12) },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toContain(lateMessages.deadlineAfterLateUntil);
  });

  it('lets a newcomer join after the deadline while late work is taken', async () => {
    const { code } = await classOf();
    await policy(teacher, code, { acceptLate: true, lateUntil: inDays(9), penaltyPercent: 5 });
    await setDeadline(t.db.kysely, code, fromNow(-HOUR));
    const late = await signUp(t, { role: 'student', name: 'Mo' });
    expect((await join(t, late, code)).statusCode).toBe(200);
    await policy(teacher, code, { acceptLate: false });
    const closed = await join(t, await signUp(t, { role: 'student', name: 'Ned' }), code);
    expect(closed.statusCode).toBe(409);
    // Turning late work off keeps the penalty for answers already handed in late.
    const kept = (await getAs(t, `/api/assignments/${code}/submissions`, teacher)).json();
    expect(kept.assignment.latePolicy).toEqual({
      acceptLate: false,
      lateUntil: null,
      penaltyKind: 'per-day',
      penaltyPercent: 5,
    });
  });

  it('shows and reminds a student of her own deadline, not of an extension the deadline has passed', async () => {
    const { code, students } = await classOf('Ola');
    expect(
      (await extend(teacher, code, students.Ola!.id, { deadline: inDays(10) })).statusCode,
    ).toBe(204);
    // The deadline moves past her extension: her own deadline is the assignment's again.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/assignments/${code}`,
      headers: { cookie: teacher.cookie },
      payload: { deadline: inDays(20) },
    });
    expect(moved.statusCode).toBe(200);
    const page = (await getAs(t, `/api/assignments/${code}`, students.Ola!)).json();
    expect(page).toMatchObject({ extendedDeadline: null, canHandIn: true });
    const reminders = async (at: number) => {
      await sendDeadlineReminders(
        { db: t.db, notify: t.notify },
        new Date(Date.now() + at * 86_400_000),
      );
      return t.db.kysely
        .selectFrom('mail_message')
        .select('text_body')
        .where('kind', '=', 'deadline_reminder')
        .where('to_address', '=', students.Ola!.email)
        .execute();
    };
    expect(await reminders(9.5)).toEqual([]);
    const sent = await reminders(19.5);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text_body).toContain('you have not handed in yet');
  });

  it('is on time at the deadline instant itself and refuses at the cut-off instant itself', async () => {
    const { code, students } = await classOf('Pia');
    await policy(teacher, code, { acceptLate: true, lateUntil: inDays(9), penaltyPercent: 10 });
    const a = (await findByCode(t.db.kysely, code))!;
    const at = (iso: string, ms = 0) =>
      lateSecondsAt(t.db.kysely, a, students.Pia!.id, new Date(Date.parse(iso) + ms));
    expect(await at(a.deadline)).toBe(0);
    expect(await at(a.deadline, 1)).toBe(1);
    expect(await at(a.late_until!, -1)).toBeGreaterThan(0);
    await expect(at(a.late_until!)).rejects.toMatchObject({ code: 'deadline_passed' });
    // An extension moves the on-time instant; taking it away moves it back.
    expect(
      (await extend(teacher, code, students.Pia!.id, { deadline: inDays(8) })).statusCode,
    ).toBe(204);
    const ext = (
      await t.db.kysely
        .selectFrom('extension')
        .select('deadline')
        .where('student_id', '=', students.Pia!.id)
        .executeTakeFirstOrThrow()
    ).deadline;
    expect(await at(ext)).toBe(0);
    expect(await at(ext, 1000)).toBe(1);
    await send(teacher, 'DELETE', `/api/assignments/${code}/extensions/${students.Pia!.id}`);
    expect(await at(ext)).toBeGreaterThan(0);
  });
});
