import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { assignmentForm, createAssignment, join, submit } from '../../test/classroom';
import { makePdf, multipart } from '../../test/uploads';

/** Every kind of user the API must tell apart. */
type Actor =
  'anonymous' | 'noRole' | 'owner' | 'otherTeacher' | 'submitter' | 'classmate' | 'outsider';

interface World {
  a: string; // the assignment under test
  d: string; // a twin of it, for DELETE
  j: string; // another assignment, for joining
  s: string; // the submitter's submission to `a`
}

interface Row {
  name: string;
  request: (w: World) => {
    method: string;
    url: string;
    form?: () => Promise<{ payload: Buffer; headers: Record<string, string> }>;
    json?: object;
  };
  /** Expected status per signed-in actor (anonymous is always 401, noRole always 403). */
  expect: Record<Exclude<Actor, 'anonymous' | 'noRole'>, number>;
}

const pdfForm = async (field: string) =>
  multipart({}, { [field]: { filename: 'a.pdf', content: await makePdf() } });

/** Each endpoint × each kind of user; rows with side effects come last. */
const table: Row[] = [
  {
    name: 'GET /api/assignments',
    request: () => ({ method: 'GET', url: '/api/assignments' }),
    expect: { owner: 200, otherTeacher: 200, submitter: 200, classmate: 200, outsider: 200 },
  },
  {
    name: 'GET /api/assignments/:code',
    request: (w) => ({ method: 'GET', url: `/api/assignments/${w.a}` }),
    expect: { owner: 200, otherTeacher: 404, submitter: 200, classmate: 200, outsider: 404 },
  },
  {
    name: 'PATCH /api/assignments/:code',
    request: (w) => ({
      method: 'PATCH',
      url: `/api/assignments/${w.a}`,
      json: { title: 'Renamed' },
    }),
    expect: { owner: 200, otherTeacher: 404, submitter: 403, classmate: 403, outsider: 404 },
  },
  {
    name: 'GET files/question-paper',
    request: (w) => ({ method: 'GET', url: `/api/assignments/${w.a}/files/question-paper` }),
    expect: { owner: 200, otherTeacher: 404, submitter: 200, classmate: 200, outsider: 404 },
  },
  {
    name: 'GET files/model-answer',
    request: (w) => ({ method: 'GET', url: `/api/assignments/${w.a}/files/model-answer` }),
    expect: { owner: 200, otherTeacher: 404, submitter: 403, classmate: 403, outsider: 404 },
  },
  {
    name: 'GET files/diagram',
    request: (w) => ({ method: 'GET', url: `/api/assignments/${w.a}/files/diagram` }),
    expect: { owner: 200, otherTeacher: 404, submitter: 200, classmate: 200, outsider: 404 },
  },
  {
    name: 'GET submissions',
    request: (w) => ({ method: 'GET', url: `/api/assignments/${w.a}/submissions` }),
    expect: { owner: 200, otherTeacher: 404, submitter: 200, classmate: 200, outsider: 404 },
  },
  {
    name: 'GET submissions/:id/file',
    request: (w) => ({ method: 'GET', url: `/api/assignments/${w.a}/submissions/${w.s}/file` }),
    expect: { owner: 200, otherTeacher: 404, submitter: 200, classmate: 404, outsider: 404 },
  },
  {
    name: 'GET submissions/:id (explained marks)',
    request: (w) => ({ method: 'GET', url: `/api/assignments/${w.a}/submissions/${w.s}` }),
    expect: { owner: 200, otherTeacher: 404, submitter: 200, classmate: 404, outsider: 404 },
  },
  {
    name: 'POST evaluations',
    request: (w) => ({ method: 'POST', url: `/api/assignments/${w.a}/evaluations` }),
    expect: { owner: 202, otherTeacher: 404, submitter: 403, classmate: 403, outsider: 404 },
  },
  {
    name: 'GET evaluations/latest',
    request: (w) => ({ method: 'GET', url: `/api/assignments/${w.a}/evaluations/latest` }),
    expect: { owner: 200, otherTeacher: 404, submitter: 403, classmate: 403, outsider: 404 },
  },
  {
    name: 'GET grades.csv',
    request: (w) => ({ method: 'GET', url: `/api/assignments/${w.a}/grades.csv` }),
    expect: { owner: 200, otherTeacher: 404, submitter: 403, classmate: 403, outsider: 404 },
  },
  {
    name: 'PUT submissions/:id/marks',
    request: (w) => ({
      method: 'PUT',
      url: `/api/assignments/${w.a}/submissions/${w.s}/marks`,
      json: { marks: 5 },
    }),
    expect: { owner: 200, otherTeacher: 404, submitter: 403, classmate: 403, outsider: 404 },
  },
  {
    name: 'POST /api/assignments/join',
    request: (w) => ({ method: 'POST', url: '/api/assignments/join', json: { code: w.j } }),
    expect: { owner: 403, otherTeacher: 403, submitter: 200, classmate: 200, outsider: 200 },
  },
  {
    name: 'POST /api/assignments',
    request: () => ({ method: 'POST', url: '/api/assignments', form: () => assignmentForm() }),
    expect: { owner: 201, otherTeacher: 201, submitter: 403, classmate: 403, outsider: 403 },
  },
  {
    name: 'POST submission',
    request: (w) => ({
      method: 'POST',
      url: `/api/assignments/${w.a}/submission`,
      form: () => pdfForm('answer'),
    }),
    expect: { owner: 403, otherTeacher: 404, submitter: 409, classmate: 201, outsider: 404 },
  },
  {
    name: 'POST evaluations/cancel (nothing running)',
    request: (w) => ({ method: 'POST', url: `/api/assignments/${w.d}/evaluations/cancel` }),
    expect: { owner: 409, otherTeacher: 404, submitter: 403, classmate: 403, outsider: 404 },
  },
  {
    name: 'DELETE /api/assignments/:code',
    request: (w) => ({ method: 'DELETE', url: `/api/assignments/${w.d}` }),
    expect: { otherTeacher: 404, submitter: 403, classmate: 403, outsider: 404, owner: 204 },
  },
];

