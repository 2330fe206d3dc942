import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedStream, xrefBomb } from '../../../grading/testing/hostile-pdfs';
import type { EvaluationRun } from '../../../shared/evaluations';
import { messages } from '../../../shared/messages';
import { createAssignment, join, storeAnswerDirectly, submit } from '../../test/classroom';
import { buildTestApp, dialects, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { makePdf } from '../../test/uploads';

const ANSWER = 'Answer 1. Plants use light energy to make glucose from carbon dioxide and water.';

// Each test grades two classes and waits on a reader process; beside the scale-out test on a
// 2-core machine that can pass the default 30 s. The claims are timed inside (the freed reader
// grades another class within 20 s), so the whole test gets more room, not the claims.
describe.each(dialects)('stopping grading runs (%s)', { timeout: 90_000 }, (dialect) => {
  let t: TestApp;
  afterEach(() => t?.close());

  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  const latest = async (user: TestUser, code: string) =>
    (await call(user, 'GET', `/api/assignments/${code}/evaluations/latest`)).json()
      .run as EvaluationRun;
  async function until(
    user: TestUser,
    code: string,
    ok: (r: EvaluationRun) => boolean,
    ms = 30_000,
  ) {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
      const run = await latest(user, code);
      if (ok(run)) return run;
    }
    throw new Error('the run did not get there in time');
  }
  const ended = (r: EvaluationRun) => !['queued', 'running'].includes(r.status);
  /** Resolves once the app's one reader is working on a file. */
  const reading = () => vi.waitFor(() => expect(t.pool.busy).toBe(1), { timeout: 30_000 });

  /** A class with honest answers and, optionally, one answer that takes a minute to read. */
  async function classWith(honest: number, slow: boolean) {
    const teacher = await signUp(t, { role: 'teacher' });
    const code = await createAssignment(t, teacher, { totalMarks: '10' });
    for (let i = 0; i < honest; i++) {
      const s = await signUp(t, { role: 'student' });
      await join(t, s, code);
      await submit(t, s, code, { filename: 'a.pdf', content: await makePdf([ANSWER]) });
    }
    if (slow) {
      const s = await signUp(t, { role: 'student' });
      await join(t, s, code);
      await storeAnswerDirectly(t, s, code, sharedStream(50));
    }
    return { teacher, code };
  }

  it('cancels a run from the grades table: it ends at once, frees its reader, keeps earlier marks', async () => {
    t = await buildTestApp(dialect, { READER_PROCESSES: '1', READ_TIMEOUT_SECONDS: '120' });
    const { teacher, code } = await classWith(2, false);
    await call(teacher, 'POST', `/api/assignments/${code}/evaluations`);
    await until(teacher, code, ended);
    const before = (await call(teacher, 'GET', `/api/assignments/${code}/submissions`))
      .json()
      .submissions.map((s: { marks: number }) => s.marks);
    const s = await signUp(t, { role: 'student' });
    await join(t, s, code);
    await storeAnswerDirectly(t, s, code, sharedStream(50));

    await call(teacher, 'POST', `/api/assignments/${code}/evaluations`);
    await until(teacher, code, (r) => r.status === 'running');
    await reading(); // the slow answer, the only one without a kept reading
    const stop = await call(teacher, 'POST', `/api/assignments/${code}/evaluations/cancel`);
    expect(stop.statusCode).toBe(200);
    expect(stop.json().run).toMatchObject({ status: 'cancelled', finishedAt: expect.any(String) });

    // The only reader was freed: another class is graded now, not after the slow file's two minutes.
    const other = await classWith(1, false);
    const started = Date.now();
    await call(other.teacher, 'POST', `/api/assignments/${other.code}/evaluations`);
    expect(await until(other.teacher, other.code, ended, 20_000)).toMatchObject({
      status: 'finished',
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    // Meanwhile nothing the stopped run left behind changed it or its class's marks.
    expect(await latest(teacher, code)).toMatchObject({ status: 'cancelled' });
    const after = (await call(teacher, 'GET', `/api/assignments/${code}/submissions`))
      .json()
      .submissions.map((s: { marks: number | null }) => s.marks);
    expect(after.filter((m: number | null) => m !== null)).toEqual(before);

    const again = await call(teacher, 'POST', `/api/assignments/${code}/evaluations/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'no_active_evaluation',
      message: messages.noEvaluationToCancel,
    });
  });

  it('stops the run and frees its reader when the assignment is deleted mid-read', async () => {
    t = await buildTestApp(dialect, { READER_PROCESSES: '1', READ_TIMEOUT_SECONDS: '120' });
    // Only the slow answer, so the busy reader is reading it.
    const { teacher, code } = await classWith(0, true);
    await call(teacher, 'POST', `/api/assignments/${code}/evaluations`);
    await until(teacher, code, (r) => r.status === 'running');
    await reading();
    expect((await call(teacher, 'DELETE', `/api/assignments/${code}`)).statusCode).toBe(204);
    const other = await classWith(1, false);
    await call(other.teacher, 'POST', `/api/assignments/${other.code}/evaluations`);
    expect(await until(other.teacher, other.code, ended, 20_000)).toMatchObject({
      status: 'finished',
    });
    expect(
      await t.db.kysely.selectFrom('evaluation_run').select('assignment_id').execute(),
    ).toHaveLength(1);
  });

  it('never reads an answer the teacher marked, and never reads an answer twice', async () => {
    t = await buildTestApp(dialect, { PDF_MAX_DECODED_MB: '1000000', READER_MEMORY_MB: '600' });
    const { teacher, code } = await classWith(2, false);
    // An answer that would kill its reader; the teacher marks it by hand instead.
    const s = await signUp(t, { role: 'student' });
    await join(t, s, code);
    const bombId = await storeAnswerDirectly(t, s, code, await xrefBomb());
    const put = await call(teacher, 'PUT', `/api/assignments/${code}/submissions/${bombId}/marks`, {
      marks: 0,
    });
    expect(put.statusCode).toBe(200);
    await call(teacher, 'POST', `/api/assignments/${code}/evaluations`);
    // Two answers in the run, none failed: the marked one was never handed to a reader (read, it
    // would have run over the memory limit and failed). No clock: a loaded machine is slow.
    expect(await until(teacher, code, ended)).toMatchObject({
      status: 'finished',
      total: 2,
      done: 2,
      failed: 0,
    });
    const readings = await t.db.kysely.selectFrom('submission').select(['id', 'reading']).execute();
    expect(readings.find((r) => r.id === bombId)!.reading).toBeNull();
    expect(readings.filter((r) => r.reading !== null)).toHaveLength(2);

    // A re-run uses the kept readings: it grades even with the stored files gone.
    fs.rmSync(path.join(t.dataDir, 'files', 'answer'), { recursive: true, force: true });
    await call(teacher, 'POST', `/api/assignments/${code}/evaluations`);
    const rerun = await until(teacher, code, (r) => ended(r) && r.read === 2);
    expect(rerun).toMatchObject({ status: 'finished', failed: 0 });
    const rows = (await call(teacher, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions;
    expect(rows.filter((r: { aiStatus: string }) => r.aiStatus === 'graded')).toHaveLength(2);
  });
});
