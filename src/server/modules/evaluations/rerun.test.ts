import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationRun, RunChange, SubmissionDetail } from '../../../shared/evaluations';
import { classWithAnswers } from '../../test/classroom';
import {
  buildTeacherApp,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

// A three-question biology paper tried as a teacher would: Evaluate Now, mark the suggested
// answers per question ("Mark these first"), evaluate again, check the changes, apply, undo.
const PAPER = [
  'Q1. What is photosynthesis? [10 marks]',
  'Q2. What is respiration? [10 marks]',
  'Q3. Name the site of photosynthesis. [4 marks]',
];
const MODEL = [
  '1. Photosynthesis is the process by which green plants use light energy to make glucose from carbon dioxide and water. Oxygen is released as a by-product.',
  '2. Respiration releases energy from glucose in every living cell. Aerobic respiration uses oxygen and produces carbon dioxide and water. Anaerobic respiration releases less energy without oxygen.',
  '3. Photosynthesis takes place in the chloroplasts, which contain chlorophyll.',
];
const ANSWERS: Record<string, string[]> = {
  Excellent: [
    '1. Plants use light energy to make glucose from carbon dioxide and water, and oxygen is given off.',
    '2. Respiration releases energy from glucose in cells. Aerobic respiration needs oxygen and makes carbon dioxide and water. Anaerobic respiration gives less energy without oxygen.',
    '3. In the chloroplasts, which have chlorophyll.',
  ],
  Weak: ['1. Plants make food from sunlight.', '2. Respiration is breathing.', '3. In the leaves.'],
  Partial: [
    '1. Plants make glucose using light.',
    '2. Respiration releases energy.',
    '3. In the chloroplasts.',
  ],
  None: ['1. Plants grow in soil.', '2. I do not know.', '3. The roots.'],
  Good: [
    '1. Photosynthesis uses light to make glucose from carbon dioxide and water.',
    '2. Respiration releases energy from glucose, using oxygen.',
    '3. Chloroplasts.',
  ],
};

describe.each(dialects)('a re-run after "Mark these first" (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let code: string;
  const ids: Record<string, string> = {};
  const students: Record<string, TestUser> = {};

  beforeAll(async () => {
    ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' }));
    const made = await classWithAnswers(
      t,
      teacher,
      { title: 'Plants', totalMarks: 24, paper: PAPER, model: MODEL },
      ANSWERS,
    );
    ({ code } = made);
    Object.assign(ids, made.ids);
    Object.assign(students, made.students);
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/assignments/${code}${path}`,
      headers: { cookie: user.cookie },
      payload,
    });
  const latest = async () =>
    (await call(teacher, 'GET', '/evaluations/latest')).json().run as EvaluationRun;
  /** Waits until the newest run has finished or waits for confirmation. */
  const settled = async () => {
    for (let i = 0; i < 300; i++) {
      const run = await latest();
      if (!['queued', 'running'].includes(run.status)) return run;
      await sleep(100);
    }
    throw new Error('the run did not settle');
  };
  const marks = async () => {
    const rows = (await call(teacher, 'GET', '/submissions')).json().submissions as Array<{
      id: string;
      marks: number | null;
    }>;
    return Object.fromEntries(
      Object.entries(ids).map(([name, id]) => [name, rows.find((r) => r.id === id)!.marks]),
    );
  };
  const detail = async (name: string) =>
    (await call(teacher, 'GET', `/submissions/${ids[name]}`)).json() as SubmissionDetail;
  const graded = (d: SubmissionDetail) => {
    if (d.ai?.status !== 'graded') throw new Error('not graded');
    return d.ai;
  };

  let first: Record<string, number | null>;
  let changes: RunChange[];

  it('grades every answer on the first run without asking (nothing reviewed to change)', async () => {
    await call(teacher, 'POST', '/evaluations');
    const run = await settled();
    expect(run.status).toBe('finished');
    expect(run.changes).toEqual([]);
    first = await marks();
    expect(first.Excellent).toBeGreaterThanOrEqual(22);
    expect(graded(await detail('Excellent')).confidence).toBe(0.9);
  });

  it('shows the marks a re-run would change, with reasons, and writes nothing until confirmed', async () => {
    // "Mark these first": the teacher marks two answers per question, well below the engine.
    for (const [name, qs] of [
      ['Weak', { 1: 2, 2: 1, 3: 0 }],
      ['Partial', { 1: 4, 2: 3, 3: 4 }],
    ] as const)
      for (const [n, m] of Object.entries(qs))
        expect(
          (await call(teacher, 'PUT', `/submissions/${ids[name]}/questions/${n}`, { marks: m }))
            .statusCode,
        ).toBe(200);
    const mine = await marks();
    await call(teacher, 'POST', '/evaluations');
    const run = await settled();
    expect(run.status).toBe('awaiting-confirmation');
    changes = run.changes;
    const named = changes.map((c) => c.studentName);
    expect(named).toContain('None');
    // The excellent answer is not pulled down, and the teacher's marks are never listed.
    expect(named).not.toContain('Excellent');
    expect(named).not.toContain('Weak');
    expect(named).not.toContain('Partial');
    const none = changes.find((c) => c.studentName === 'None')!;
    expect(none).toMatchObject({ submissionId: ids.None, from: first.None });
    expect(none.to).toBeLessThan(first.None!);
    expect(none.reasons.join(' ')).toMatch(/^Calibrated on your marks for question 1: /);
    expect(await marks()).toEqual(mine);
  });

  it('writes exactly the previewed changes once the teacher applies them, and says why on the answer', async () => {
    const res = await call(teacher, 'POST', '/evaluations/confirm');
    expect(res.statusCode).toBe(200);
    // Queued for the in-process worker (SQLite), or running at once on the job queue (PostgreSQL).
    expect(['queued', 'running']).toContain(res.json().run.status);
    const run = await settled();
    expect(run.status).toBe('finished');
    expect(run.canUndo).toBe(true);
    const now = await marks();
    for (const c of changes) expect(now[c.studentName], c.studentName).toBe(c.to);
    expect(now.Excellent).toBe(first.Excellent);
    expect(graded(await detail('Excellent')).confidence).toBe(0.9);
    const none = graded(await detail('None'));
    const q1 = none.questions.find((q) => q.number === '1')!;
    expect(q1.calibration?.note).toMatch(/^Calibrated on your marks for question 1: /);
    expect(q1.calibration?.engineMarks).toBeGreaterThan(q1.marks);
    expect(none.confidence).toBeLessThan(0.6);
    expect(none.reviewReasons).toContain('moved-by-calibration');
    // The teacher's own marks stand.
    expect(now.Weak).toBe(3);
    expect(now.Partial).toBe(11);
  });

  it('undoes the last run: its answers get their previous marks and explanations back', async () => {
    const res = await call(teacher, 'POST', '/evaluations/undo');
    expect(res.statusCode).toBe(200);
    expect(res.json().run).toMatchObject({ status: 'finished', canUndo: false });
    expect(res.json().run.undoneAt).toEqual(expect.any(String));
    const now = await marks();
    expect(now).toEqual({ ...first, Weak: 3, Partial: 11 });
    const none = graded(await detail('None'));
    expect(none.questions.every((q) => !q.calibration)).toBe(true);
    expect(none.reviewReasons).not.toContain('moved-by-calibration');
    const again = await call(teacher, 'POST', '/evaluations/undo');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('nothing_to_undo');
  });

  it('discards a proposed re-run without writing anything', async () => {
    const before = await marks();
    await call(teacher, 'POST', '/evaluations');
    expect((await settled()).status).toBe('awaiting-confirmation');
    const res = await call(teacher, 'POST', '/evaluations/cancel');
    expect(res.json().run.status).toBe('cancelled');
    expect(await marks()).toEqual(before);
    const confirm = await call(teacher, 'POST', '/evaluations/confirm');
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.code).toBe('nothing_to_confirm');
  });

  it('lets only the owner confirm or undo (401, 403, 404)', async () => {
    for (const path of ['/evaluations/confirm', '/evaluations/undo']) {
      const anon = await t.app.inject({ method: 'POST', url: `/api/assignments/${code}${path}` });
      expect(anon.statusCode, path).toBe(401);
      expect((await call(students.Good!, 'POST', path)).statusCode, path).toBe(403);
      const other = await signUp(t, { role: 'teacher', name: `Other ${path}` });
      expect((await call(other, 'POST', path)).statusCode, path).toBe(404);
      const missing = await t.app.inject({
        method: 'POST',
        url: `/api/assignments/ZZZZZZZ${path}`,
        headers: { cookie: teacher.cookie },
      });
      expect(missing.statusCode, path).toBe(404);
    }
  });
});