describe.each(dialects)('who may do what with an assignment (%s)', (dialect) => {
  let t: TestApp;
  let users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
  let world: World;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    users = {
      noRole: await signUp(t, { role: null }),
      owner: await signUp(t, { role: 'teacher', name: 'Owner' }),
      otherTeacher: await signUp(t, { role: 'teacher' }),
      submitter: await signUp(t, { role: 'student', name: 'Submitter' }),
      classmate: await signUp(t, { role: 'student', name: 'Classmate' }),
      outsider: await signUp(t, { role: 'student' }),
    };
    const a = await createAssignment(t, users.owner);
    const d = await createAssignment(t, users.owner);
    const j = await createAssignment(t, users.otherTeacher);
    for (const code of [a, d]) {
      await join(t, users.submitter, code);
      await join(t, users.classmate, code);
    }
    const s = (await submit(t, users.submitter, a)).json().id as string;
    world = { a, d, j, s };
  });
  afterAll(async () => {
    await t.close();
  });

  const send = async (row: Row, actor: Actor) => {
    const r = row.request(world);
    const form = r.form ? await r.form() : undefined;
    const cookie = actor === 'anonymous' ? {} : { cookie: users[actor].cookie };
    return t.app.inject({
      method: r.method as 'GET',
      url: r.url,
      headers: { ...form?.headers, ...cookie },
      payload: form?.payload ?? r.json,
    });
  };

  for (const row of table) {
    it(`${row.name}: 401 anonymous, 403 without a role`, async () => {
      expect((await send(row, 'anonymous')).statusCode).toBe(401);
      expect((await send(row, 'noRole')).statusCode).toBe(403);
    });
    for (const [actor, status] of Object.entries(row.expect) as [Actor, number][]) {
      it(`${row.name}: ${actor} gets ${status}`, async () => {
        const res = await send(row, actor);
        expect(res.statusCode, res.body).toBe(status);
        if (status >= 400) expect(res.json().error.code).toBeTypeOf('string');
      });
    }
  }

  it('shows a student only their own row of the grades table', async () => {
    const url = `/api/assignments/${world.a}/submissions`;
    const mine = await t.app.inject({ url, headers: { cookie: users.submitter.cookie } });
    expect(mine.json().submissions.map((s: { id: string }) => s.id)).toEqual([world.s]);
    expect(mine.json()).not.toHaveProperty('notSubmitted');
    const theirs = await t.app.inject({ url, headers: { cookie: users.classmate.cookie } });
    expect(JSON.stringify(theirs.json())).not.toContain(world.s);
    expect(JSON.stringify(theirs.json())).not.toContain('Submitter');
  });
});
