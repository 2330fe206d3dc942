import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { zonedToUtc } from '../../../shared/time-zones';
import {
  buildTeacherApp,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import {
  assignmentForm,
  createAssignment,
  join,
  postAssignment,
  rowCounts,
  submit,
} from '../../test/classroom';

/** The calendar day `days` from now ("YYYY-MM-DD", UTC). */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The UTC instant of a wall-clock day and time in a zone, as ISO text. */
const at = (day: string, time: string, zone: string) =>
  new Date(zonedToUtc(Date.parse(`${day}T${time}Z`), zone)).toISOString();

// A deadline is a moment: a day and time in the teacher's time zone, stored as a UTC instant.
describe.each(dialects)('deadlines with a time and a time zone (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => ({ t, teacher } = await buildTeacherApp(dialect)));
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const detail = async (code: string, user = teacher) =>
    (
      await t.app.inject({ url: `/api/assignments/${code}`, headers: { cookie: user.cookie } })
    ).json();

  it('keeps a day and time in the given zone as its UTC instant, and returns the zone', async () => {
    const day = dayIn(10);
    const code = await createAssignment(t, teacher, {
      deadline: `${day}T09:30`,
      deadlineTimeZone: 'America/New_York',
    });
    expect(await detail(code)).toMatchObject({
      deadline: at(day, '09:30', 'America/New_York'),
      deadlineTimeZone: 'America/New_York',
    });
  });

  it('takes a date alone as 23:59 in the given zone, or in UTC without one', async () => {
    const day = dayIn(10);
    const inKolkata = await createAssignment(t, teacher, {
      deadline: day,
      deadlineTimeZone: 'Asia/Kolkata',
    });
    expect((await detail(inKolkata)).deadline).toBe(
      new Date(Date.parse(`${day}T23:59:59.999+05:30`)).toISOString(),
    );
    const plain = await createAssignment(t, teacher, { deadline: day });
    expect(await detail(plain)).toMatchObject({
      deadline: `${day}T23:59:59.999Z`,
      deadlineTimeZone: 'UTC',
    });
  });

  it('keeps an instant with an offset as it is, with the zone it was set in', async () => {
    const instant = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const code = await createAssignment(t, teacher, {
      deadline: instant,
      deadlineTimeZone: 'Europe/London',
    });
    expect(await detail(code)).toMatchObject({
      deadline: instant,
      deadlineTimeZone: 'Europe/London',
    });
  });

  it('refuses a time zone that does not exist, saying so, and keeps nothing', async () => {
    const before = await rowCounts(t.db.kysely);
    const res = await postAssignment(
      t,
      teacher,
      await assignmentForm({ deadline: dayIn(5), deadlineTimeZone: 'Mars/Olympus' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: 'deadlineTimeZone', message: messages.timeZoneInvalid },
    ]);
    expect(await rowCounts(t.db.kysely)).toEqual(before);
  });

  it('changes the deadline and its zone with PATCH, and refuses a zone sent alone or a bad one', async () => {
    const code = await createAssignment(t, teacher);
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/assignments/${code}`,
        headers: { cookie: teacher.cookie },
        payload,
      });
    const day = dayIn(20);
    const ok = await patch({ deadline: `${day}T08:00`, deadlineTimeZone: 'Europe/Berlin' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      deadline: at(day, '08:00', 'Europe/Berlin'),
      deadlineTimeZone: 'Europe/Berlin',
    });
    const alone = await patch({ deadlineTimeZone: 'Asia/Tokyo' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().error.details).toEqual([
      { path: 'deadline', message: messages.timeZoneWithoutDeadline },
    ]);
    const bad = await patch({ deadline: day, deadlineTimeZone: 'Europe/Atlantis' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].message).toBe(messages.timeZoneInvalid);
    expect(await detail(code)).toMatchObject({ deadlineTimeZone: 'Europe/Berlin' });
    // The old date-only body still works: 23:59:59.999 UTC that day.
    const old = await patch({ deadline: day });
    expect(old.json()).toMatchObject({ deadline: `${day}T23:59:59.999Z`, deadlineTimeZone: 'UTC' });
  });

  it('enforces the moment exactly: a minute before is on time, a minute after is refused', async () => {
    const day = dayIn(2);
    const code = await createAssignment(t, teacher, {
      deadline: `${day}T09:00`,
      deadlineTimeZone: 'Europe/London',
    });
    const deadline = Date.parse(at(day, '09:00', 'Europe/London'));
    const early = await signUp(t, { role: 'student' });
    const late = await signUp(t, { role: 'student' });
    await join(t, early, code);
    await join(t, late, code);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(deadline - 60_000);
    expect((await submit(t, early, code)).statusCode).toBe(201);
    expect((await detail(code, late)).isPastDeadline).toBe(false);
    vi.setSystemTime(deadline + 60_000);
    const refused = await submit(t, late, code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('deadline_passed');
    expect((await detail(code, late)).isPastDeadline).toBe(true);
  });
});
