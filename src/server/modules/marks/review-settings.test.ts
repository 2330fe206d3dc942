import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssignment, inDays, join } from '../../test/classroom';
import {
  buildTeacherApp,
  dialects,
  getAs,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

// The publishing settings are read back where the form loads them (the grades table's
// assignment block), and a save that leaves a setting out keeps what is stored.
describe.each(dialects)('PUT /api/assignments/:code/review-settings (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let student: TestUser;
  let code: string;
  beforeAll(async () => {
    ({ t, teacher } = await buildTeacherApp(dialect));
    student = await signUp(t, { role: 'student' });
    code = await createAssignment(t, teacher, { title: 'Settings' });
    await join(t, student, code);
  });
  afterAll(() => t.close());

  const save = (body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/assignments/${code}/review-settings`,
      headers: { cookie: teacher.cookie },
      payload: body,
    });
  const stored = async (user = teacher) =>
    (await getAs(t, `/api/assignments/${code}/submissions`, user)).json().assignment;
  const until = new Date(Date.parse(inDays(10))).toISOString();

  it('gives the saved settings back with the grades table, to the teacher and the student', async () => {
    expect((await save({ autoPublish: true, regradeDeadline: until })).statusCode).toBe(204);
    expect(await stored()).toMatchObject({ autoPublish: true, regradeDeadline: until });
    // The student learns until when a regrade may be asked for.
    expect((await stored(student)).regradeDeadline).toBe(until);
  });

  it('keeps a stored setting that a save leaves out, and clears the date only on null', async () => {
    expect((await save({ autoPublish: false })).statusCode).toBe(204);
    expect(await stored()).toMatchObject({ autoPublish: false, regradeDeadline: until });
    expect((await save({ regradeDeadline: null })).statusCode).toBe(204);
    expect(await stored()).toMatchObject({ autoPublish: false, regradeDeadline: null });
  });

  it('refuses a date that is not one, and changes nothing', async () => {
    await save({ autoPublish: true, regradeDeadline: until });
    const res = await save({ autoPublish: false, regradeDeadline: 'next Friday' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('regradeDeadline');
    expect(await stored()).toMatchObject({ autoPublish: true, regradeDeadline: until });
  });
});
