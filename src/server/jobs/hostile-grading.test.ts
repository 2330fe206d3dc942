import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostilePdfs } from '../../grading/testing/hostile-pdfs';
import type { EvaluationRun } from '../../shared/evaluations';
import { createAssignment, join, storeAnswerDirectly, submit } from '../test/classroom';
import { buildTestApp, signUp, type TestApp, type TestUser } from '../test/test-app';
import { makePdf } from '../test/uploads';

const HONEST = [
  'Answer 1. Plants use light energy from the sun to make glucose from carbon dioxide and water.',
  'Answer 1. Photosynthesis makes food using sunlight, water and carbon dioxide, giving oxygen.',
  'Answer 1. Light is used by chlorophyll to make sugar and release oxygen.',
];

/** Why each crafted answer (stored past the upload checks) could not be graded as usual. */
const REASONS: Record<string, RegExp> = {
  'xref-bomb': /unpacks to more than 64 MB/,
  'huge-image-12000': /image of 12,000 × 12,000 pixels/,
  // OCR of a 4,000-pixel page finds nothing; on a loaded machine the time limit comes first.
  'big-image-4000': /scanned pages could not be read|took longer than 8 seconds to read/,
  'shared-38mb-stream': /has 100 pages; the limit is 50/,
  // Whichever budget it breaks first on this machine: time or memory.
  'shared-38mb-stream-50-pages':
    /took longer than 8 seconds to read|needed more than 1536 MB of memory/,
  'many-image-draws': /has 100 pages; the limit is 50/,
  'deep-nesting': /not a readable PDF/,
  'cyclic-page-tree': /not a readable PDF/,
  encrypted: /protected by a password/,
  // Readable text; its script is never run, and the answer is marked like any other.
  javascript: /off-topic|no-key-point|^$/,
  '2500-pages': /has 2,500 pages/,
  'count-2^31-1': /has 2,147,483,647 pages/,
  // 400 draws of one noise image: read once, its reading all noise, so held as hard to read.
  'many-image-draws-50-pages':
    /^Hard to read: page 1: \d+% of what was read looked like marks on the paper/,
};

describe('grading a class with every crafted file beside honest answers', () => {
  let t: TestApp;
  // An 8-second read limit: honest answers take a fraction of a second, and the files that run
  // to the limit (the 38 MB stream, a 4,000-pixel scan of noise) spend it all on the CPU.
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { READ_TIMEOUT_SECONDS: '8', READER_PROCESSES: '2' });
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie } });

  async function classWith(honest: string[]) {
    const teacher = await signUp(t, { role: 'teacher' });
    const code = await createAssignment(t, teacher, { totalMarks: '10' });
    const ids: Record<string, string> = {};
    for (const [i, text] of honest.entries()) {
      const s = await signUp(t, { role: 'student', name: `Honest ${i + 1}` });
      await join(t, s, code);
      const res = await submit(t, s, code, { filename: 'a.pdf', content: await makePdf([text]) });
      ids[`honest-${i + 1}`] = res.json().id;
    }
    return { teacher, code, ids };
  }

  async function finished(teacher: TestUser, code: string): Promise<EvaluationRun> {
    for (;;) {
      const run = (await call(teacher, 'GET', `/api/assignments/${code}/evaluations/latest`)).json()
        .run as EvaluationRun;
      if (run.status !== 'queued' && run.status !== 'running') return run;
      await sleep(100);
    }
  }

  it('finishes in bounded time: honest answers marked, crafted ones with a reason, the other class too', async () => {
    const a = await classWith(HONEST);
    const files = await hostilePdfs();
    for (const [name, bytes] of Object.entries(files)) {
      const s = await signUp(t, { role: 'student', name });
      await join(t, s, a.code);
      a.ids[name] = await storeAnswerDirectly(t, s, a.code, bytes, { name: `${name}.pdf` });
    }
    const b = await classWith(HONEST.slice(0, 2));

    const started = Date.now();
    const ended: Record<string, number> = {};
    const [runA, runB] = await Promise.all(
      [a, b].map(async (c, i) => {
        expect(
          (await call(c.teacher, 'POST', `/api/assignments/${c.code}/evaluations`)).statusCode,
        ).toBe(202);
        const run = await finished(c.teacher, c.code);
        ended[i === 0 ? 'a' : 'b'] = Date.now() - started;
        return run;
      }),
    );
    expect(runA).toMatchObject({
      status: 'finished',
      total: 16,
      read: 16,
      done: expect.any(Number),
    });
    expect(runA!.done + runA!.failed).toBe(16);
    expect(runB).toMatchObject({ status: 'finished', total: 2, done: 2, failed: 0 });
    // The small class was not kept waiting behind the crafted files.
    expect(ended.b!).toBeLessThan(ended.a!);
    expect(ended.a!).toBeLessThan(120_000);

    const rows = (await call(a.teacher, 'GET', `/api/assignments/${a.code}/submissions`)).json()
      .submissions as Array<{
      id: string;
      marks: number | null;
      aiStatus: string;
      needsReview: boolean;
    }>;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const i of [1, 2, 3]) {
      expect(byId.get(a.ids[`honest-${i}`]!)).toMatchObject({
        aiStatus: 'graded',
        marks: expect.any(Number),
      });
    }
    for (const [name, reason] of Object.entries(REASONS)) {
      const detail = (
        await call(a.teacher, 'GET', `/api/assignments/${a.code}/submissions/${a.ids[name]}`)
      ).json();
      const said =
        detail.ai.status === 'unreadable' ? detail.ai.reason : detail.ai.reviewReasons.join(', ');
      expect({ name, said }).toEqual({ name, said: expect.stringMatching(reason) });
      if (detail.ai.status === 'graded' && name !== 'javascript')
        expect(detail.needsReview).toBe(true);
    }
  }, 180_000);
});
