import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeReading } from '../../grading';
import { makePdf as makePagesPdf } from '../../grading/testing/make-pdf';
import { textPng } from '../../grading/testing/render-png';
import {
  createAssignment,
  evaluateAll,
  join,
  storeAnswerDirectly,
  submit,
} from '../test/classroom';
import { buildTestApp, dialects, signUp, type TestApp, type TestUser } from '../test/test-app';
import { makePdf } from '../test/uploads';
import { sharedStream } from '../../grading/testing/hostile-pdfs';
import { DEFAULT_READ_LIMITS as limits } from '../../grading';
import { ArrivalReader } from './read-on-arrival';

const scanPdf = async (line: string) =>
  Buffer.from(await makePagesPdf([{ png: await textPng([line], 40) }]));
const pdf = (content: Buffer) => ({ filename: 'answer.pdf', content });

const submissionOf = (t: TestApp, id: string) =>
  t.db.kysely
    .selectFrom('submission as s')
    .innerJoin('file as f', 'f.id', 's.file_id')
    .select(['s.reading', 's.arrival_read_at', 's.ai_status', 's.ai_result', 'f.storage_key'])
    .where('s.id', '=', id)
    .executeTakeFirstOrThrow();

const textOf = (reading: string | null) => {
  const doc = decodeReading(reading);
  return doc?.status === 'ok' ? doc.text : null;
};

describe.each(dialects)('answers read as they arrive (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    teacher = await signUp(t, { role: 'teacher' });
  });
  afterAll(() => t.close());

  const handIn = async (code: string, content: Buffer) => {
    const student = await signUp(t, { role: 'student' });
    await join(t, student, code);
    const res = await submit(t, student, code, pdf(content));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  const readingOf = async (id: string) => {
    for (let i = 0; i < 400; i++) {
      const row = await submissionOf(t, id);
      if (row.reading) return row;
      await sleep(50);
    }
    throw new Error('the answer was not read on arrival');
  };

  it('reads a scan handed in through the API before anyone presses Evaluate Now', async () => {
    const code = await createAssignment(t, teacher);
    const id = await handIn(code, await scanPdf('Plants make sugar from light.'));
    const row = await readingOf(id);
    expect(textOf(row.reading)).toMatch(/Plants make sugar/);
    expect(row.arrival_read_at).not.toBeNull();
    // Evaluate Now grades it from that reading: with its file gone it is still graded
    await t.store.delete(row.storage_key);
    await evaluateAll(t, teacher, code);
    const graded = await submissionOf(t, id);
    expect(graded.ai_status).toBe('graded');
    expect(graded.reading).toBe(row.reading);
  });

  it('never takes up an answer read while it was checked', async () => {
    const code = await createAssignment(t, teacher);
    const id = await handIn(code, await makePdf(['Plants make sugar from light.']));
    const row = await submissionOf(t, id);
    expect(textOf(row.reading)).toMatch(/Plants make sugar/);
    await sleep(300);
    expect((await submissionOf(t, id)).arrival_read_at).toBeNull();
  });
});

