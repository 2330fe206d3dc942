import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MATHS_SETTINGS, type PreparedAssignment } from '../../../grading';
import type { EvaluationRun, SubmissionDetail } from '../../../shared/evaluations';
import {
  DEFAULT_TOLERANCE_PERCENT,
  DEFAULT_WRONG_UNIT_SHARE_PERCENT,
} from '../../../shared/limits';
import type { MathsFinding } from '../../../shared/maths';
import type { MathsSettingsResponse, ReadingChangeResponse } from '../../../shared/maths-review';
import { messages } from '../../../shared/messages';
import { classWithAnswers, createAssignment } from '../../test/classroom';
import {
  buildTeacherApp,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

// A teacher sets how question 2's numbers are marked and corrects what Markwise read in one
// answer, through the real job path (in-process on SQLite, pg-boss on PostgreSQL): the settings
// reach the run, the corrected answer alone is regraded at once, and students see the findings
// only as the model answer's visibility allows.
const PAPER = [
  '1. Why does the puddle dry up on a sunny day? [2 marks]',
  '2. What is the acceleration of free fall? [2 marks]',
];
const MODEL = [
  '1. The water evaporates because the sun heats it.',
  '2. The acceleration of free fall is 9.8 m/s2 downwards.',
];
const ANSWERS: Record<string, string[]> = {
  Ada: ['1. It soaks into the ground.', '2. The acceleration of free fall is 9.8 m/s2 downwards.'],
  Ben: ['1. The water evaporates because the sun heats it.', '2. I do not know.'],
  Cy: [
    '1. The water evaporates because the sun heats it.',
    '2. The acceleration of free fall is 9.8 m/s2 downwards.',
  ],
};
const RIGHT_1 = 'The water evaporates because the sun heats it.';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(dialects)('maths settings and corrected readings (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let other: TestUser;
  let stranger: TestUser;
  let code: string;
  let otherCode: string;
  const ids: Record<string, string> = {};
  const students: Record<string, TestUser> = {};

  beforeAll(async () => {
    ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' }));
    const made = await classWithAnswers(
      t,
      teacher,
      { title: 'Puddles and falls', totalMarks: 4, paper: PAPER, model: MODEL },
      ANSWERS,
    );
    ({ code } = made);
    Object.assign(ids, made.ids);
    Object.assign(students, made.students);
    stranger = await signUp(t, { role: 'student', name: 'Stranger' });
    other = await signUp(t, { role: 'teacher', name: 'Mr Other' });
    otherCode = await createAssignment(t, other);
  });
  afterAll(() => t.close());

  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });
  const settingsUrl = (q = '', c = code) => `/api/assignments/${c}/maths-settings${q && `/${q}`}`;
  const readingUrl = (name: string, q = '1') =>
    `/api/assignments/${code}/submissions/${ids[name]}/readings/${q}`;
  const detail = async (name: string, user = teacher) =>
    (
      await call(user, 'GET', `/api/assignments/${code}/submissions/${ids[name]}`)
    ).json() as SubmissionDetail;
  const graded = async (name: string) => {
    const d = await detail(name);
    if (d.ai?.status !== 'graded') throw new Error(`${name} is not graded`);
    return d.ai;
  };
  const latest = async () =>
    (await call(teacher, 'GET', `/api/assignments/${code}/evaluations/latest`)).json()
      .run as EvaluationRun;
  /** Waits for the newest run to finish; `confirm` applies the changes a class run waits with. */
  const finished = async (confirm = false) => {
    for (let i = 0; i < 400; i++) {
      const run = await latest();
      if (run.status === 'finished') return run;
      if (run.status === 'awaiting-confirmation') {
        if (!confirm) throw new Error('the run waits for confirmation');
        await call(teacher, 'POST', `/api/assignments/${code}/evaluations/confirm`);
      }
      await sleep(25);
    }
    throw new Error('the run did not finish');
  };

  it('has the engine’s defaults, in percent, until the teacher sets them', async () => {
    expect(DEFAULT_TOLERANCE_PERCENT / 100).toBe(DEFAULT_MATHS_SETTINGS.tolerance);
    expect(DEFAULT_WRONG_UNIT_SHARE_PERCENT / 100).toBe(DEFAULT_MATHS_SETTINGS.wrongUnitShare);
    const res = await call(teacher, 'GET', settingsUrl());
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MathsSettingsResponse).questions).toEqual([
      { question: '1', tolerancePercent: 2, wrongUnitSharePercent: 50, custom: false },
      { question: '2', tolerancePercent: 2, wrongUnitSharePercent: 50, custom: false },
    ]);
  });

  it('refuses settings out of range with a clear message, and an unknown question', async () => {
    const refused = async (body: object) => {
      const res = await call(teacher, 'PUT', settingsUrl('2'), body);
      expect(res.statusCode, res.body).toBe(400);
      return res.body;
    };
    expect(await refused({ tolerancePercent: 51, wrongUnitSharePercent: 50 })).toContain(
      messages.toleranceOutOfRange,
    );
    expect(await refused({ tolerancePercent: -1, wrongUnitSharePercent: 50 })).toContain(
      messages.toleranceOutOfRange,
    );
    expect(await refused({ tolerancePercent: 5, wrongUnitSharePercent: 101 })).toContain(
      messages.wrongUnitShareOutOfRange,
    );
    expect(await refused({ tolerancePercent: '5', wrongUnitSharePercent: 60 })).toContain(
      messages.toleranceOutOfRange,
    );
    const unknown = await call(teacher, 'PUT', settingsUrl('9'), {
      tolerancePercent: 5,
      wrongUnitSharePercent: 60,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(messages.unknownQuestion);
  });

  it('is the assignment’s teacher’s alone, like the rubric', async () => {
    const body = { tolerancePercent: 5, wrongUnitSharePercent: 60 };
    expect((await call(null, 'GET', settingsUrl())).statusCode).toBe(401);
    expect((await call(null, 'PUT', settingsUrl('2'), body)).statusCode).toBe(401);
    expect((await call(students.Ada!, 'GET', settingsUrl())).statusCode).toBe(403);
    expect((await call(students.Ada!, 'PUT', settingsUrl('2'), body)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', settingsUrl())).statusCode).toBe(404);
    expect((await call(other, 'GET', settingsUrl())).statusCode).toBe(404);
    expect((await call(other, 'PUT', settingsUrl('2'), body)).statusCode).toBe(404);
    expect((await call(teacher, 'PUT', settingsUrl('1', otherCode), body)).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('question_setting').selectAll().execute()).toEqual([]);
  });

  it('refuses to correct an answer Markwise could not read', async () => {
    const reading = (value: string | null) =>
      t.db.kysely.updateTable('submission').set({ reading: value }).where('id', '=', ids.Ada!);
    const kept = await t.db.kysely
      .selectFrom('submission')
      .select('reading')
      .where('id', '=', ids.Ada!)
      .executeTakeFirstOrThrow();
    await reading(null).execute();
    const res = await call(teacher, 'PUT', readingUrl('Ada'), { text: RIGHT_1 });
    await reading(kept.reading).execute();
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toEqual({
      code: 'reading_not_read',
      message: messages.readingNotRead,
    });
  });

  it('passes the settings into the grading run', async () => {
    const res = await call(teacher, 'PUT', settingsUrl('2'), {
      tolerancePercent: 5,
      wrongUnitSharePercent: 60,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      question: '2',
      tolerancePercent: 5,
      wrongUnitSharePercent: 60,
      custom: true,
    });
    await call(teacher, 'POST', `/api/assignments/${code}/evaluations`);
    const run = await finished(true);
    const row = await t.db.kysely
      .selectFrom('evaluation_run')
      .select('context')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    const { prepared } = JSON.parse(row.context!) as { prepared: PreparedAssignment };
    expect(prepared.questions.map((q) => q.maths)).toEqual([
      undefined,
      { tolerance: 0.05, wrongUnitShare: 0.6 },
    ]);
  });

  it('refuses a correction that is empty, too long, for an unknown question or answer, or by anyone else', async () => {
    const put = (user: TestUser | null, url: string, body: object = { text: RIGHT_1 }) =>
      call(user, 'PUT', url, body);
    const empty = await put(teacher, readingUrl('Ada'), { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(messages.readingRequired);
    const long = await put(teacher, readingUrl('Ada'), { text: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(messages.readingTooLong);
    expect((await put(teacher, readingUrl('Ada', '9'))).statusCode).toBe(404);
    const foreign = `/api/assignments/${code}/submissions/nope/readings/1`;
    expect((await put(teacher, foreign)).statusCode).toBe(404);
    expect((await put(null, readingUrl('Ada'))).statusCode).toBe(401);
    expect((await put(students.Ada!, readingUrl('Ada'))).statusCode).toBe(403);
    expect((await put(other, readingUrl('Ada'))).statusCode).toBe(404);
    expect((await call(students.Ada!, 'DELETE', readingUrl('Ada'))).statusCode).toBe(403);
    expect((await call(other, 'DELETE', readingUrl('Ada'))).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('reading_correction').selectAll().execute()).toEqual([]);
  });

  it('refuses a correction while a run waits for the teacher to confirm its changes', async () => {
    const assignment = await t.db.kysely
      .selectFrom('assignment')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('evaluation_run')
      .values({
        id: 'waiting',
        assignment_id: assignment.id,
        status: 'awaiting-confirmation',
        created_at: new Date(0).toISOString(),
      })
      .execute();
    const res = await call(teacher, 'PUT', readingUrl('Ada'), { text: RIGHT_1 });
    await t.db.kysely.deleteFrom('evaluation_run').where('id', '=', 'waiting').execute();
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('evaluation_awaiting_confirmation');
    expect(await t.db.kysely.selectFrom('reading_correction').selectAll().execute()).toEqual([]);
  });

  it('regrades the corrected answer alone, at once, and the mark follows the correction', async () => {
    const before = await graded('Ada');
    const written = async (name: string) => {
      const { ai, marks, gradedAt } = await detail(name);
      return { ai, marks, gradedAt };
    };
    const othersBefore = await Promise.all(['Ben', 'Cy'].map((n) => written(n)));
    expect(before.questions[0]!.answerText).toContain('soaks');
    const res = await call(teacher, 'PUT', readingUrl('Ada'), { text: RIGHT_1 });
    expect(res.statusCode, res.body).toBe(202);
    const out = res.json() as ReadingChangeResponse;
    expect(out.correction).toMatchObject({ question: '1', text: RIGHT_1, correctedBy: 'Ms Rao' });
    expect(out.run).toMatchObject({ submissionId: ids.Ada, total: 1 });
    const run = await finished();
    expect(run).toMatchObject({ id: out.run.id, done: 1, changes: [] });
    const after = await graded('Ada');
    expect(after.questions[0]!.answerText).toBe(RIGHT_1);
    expect(after.questions[0]!.marks).toBeGreaterThan(before.questions[0]!.marks);
    expect(after.questions[1]!.marks).toBe(before.questions[1]!.marks);
    const ada = await detail('Ada');
    expect(ada.marks).toBe(after.marks);
    expect(ada.review?.readings).toEqual([out.correction]);
    // The others were read for the class only: nothing of theirs was written.
    expect(await Promise.all(['Ben', 'Cy'].map((n) => written(n)))).toEqual(othersBefore);
    const audit = await t.db.kysely
      .selectFrom('mark_change')
      .select(['note', 'to_marks'])
      .where('submission_id', '=', ids.Ada!)
      .where('note', 'like', 'regraded after the teacher corrected%')
      .execute();
    expect(audit.map((a) => Number(a.to_marks))).toEqual([after.marks]);
  });

  it('keeps using the correction in later runs of the whole class', async () => {
    const marks = (await graded('Ada')).questions[0]!.marks;
    await call(teacher, 'POST', `/api/assignments/${code}/evaluations`);
    await finished(true);
    const again = await graded('Ada');
    expect(again.questions[0]!.answerText).toBe(RIGHT_1);
    expect(again.questions[0]!.marks).toBe(marks);
  });

  it('keeps the teacher’s own marks of questions, and the total follows the others', async () => {
    const put = await call(
      teacher,
      'PUT',
      `/api/assignments/${code}/submissions/${ids.Ben}/questions/2`,
      { marks: 1.5, comment: null },
    );
    expect(put.statusCode, put.body).toBe(200);
    const before = await graded('Ben');
    const res = await call(teacher, 'PUT', readingUrl('Ben'), {
      text: 'It soaks into the ground.',
    });
    expect(res.statusCode, res.body).toBe(202);
    await finished();
    const d = await detail('Ben');
    const ai = d.ai?.status === 'graded' ? d.ai : null;
    expect(ai!.questions[0]!.marks).toBeLessThan(before.questions[0]!.marks);
    expect(d.review!.questions[1]).toMatchObject({ source: 'teacher', marks: 1.5 });
    expect(d.marks).toBe(ai!.questions[0]!.marks + 1.5);
    expect(d.marksSource).toBe('teacher');
    // Undoing the regrade puts the engine's marks back, and the total follows them back.
    const undo = await call(teacher, 'POST', `/api/assignments/${code}/evaluations/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    const undone = await detail('Ben');
    expect(undone.marks).toBe(before.questions[0]!.marks + 1.5);
    expect(undone.review!.questions[1]).toMatchObject({ source: 'teacher', marks: 1.5 });
  });

  it('removes a correction and regrades on the engine’s own reading', async () => {
    const res = await call(teacher, 'DELETE', readingUrl('Ada'));
    expect(res.statusCode, res.body).toBe(202);
    expect((res.json() as ReadingChangeResponse).correction).toBeNull();
    await finished();
    expect((await graded('Ada')).questions[0]!.answerText).toContain('soaks');
    expect((await detail('Ada')).review?.readings).toEqual([]);
    const again = await call(teacher, 'DELETE', readingUrl('Ada'));
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(messages.readingNotFound);
  });

  it('never shows a student the corrections, nor another student’s answer', async () => {
    const own = await detail('Ben', students.Ben!);
    expect(own.review).toBeNull();
    expect(own.ai).toBeNull();
    const res = await call(students.Ada!, 'GET', `/api/assignments/${code}/submissions/${ids.Ben}`);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('soaks');
  });

  it('shows students the findings once published, without the expected value while key points are kept private', async () => {
    const finding: MathsFinding = {
      point: 'The acceleration of free fall is 9.8 m/s2 downwards.',
      expected: '9.8 m/s²',
      read: '9.8 m/s',
      verdict: 'wrong-unit',
      credit: 0.6,
      message: 'Right value, wrong unit: expected 9.8 m/s².',
    };
    const row = await t.db.kysely
      .selectFrom('submission')
      .select('ai_result')
      .where('id', '=', ids.Cy!)
      .executeTakeFirstOrThrow();
    const ai = JSON.parse(row.ai_result!) as { questions: Array<{ maths?: MathsFinding[] }> };
    ai.questions[1]!.maths = [finding];
    await t.db.kysely
      .updateTable('submission')
      .set({ ai_result: JSON.stringify(ai) })
      .where('id', '=', ids.Cy!)
      .execute();
    expect((await graded('Cy')).questions[1]!.maths).toEqual([finding]);
    const visibility = async (modelAnswerVisibility: string) => {
      const res = await call(teacher, 'PUT', `/api/assignments/${code}/review-settings`, {
        modelAnswerVisibility,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await visibility('never');
    expect((await detail('Cy', students.Cy!)).published).toBeNull();
    const published = await call(teacher, 'POST', `/api/assignments/${code}/publish`, {
      submissionIds: [ids.Cy],
    });
    expect(published.statusCode, published.body).toBe(200);
    const hidden = (await detail('Cy', students.Cy!)).published!.questions[1]!.maths;
    expect(hidden).toEqual([
      {
        ...finding,
        point: 'The acceleration of…',
        expected: null,
        message: `Right value, wrong unit: you wrote ${finding.read}.`,
      },
    ]);
    const raw = (await call(students.Cy!, 'GET', `/api/assignments/${code}/submissions/${ids.Cy}`))
      .body;
    expect(raw).not.toContain('9.8 m/s²');
    await visibility('after-publishing');
    expect((await detail('Cy', students.Cy!)).published!.questions[1]!.maths).toEqual([finding]);
  });
});
