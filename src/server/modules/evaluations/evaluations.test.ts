import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvaluationRun } from '../../../shared/evaluations';
import { createAssignment, join, setDeadline, submit, inDays } from '../../test/classroom';
import { buildTestApp, dialects, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { makePdf } from '../../test/uploads';

const ANSWERS = [
  'Answer 1. Plants use light energy from the sun to make glucose from carbon dioxide and water.',
  'Answer 1. Photosynthesis makes food using sunlight, water and carbon dioxide, giving oxygen.',
  'Answer 1. Plants grow in soil.',
  'Answer 1. Light is used by chlorophyll to make sugar and release oxygen.',
];

describe.each(dialects)('grading runs (%s)', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  async function classroom(app: TestApp, answers: Array<string | null>) {
    const teacher = await signUp(app, { role: 'teacher', name: 'Ms Rao' });
    const code = await createAssignment(app, teacher, { totalMarks: '10' });
    const students: TestUser[] = [];
    for (const [i, text] of answers.entries()) {
      const s = await signUp(app, { role: 'student', name: `Student ${i + 1}` });
      expect((await join(app, s, code)).statusCode).toBe(200);
      // null: an answer whose page has no text at all (the engine cannot read it)
      const content = await makePdf([text ?? '']);
      expect((await submit(app, s, code, { filename: 'a.pdf', content })).statusCode).toBe(201);
      students.push(s);
    }
    return { teacher, code, students };
  }

  const call = (
    app: TestApp,
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => app.app.inject({ method, url, headers: { cookie: user.cookie }, payload });

  async function waitForRun(
    app: TestApp,
    teacher: TestUser,
    code: string,
    until: (r: EvaluationRun) => boolean,
  ) {
    for (let i = 0; i < 300; i++) {
      const res = await call(app, teacher, 'GET', `/api/assignments/${code}/evaluations/latest`);
      const run = res.json().run as EvaluationRun | null;
      if (run && until(run)) return run;
      await sleep(50);
    }
    throw new Error('the run did not get there in time');
  }
  const finished = (r: EvaluationRun) => r.status === 'finished' || r.status === 'failed';

  it('grades every submission, counting an unreadable one as failed without marks', async () => {
    t = await buildTestApp(dialect);
    const { teacher, code } = await classroom(t, [...ANSWERS, null]);
    const start = await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    expect(start.statusCode).toBe(202);
    expect(start.json().run).toMatchObject({ total: 5, done: 0, failed: 0 });
    const run = await waitForRun(t, teacher, code, finished);
    expect(run).toMatchObject({ status: 'finished', total: 5, read: 5, done: 4, failed: 1 });
    // pdf.js ran in the grading thread: the server's own JSON is still the native one
    expect(JSON.stringify.toString()).toContain('[native code]');

    const table = (await call(t, teacher, 'GET', `/api/assignments/${code}/submissions`)).json();
    const byName = Object.fromEntries(
      table.submissions.map((s: { studentName: string }) => [s.studentName, s]),
    );
    for (const name of ['Student 1', 'Student 2', 'Student 3', 'Student 4']) {
      expect(byName[name]).toMatchObject({ marksSource: 'ai', aiStatus: 'graded' });
      expect(byName[name].marks).toBe(byName[name].aiMarks);
      expect(byName[name].marks).toBeGreaterThanOrEqual(0);
      expect(byName[name].marks).toBeLessThanOrEqual(10);
    }
    expect(byName['Student 5']).toMatchObject({
      marks: null,
      marksSource: null,
      aiStatus: 'unreadable',
      needsReview: true,
    });
    // a good answer earns more than an off-topic one
    expect(byName['Student 2'].marks).toBeGreaterThan(byName['Student 3'].marks);

    const detail = (
      await call(
        t,
        teacher,
        'GET',
        `/api/assignments/${code}/submissions/${byName['Student 2'].id}`,
      )
    ).json();
    expect(detail.ai).toMatchObject({ status: 'graded', total: 10 });
    expect(detail.ai.feedback.length).toBeGreaterThan(10);
    expect(detail.ai.questions[0]).toHaveProperty('matched');
    const unreadable = (
      await call(
        t,
        teacher,
        'GET',
        `/api/assignments/${code}/submissions/${byName['Student 5'].id}`,
      )
    ).json();
    expect(unreadable.ai).toMatchObject({ status: 'unreadable' });
  });

  it('treats a stored answer that went corrupt on disk as unreadable, never as zero', async () => {
    t = await buildTestApp(dialect);
    const { teacher, code } = await classroom(t, ANSWERS.slice(0, 3));
    const answers = path.join(t.dataDir, 'files', 'answer');
    const victim = fs.readdirSync(answers)[0]!;
    fs.writeFileSync(path.join(answers, victim), '%PDF-1.7 this is not a PDF any more');
    // Read from their files when graded, as answers with pages to OCR are.
    await t.db.kysely.updateTable('submission').set({ reading: null }).execute();
    await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    const run = await waitForRun(t, teacher, code, finished);
    expect(run).toMatchObject({ done: 2, failed: 1 });
    const rows = (await call(t, teacher, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions;
    const bad = rows.filter((r: { aiStatus: string }) => r.aiStatus === 'unreadable');
    expect(bad).toHaveLength(1);
    expect(bad[0].marks).toBeNull();
  });

  it('joins the running run on a second click', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    t = await buildTestApp(
      dialect,
      {},
      { grading: { afterResult: () => Promise.race([gate, sleep(5000)]) } },
    );
    const { teacher, code } = await classroom(t, ANSWERS.slice(0, 2));
    const [a, b] = await Promise.all([
      call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`),
      call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json().run.id).toBe(b.json().run.id);
    await waitForRun(t, teacher, code, (r) => r.status === 'running');
    const c = await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    expect(c.json().run.id).toBe(a.json().run.id);
    release();
    await waitForRun(t, teacher, code, finished);
  });

  it('resumes a run interrupted by a server stop, grading nothing twice', async () => {
    let written = 0;
    const stopServer: { now?: () => Promise<void> } = {};
    const afterResult = async () => {
      if (++written === 2) {
        void stopServer.now?.(); // the server stops part-way through the run
        await sleep(100);
      }
    };
    const app = await buildTestApp(dialect, {}, { grading: { afterResult } });
    stopServer.now = () => app.app.close();
    t = app;
    const { teacher, code } = await classroom(t, [...ANSWERS, ANSWERS[0]!, ANSWERS[1]!]);
    const runId = (await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`)).json()
      .run.id;
    while (written < 2) await sleep(20);
    await sleep(300);
    t = await app.restart({ grading: { afterResult } });
    // before the new server's worker starts, the stopped run waits with 2 results: back in the
    // in-process queue (SQLite), or running with its unfinished chunk's job waiting for a retry
    // in pg-boss (PostgreSQL)
    const paused = await t.db.kysely
      .selectFrom('evaluation_run')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(paused).toMatchObject({
      id: runId,
      status: dialect === 'sqlite' ? 'queued' : 'running',
      lease_owner: null,
    });
    expect(Number(paused.done)).toBe(2);
    const run = await waitForRun(t, teacher, code, finished);
    expect(run).toMatchObject({ id: runId, status: 'finished', total: 6, done: 6, failed: 0 });
    const perSubmission = await t.db.kysely
      .selectFrom('mark_change')
      .select(['submission_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('source', '=', 'ai')
      .groupBy('submission_id')
      .execute();
    expect(perSubmission).toHaveLength(6);
    expect(perSubmission.every((r) => Number(r.n) === 1)).toBe(true);
    expect(written).toBe(6);
  });

  it('exports grades as CSV, quoting awkward names and defusing formulas', async () => {
    t = await buildTestApp(dialect);
    const teacher = await signUp(t, { role: 'teacher' });
    const code = await createAssignment(t, teacher, { totalMarks: '10' });
    const names = ['Rao, Anita', 'Sam "The Brain" Lee', '=HYPERLINK("http://x")', 'Zoë'];
    for (const name of names) {
      const s = await signUp(t, { role: 'student', name });
      await join(t, s, code);
      await submit(t, s, code);
    }
    const rows = (await call(t, teacher, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions;
    await call(t, teacher, 'PUT', `/api/assignments/${code}/submissions/${rows[0].id}/marks`, {
      marks: 7.5,
    });
    const absent = await signUp(t, { role: 'student', name: 'Absent Student' });
    await join(t, absent, code);
    const res = await call(t, teacher, 'GET', `/api/assignments/${code}/grades.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`${code}-grades.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Student name,Email,Submitted at,Marks,Source,Total marks');
    expect(lines).toHaveLength(6);
    expect(lines).toContain(`Absent Student,${absent.email},,,not submitted,10`);
    expect(lines.some((l) => l.startsWith('"Rao, Anita",'))).toBe(true);
    expect(lines.some((l) => l.startsWith('"Sam ""The Brain"" Lee",'))).toBe(true);
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""http://x"")",`))).toBe(true);
    expect(lines.some((l) => l.startsWith('Zoë,'))).toBe(true);
    expect(lines.filter((l) => l.endsWith(',7.5,teacher,10'))).toHaveLength(1);
  });

  it("keeps the teacher's marks on a re-run and keeps the AI's proposal beside them", async () => {
    t = await buildTestApp(dialect);
    const { teacher, code } = await classroom(t, ANSWERS);
    await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    await waitForRun(t, teacher, code, finished);
    const rows = (await call(t, teacher, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions;
    const target = rows[0];
    const put = await call(
      t,
      teacher,
      'PUT',
      `/api/assignments/${code}/submissions/${target.id}/marks`,
      { marks: 9.5 },
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      marks: 9.5,
      marksSource: 'teacher',
      aiMarks: target.aiMarks,
    });

    const again = await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    expect(again.json().run.total).toBe(3);
    await waitForRun(t, teacher, code, (r) => finished(r) && r.id === again.json().run.id);
    const after = (await call(t, teacher, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions;
    expect(after.find((r: { id: string }) => r.id === target.id)).toMatchObject({
      marks: 9.5,
      marksSource: 'teacher',
      aiMarks: target.aiMarks,
    });
  });

  it('refuses a run with nothing to grade', async () => {
    t = await buildTestApp(dialect);
    const teacher = await signUp(t, { role: 'teacher' });
    const code = await createAssignment(t, teacher);
    const res = await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('There are no submissions to evaluate yet.');
    expect(
      (await call(t, teacher, 'GET', `/api/assignments/${code}/evaluations/latest`)).json(),
    ).toEqual({ run: null });
  });

  it('keeps runs and marks from students: no start, no progress, no marks before publishing', async () => {
    t = await buildTestApp(dialect);
    const { teacher, code, students } = await classroom(t, ANSWERS.slice(0, 2));
    const [me, other] = students as [TestUser, TestUser];
    expect((await call(t, me, 'POST', `/api/assignments/${code}/evaluations`)).statusCode).toBe(
      403,
    );
    await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    await waitForRun(t, teacher, code, finished);
    expect(
      (await call(t, me, 'GET', `/api/assignments/${code}/evaluations/latest`)).statusCode,
    ).toBe(403);
    expect((await call(t, me, 'GET', `/api/assignments/${code}/grades.csv`)).statusCode).toBe(403);

    const own = (await call(t, me, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions[0];
    expect(own).toMatchObject({ marks: null, aiMarks: null, aiStatus: null });
    const before = (
      await call(t, me, 'GET', `/api/assignments/${code}/submissions/${own.id}`)
    ).json();
    expect(before).toMatchObject({ marks: null, aiMarks: null, ai: null, marksVisible: false });

    const theirs = (await call(t, other, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions[0];
    expect(
      (await call(t, me, 'GET', `/api/assignments/${code}/submissions/${theirs.id}`)).statusCode,
    ).toBe(404);

    await setDeadline(t.db.kysely, code, inDays(-1));
    const stillHidden = (
      await call(t, me, 'GET', `/api/assignments/${code}/submissions/${own.id}`)
    ).json();
    expect(stillHidden).toMatchObject({ marks: null, marksVisible: false, published: null });
    await call(t, teacher, 'POST', `/api/assignments/${code}/publish`, {});
    const after = (
      await call(t, me, 'GET', `/api/assignments/${code}/submissions/${own.id}`)
    ).json();
    expect(after.marksVisible).toBe(true);
    expect(after.marks).toEqual(expect.any(Number));
    // The student reads the publication, never the AI's review flags.
    expect(after).toMatchObject({ ai: null, review: null, needsReview: false });
    expect(after.published.feedback).toEqual(expect.any(String));
    expect(after.published.marks).toBe(after.marks);
    expect(
      (await call(t, me, 'GET', `/api/assignments/${code}/submissions/${theirs.id}`)).statusCode,
    ).toBe(404);
  });

  it('stops and removes a running evaluation when the assignment is deleted', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    t = await buildTestApp(
      dialect,
      {},
      { grading: { afterResult: () => Promise.race([gate, sleep(3000)]) } },
    );
    const { teacher, code } = await classroom(t, ANSWERS.slice(0, 3));
    await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    await waitForRun(t, teacher, code, (r) => r.done >= 1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/assignments/${code}`,
      headers: { cookie: teacher.cookie },
    });
    expect(del.statusCode).toBe(204);
    release();
    await sleep(300);
    const left = await t.db.kysely.selectFrom('evaluation_run').selectAll().execute();
    expect(left).toEqual([]);
    expect(await t.db.kysely.selectFrom('submission').selectAll().execute()).toEqual([]);
  });
});