describe.each(dialects)('the arrival reader, step by step (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let code: string;
  // no worker: nothing reads in the background, each step is taken here
  beforeAll(async () => {
    t = await buildTestApp(dialect, { GRADING_WORKER: 'false', READER_PROCESSES: '2' });
    teacher = await signUp(t, { role: 'teacher' });
    code = await createAssignment(t, teacher);
  });
  afterAll(() => t.close());

  const reader = () =>
    new ArrivalReader({
      db: t.db,
      store: t.store,
      pool: t.pool,
      reading: t.config.reading,
      log: t.app.log,
    });
  const student = async () => {
    const s = await signUp(t, { role: 'student' });
    await join(t, s, code);
    return s;
  };

  it('has no reader where grading does not run, or where it is turned off', async () => {
    expect(t.arrivals).toBeNull();
    const off = await buildTestApp('sqlite', { READ_ON_ARRIVAL: 'false' });
    try {
      expect(off.arrivals).toBeNull();
      expect(off.config.gradingWorker).toBe(true);
    } finally {
      await off.close();
    }
  });

  it('reads each waiting answer once, even with two readers at it', async () => {
    const a = await storeAnswerDirectly(
      t,
      await student(),
      code,
      await scanPdf('Roots take up water.'),
      {
        arrived: true,
      },
    );
    const b = await storeAnswerDirectly(
      t,
      await student(),
      code,
      await scanPdf('Leaves make food.'),
      {
        arrived: true,
      },
    );
    const [one, two] = [reader(), reader()];
    const seen = await Promise.all([one.readSome(), two.readSome()]);
    expect(seen.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(2);
    expect(textOf((await submissionOf(t, a)).reading)).toMatch(/Roots take up water/);
    expect(textOf((await submissionOf(t, b)).reading)).toMatch(/Leaves make food/);
    // taken up once: nothing is waiting any more
    expect(await one.readSome()).toBe(0);
  });

  it('takes the reading of the same file handed in before instead of reading it again', async () => {
    const bytes = await scanPdf('Water evaporates in the sun.');
    const first = await storeAnswerDirectly(t, await student(), code, bytes, { arrived: true });
    await reader().readSome();
    const kept = (await submissionOf(t, first)).reading;
    expect(textOf(kept)).toMatch(/evaporates/);
    const again = await storeAnswerDirectly(t, await student(), code, bytes, { arrived: true });
    // its stored copy gone: only the reading of the first can give it one
    await t.store.delete((await submissionOf(t, again)).storage_key);
    await reader().readSome();
    expect((await submissionOf(t, again)).reading).toBe(kept);
  });

  it('leaves alone answers a run reads, the teacher marked, or that were handed in before', async () => {
    const scan = () => scanPdf(`Stomata ${Math.random()}`);
    const before = await storeAnswerDirectly(t, await student(), code, await scan());
    const marked = await storeAnswerDirectly(t, await student(), code, await scan(), {
      arrived: true,
    });
    await t.db.kysely
      .updateTable('submission')
      .set({ marks: 1, marks_source: 'teacher' })
      .where('id', '=', marked)
      .execute();
    // another class, whose run is queued: that run reads its answers
    const other = await createAssignment(t, teacher);
    const s = await signUp(t, { role: 'student' });
    await join(t, s, other);
    const queued = await storeAnswerDirectly(t, s, other, await scan(), { arrived: true });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/assignments/${other}/evaluations`,
      headers: { cookie: teacher.cookie },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(await reader().readSome()).toBe(0);
    for (const id of [before, marked, queued]) {
      const row = await submissionOf(t, id);
      expect(row.reading).toBeNull();
      expect(row.arrival_read_at === null).toBe(id !== before);
    }
  });

  it('leaves an answer it cannot read to the run, and takes it up only once', async () => {
    const id = await storeAnswerDirectly(t, await student(), code, await scanPdf('Lost file.'), {
      arrived: true,
    });
    await t.store.delete((await submissionOf(t, id)).storage_key);
    expect(await reader().readSome()).toBe(1);
    const row = await submissionOf(t, id);
    expect(row.reading).toBeNull();
    expect(row.arrival_read_at).not.toBeNull();
    expect(await reader().readSome()).toBe(0);
  });
});

describe('the arrival reader gives a slow reading up to waiting work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { GRADING_WORKER: 'false', READER_PROCESSES: '1' });
  });
  afterAll(() => t.close());

  it('and takes that answer up again once, then leaves it to the run', async () => {
    const teacher = await signUp(t, { role: 'teacher' });
    const code = await createAssignment(t, teacher);
    const s = await signUp(t, { role: 'student' });
    await join(t, s, code);
    const slow = Buffer.from(sharedStream(50));
    const id = await storeAnswerDirectly(t, s, code, slow, { arrived: true });
    const reader = new ArrivalReader({
      db: t.db,
      store: t.store,
      pool: t.pool,
      reading: t.config.reading,
      log: t.app.log,
    });
    const upload = () =>
      t.pool.run(
        { type: 'inspect-pdf', bytes: new Uint8Array(slow.subarray(0, 64)), limits },
        { lane: 'interactive', owner: 'user:someone', timeoutMs: 10_000 },
      );
    const takeUpWhileWorkWaits = async () => {
      const reading = reader.readSome();
      await expect.poll(() => t.pool.busy).toBe(1);
      const waiting = upload();
      await reading;
      await waiting;
    };
    await takeUpWhileWorkWaits();
    expect((await submissionOf(t, id)).arrival_read_at).toBeNull();
    await takeUpWhileWorkWaits();
    const row = await submissionOf(t, id);
    expect(row.arrival_read_at).not.toBeNull();
    expect(row.reading).toBeNull();
    expect(await reader.readSome()).toBe(0);
  }, 60_000);
});
