import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createAssignment } from '../../test/classroom';
import { buildTestApp, dialects, signUp, type TestApp } from '../../test/test-app';
import { ANSWERS, call, classroom, finished, waitForRun } from './evaluations.fixture';

describe.each(dialects)('grading runs (%s)', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

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
