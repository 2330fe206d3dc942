import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTeacherApp,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { createAssignment, join } from '../../test/classroom';

/** The feed's events as ical.js reads them: summary, url and start and end instants (ISO UTC). */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      summary: event.summary,
      url: String(v.getFirstPropertyValue('url')),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
}

const path = (url: string) => new URL(url).pathname;

describe.each(dialects)('the calendar feed (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let student: TestUser;
  let code: string;
  let later: string;
  beforeAll(async () => {
    ({ t, teacher } = await buildTeacherApp(dialect));
    student = await signUp(t, { role: 'student' });
    // Either side of the end of British Summer Time (2026-10-25): 09:00 is 08:00 UTC, then 09:00.
    code = await createAssignment(t, teacher, {
      title: 'Before the clocks change',
      deadline: '2099-10-24T09:00',
      deadlineTimeZone: 'Europe/London',
    });
    later = await createAssignment(t, teacher, {
      title: 'After the clocks change',
      deadline: '2099-10-26T09:00',
      deadlineTimeZone: 'Europe/London',
    });
    await join(t, student, code);
    await join(t, student, later);
  });
  afterAll(() => t.close());

  const newLink = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/calendar-link',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().url as string;
  };

  it('serves the due dates of a student’s assignments at their instants, across a clock change', async () => {
    // British Summer Time ends on 2099-10-25 (a Sunday) too.
    const url = await newLink(student);
    expect(url).toMatch(/^http:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await t.app.inject({ url: path(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(events(res.body)).toEqual([
      {
        summary: 'Due: Before the clocks change',
        url: expect.stringMatching(new RegExp(`/dashboard/assignment/${code}$`)),
        start: '2099-10-24T08:00:00.000Z',
        end: '2099-10-24T08:00:00.000Z',
      },
      {
        summary: 'Due: After the clocks change',
        url: expect.stringMatching(new RegExp(`/dashboard/assignment/${later}$`)),
        start: '2099-10-26T09:00:00.000Z',
        end: '2099-10-26T09:00:00.000Z',
      },
    ]);
  });

  it('holds the 2026 change as well, and the teacher’s feed lists what she teaches', async () => {
    const own = await buildTeacherApp(dialect);
    try {
      // The server refuses a deadline that has passed, so 2026's dates go straight into the rows.
      const a = await createAssignment(own.t, own.teacher, { title: 'Saturday' });
      const b = await createAssignment(own.t, own.teacher, { title: 'Monday' });
      for (const [c, d] of [
        [a, '2026-10-24T08:00:00.000Z'],
        [b, '2026-10-26T09:00:00.000Z'],
      ] as const) {
        await own.t.db.kysely
          .updateTable('assignment')
          .set({ deadline: d, deadline_time_zone: 'Europe/London' })
          .where('code', '=', c)
          .execute();
      }
      const url = await (
        await own.t.app.inject({
          method: 'POST',
          url: '/api/me/calendar-link',
          headers: { cookie: own.teacher.cookie },
        })
      ).json().url;
      const feed = events((await own.t.app.inject({ url: path(url) })).body);
      expect(feed.map((e) => [e.summary, e.start])).toEqual([
        ['Due: Saturday', '2026-10-24T08:00:00.000Z'],
        ['Due: Monday', '2026-10-26T09:00:00.000Z'],
      ]);
    } finally {
      await own.t.close();
    }
  });

  it('never shows other users’ assignments', async () => {
    const other = await signUp(t, { role: 'student' });
    const otherTeacher = await signUp(t, { role: 'teacher' });
    await createAssignment(t, otherTeacher, { title: 'Not yours' });
    expect(events((await t.app.inject({ url: path(await newLink(other)) })).body)).toEqual([]);
    const theirs = events((await t.app.inject({ url: path(await newLink(otherTeacher)) })).body);
    expect(theirs.map((e) => e.summary)).toEqual(['Due: Not yours']);
  });

  it('a new link ends the old one, and a wrong token is 404 without a word more', async () => {
    const old = await newLink(student);
    const state = await t.app.inject({
      url: '/api/me/calendar-link',
      headers: { cookie: student.cookie },
    });
    expect(state.json().createdAt).toEqual(expect.any(String));
    const current = await newLink(student);
    expect((await t.app.inject({ url: path(current) })).statusCode).toBe(200);
    const gone = await t.app.inject({ url: path(old) });
    expect(gone.statusCode).toBe(404);
    const wrong = await t.app.inject({ url: `/api/calendar/${'A'.repeat(43)}.ics` });
    const nonsense = await t.app.inject({ url: '/api/calendar/nonsense' });
    for (const res of [gone, wrong, nonsense]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
    const withoutExtension = await t.app.inject({ url: path(current).replace(/\.ics$/, '') });
    expect(withoutExtension.statusCode).toBe(404);
  });

  it('needs a session to see or make a link', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/me/calendar-link' });
      expect(res.statusCode).toBe(401);
    }
  });
});
