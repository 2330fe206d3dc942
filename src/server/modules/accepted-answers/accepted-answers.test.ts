import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTED_BY_TEACHER } from '../../../grading/grade';
import type { AcceptedAnswer } from '../../../shared/accepted-answers';
import type { SubmissionDetail } from '../../../shared/evaluations';
import { messages } from '../../../shared/messages';
import { PUDDLES, classWithAnswers, createAssignment, evaluateAll } from '../../test/classroom';
import {
  buildTeacherApp,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

// "Accept answers like this": the teacher accepts one student's answer to question 1 as right,
// evaluates again through the real job path (in-process on SQLite, pg-boss on PostgreSQL), and
// another student who said the same in other words gets more marks and sees it matched.
const ANSWERS: Record<string, string[]> = {
  Ada: ['1. The puddle turns into a gas and goes up into the air.', '2. The boat with no marbles.'],
  Ben: [
    '1. The puddle turns into a gas that rises into the air.',
    '2. The control that the others are measured against.',
  ],
  Cy: [
    '1. The water evaporates because the sun heats it.',
    '2. What every trial is compared with.',
  ],
  Di: ['1. It soaks into the ground.', '2. I do not know.'],
};

/** A request as the signed-in user. */
const call = (t: TestApp, user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });

describe.each(dialects)('accepted answers (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let other: TestUser;
  let student: TestUser;
  let code: string;
  let otherCode: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' }));
    const made = await classWithAnswers(t, teacher, PUDDLES, ANSWERS);
    ({ code } = made);
    Object.assign(ids, made.ids);
    student = Object.values(made.students)[0]!;
    other = await signUp(t, { role: 'teacher', name: 'Mr Other' });
    otherCode = await createAssignment(t, other);
  });
  afterAll(() => t.close());

  const at = (path = '', c = code) => `/api/assignments/${c}/accepted-answers${path}`;
  const list = async () => (await call(t, teacher, 'GET', at())).json().answers as AcceptedAnswer[];
  const rows = () => t.db.kysely.selectFrom('accepted_answer').selectAll().execute();
  const remove = (id: string, user = teacher) =>
    t.app.inject({ method: 'DELETE', url: at(`/${id}`), headers: { cookie: user.cookie } });
  const detail = async (name: string) =>
    (
      await call(t, teacher, 'GET', `/api/assignments/${code}/submissions/${ids[name]}`)
    ).json() as SubmissionDetail;
  const question1 = async (name: string) => {
    const d = await detail(name);
    if (d.ai?.status !== 'graded') throw new Error(`${name} is not graded`);
    return d.ai.questions[0]!;
  };
  const evaluate = () => evaluateAll(t, teacher, code);

  it('lists none at first, and refuses anyone but the assignment’s teacher', async () => {
    expect(await list()).toEqual([]);
    const body = { question: '1', text: 'The water turns into vapour.' };
    const anonymous = await t.app.inject({ method: 'POST', url: at(), payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: at() })).statusCode).toBe(401);
    expect((await call(t, student, 'GET', at())).statusCode).toBe(403);
    expect((await call(t, student, 'POST', at(), body)).statusCode).toBe(403);
    expect((await call(t, other, 'GET', at())).statusCode).toBe(404);
    expect((await call(t, other, 'POST', at(), body)).statusCode).toBe(404);
    expect((await call(t, teacher, 'POST', at('', otherCode), body)).statusCode).toBe(404);
    expect((await call(t, teacher, 'GET', at('', 'NOPE999'))).statusCode).toBe(404);
    expect(await rows()).toEqual([]);
  });

  it('refuses a question the assignment does not have, empty or over-long text, and another assignment’s answer', async () => {
    const refused = async (body: object) => {
      const res = await call(t, teacher, 'POST', at(), body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.message as string;
    };
    expect(await refused({ question: '9', text: 'Anything.' })).toBe(messages.unknownQuestion);
    expect(await refused({ question: '1', text: '   ' })).toContain(messages.acceptedTextRequired);
    expect(await refused({ question: '1', text: 'x'.repeat(1001) })).toContain(
      messages.acceptedTextTooLong,
    );
    expect(await refused({ question: '1', text: 'Fine.', submissionId: 'not-an-answer' })).toBe(
      messages.acceptedUnknownSubmission,
    );
    expect(await rows()).toEqual([]);
  });

  let before: Awaited<ReturnType<typeof question1>>;

  it('carries each question’s answer as the engine read it in the teacher’s detail only', async () => {
    await evaluate();
    before = await question1('Ben');
    expect(before.matched).toEqual([]);
    expect((await question1('Ada')).answerText).toBe(
      'The puddle turns into a gas and goes up into the air.',
    );
    const own = await t.app.inject({
      url: `/api/assignments/${code}/submissions/${ids.Ada}`,
      headers: { cookie: student.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('goes up into the air');
  });

  it('gives the teacher the engine’s confidence on each row of the grades list, never a student', async () => {
    const path = `/api/assignments/${code}/submissions`;
    const rows = (await call(t, teacher, 'GET', path)).json().submissions as Array<{
      confidence: number | null;
    }>;
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.confidence).toBeGreaterThan(0);
    const mine = (await call(t, student, 'GET', path)).json().submissions;
    expect(mine).toEqual([expect.objectContaining({ confidence: null })]);
  });

  let accepted: AcceptedAnswer;

  it('adds an answer taken from a student’s answer and lists it', async () => {
    const text = (await question1('Ada')).answerText!;
    const res = await call(t, teacher, 'POST', at(), {
      question: '1',
      text: `  ${text}  `,
      submissionId: ids.Ada,
    });
    expect(res.statusCode, res.body).toBe(201);
    accepted = res.json() as AcceptedAnswer;
    expect(accepted).toMatchObject({
      question: '1',
      text,
      submissionId: ids.Ada,
      studentName: 'Ada',
    });
    expect(await list()).toEqual([accepted]);
    const again = await call(t, teacher, 'POST', at(), { question: '1', text: text.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.acceptedAlready);
    expect(await rows()).toHaveLength(1);
  });

  it('regrades with it: a like answer gets more marks and lists it as matched; others keep theirs', async () => {
    const cyBefore = await question1('Cy');
    const diBefore = await question1('Di');
    await evaluate();
    const after = await question1('Ben');
    expect(after.marks).toBeGreaterThan(before.marks);
    // named, never quoted: the accepted words are Ada's, and Ben may read his feedback
    expect(after.matched).toEqual([ACCEPTED_BY_TEACHER]);
    expect(JSON.stringify(after)).not.toContain('goes up into the air');
    expect((await question1('Cy')).marks).toBe(cyBefore.marks);
    const di = await question1('Di');
    expect(di.marks).toBeLessThanOrEqual(diBefore.marks);
    // an answer that says none of it is told what the model answer asks for, as before
    expect(di.matched).toEqual([]);
    expect(di.missing).toEqual(diBefore.missing);
    expect(di.missing).not.toContain(ACCEPTED_BY_TEACHER);
  });

  it('keeps at most 20 per question (409), and removes one; a second removal is a 404', async () => {
    for (let i = 2; i <= 20; i++) {
      const res = await call(t, teacher, 'POST', at(), { question: '2', text: `Answer ${i}.` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const full = await call(t, teacher, 'POST', at(), { question: '2', text: 'One more.' });
    expect(full.statusCode).toBe(201);
    const over = await call(t, teacher, 'POST', at(), { question: '2', text: 'Too many.' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(messages.acceptedTooMany);
    expect((await list()).filter((a) => a.question === '2')).toHaveLength(20);

    expect((await remove(accepted.id, student)).statusCode).toBe(403);
    expect((await remove(accepted.id, other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: at(`/${accepted.id}`) })).statusCode).toBe(
      401,
    );
    expect(await rows()).toHaveLength(21);
    expect((await remove(accepted.id)).statusCode).toBe(204);
    expect((await list()).some((a) => a.id === accepted.id)).toBe(false);
    expect((await remove(accepted.id)).statusCode).toBe(404);
    expect(await rows()).toHaveLength(20);
  });

  it('goes with its assignment', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/assignments/${code}`,
      headers: { cookie: teacher.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await rows()).toEqual([]);
  });
});
