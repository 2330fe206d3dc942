import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_READ_LIMITS } from '../../grading';
import { textPdf } from '../../grading/testing/make-pdf';
import { encryptedPdf } from '../../grading/testing/encrypted-pdf';
import { hugeImage, manyPages, sharedStream, xrefBomb } from '../../grading/testing/hostile-pdfs';
import { BACKGROUND_GRACE_MS, SandboxCancelled, SandboxPool } from './sandbox-pool';
import { needsEngine, type SandboxTask } from './sandbox-tasks';

let pool: SandboxPool;
afterEach(() => pool?.close());

const limits = DEFAULT_READ_LIMITS;
const extract = (bytes: Uint8Array, owner = 'o', timeoutMs = 30_000) =>
  pool.run({ type: 'extract', bytes, limits }, { lane: 'batch', owner, timeoutMs });

describe('SandboxPool', () => {
  it('reads files in its reader processes and answers with their text', async () => {
    pool = new SandboxPool({ size: 2, memoryMb: 1536 });
    const outs = await Promise.all(
      ['one', 'two', 'three'].map(async (w) => extract(await textPdf(`Answer ${w}.`))),
    );
    expect(outs.map((o) => o.ok && o.value.status === 'ok' && o.value.text)).toEqual([
      'Answer one.',
      'Answer two.',
      'Answer three.',
    ]);
    expect(pool.readerPids.length).toBeLessThanOrEqual(2);
  });

  it('kills a reader that runs out of memory; only its own file fails', async () => {
    // With the decoded-size budget off, pdf.js builds the 60-million-entry table and dies. A
    // 512 MB reader (256 MB of heap) dies of it as surely as a 1536 MB one, in a third the time.
    pool = new SandboxPool({ size: 2, memoryMb: 512 });
    const bomb = new Uint8Array(await xrefBomb());
    const honest = await textPdf('A queue is first in, first out.');
    const [killed, ok] = await Promise.all([
      pool.run(
        { type: 'inspect-pdf', bytes: bomb, limits: { ...limits, maxDecodedBytes: 1e12 } },
        { lane: 'interactive', owner: 'attacker', timeoutMs: 60_000 },
      ),
      pool.run(
        { type: 'inspect-pdf', bytes: honest, limits },
        { lane: 'interactive', owner: 'honest', timeoutMs: 60_000 },
      ),
    ]);
    expect(killed).toEqual({ ok: false, limit: 'memory' });
    expect(ok).toMatchObject({ ok: true, value: { ok: true, pages: 1 } });
    // The pool replaces the dead reader.
    const after = await extract(honest);
    expect(after.ok && after.value.status).toBe('ok');
  }, 120_000);

  it('kills a reader over its memory limit as measured by the system, not only the heap', async () => {
    pool = new SandboxPool({ size: 1, memoryMb: 400, memoryPollMs: 20 });
    // A 64-megapixel image (the pixel limit raised for it): pdf.js decodes it into buffers outside
    // the JavaScript heap (a 200 MB heap limit here), whichever program would read it after.
    const bytes = new Uint8Array(await hugeImage(8000));
    const out = await pool.run(
      { type: 'extract', bytes, limits: { ...limits, maxImagePixels: 1e8 } },
      { lane: 'batch', owner: 'o', timeoutMs: 30_000 },
    );
    expect(out).toEqual({ ok: false, limit: 'memory' });
  });

  it('loads the engine on a reader’s first engine task without counting it in the task’s time', async () => {
    pool = new SandboxPool({ size: 1, memoryMb: 1536 });
    expect((await extract(await textPdf('An upload check first.'))).ok).toBe(true);
    // Loading the language models takes about a second of CPU, more than this limit under load;
    // the prepare task itself takes a few milliseconds.
    const prepared = await pool.run(
      {
        type: 'prepare',
        input: {
          modelAnswer: await textPdf('1. A stack is last in, first out. [4 marks]'),
          questionPaper: null,
          totalMarks: 4,
          diagramKeywords: [],
          limits,
        },
      },
      { lane: 'batch', owner: 'o', timeoutMs: 400 },
    );
    expect(prepared).toMatchObject({ ok: true, value: [{ number: '1', total: 4 }] });
  });

  it('stops a reader over its time limit', async () => {
    pool = new SandboxPool({ size: 1, memoryMb: 1536 });
    const started = Date.now();
    const out = await extract(new Uint8Array(sharedStream(50)), 'o', 1500);
    expect(out).toEqual({ ok: false, limit: 'time' });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('reports a reader killed from outside as a crash', async () => {
    pool = new SandboxPool({ size: 1, memoryMb: 1536 });
    await extract(await textPdf('warm up'));
    const running = extract(new Uint8Array(sharedStream(50)), 'o', 60_000);
    await new Promise((r) => setTimeout(r, 300));
    process.kill(pool.readerPids[0]!, 'SIGKILL');
    expect(await running).toEqual({ ok: false, limit: 'crash' });
  });

  it('lets a slow background task go past its grace only while nobody waits for its reader', async () => {
    pool = new SandboxPool({ size: 1, memoryMb: 1536 });
    const pdf = await textPdf('An answer.');
    const background = (bytes: Uint8Array) =>
      pool.run(
        { type: 'extract', bytes, limits },
        { lane: 'background', owner: 'arrivals', timeoutMs: 60_000 },
      );
    // a background task that ends within its grace is never cut short by work arriving
    const quick = background(pdf);
    const upload = extract(pdf, 'user:a');
    expect((await quick).ok).toBe(true);
    expect((await upload).ok).toBe(true);
    // a slow one is given up for waiting work once its grace has passed, not before
    const slow = background(new Uint8Array(sharedStream(50)));
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const waiting = extract(pdf, 'run-1');
    await expect(slow).rejects.toBeInstanceOf(SandboxCancelled);
    expect(Date.now() - started).toBeGreaterThan(BACKGROUND_GRACE_MS - 1000);
    expect((await waiting).ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(BACKGROUND_GRACE_MS + 15_000);
  });

  it('takes back an owner’s tasks on cancel, stopping the running one, and serves the others', async () => {
    pool = new SandboxPool({ size: 1, memoryMb: 1536 });
    const pdf = await textPdf('An answer.');
    const running = extract(new Uint8Array(sharedStream(50)), 'run-1', 60_000);
    const waiting = extract(pdf, 'run-1');
    const other = extract(pdf, 'run-2');
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    pool.cancel('run-1');
    const [a, b] = await Promise.allSettled([running, waiting]);
    for (const r of [a, b])
      expect(r).toMatchObject({ status: 'rejected', reason: expect.any(SandboxCancelled) });
    expect((await other).ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('reads an answer’s pages and writes its marked copy as reading tasks, within the limits', async () => {
    pool = new SandboxPool({ size: 1, memoryMb: 1536 });
    const bytes = await textPdf('A stack is last in, first out.');
    const read = await pool.run(
      { type: 'page-layouts', bytes, reading: null, limits },
      { lane: 'interactive', owner: 'o', timeoutMs: 30_000 },
    );
    if (!read.ok || !read.value.ok) throw new Error(`not read: ${JSON.stringify(read)}`);
    expect(read.value.layouts.map((l) => [l.number, l.source])).toEqual([[1, 'text']]);
    const drawn = {
      pages: [],
      highlights: [],
      questions: [],
      comments: [],
      unplaced: 0,
      canComment: true,
      published: true,
      total: { marks: 3, total: 4, late: null },
    };
    const marked = await pool.run(
      { type: 'marked-pdf', bytes, layouts: read.value.layouts, drawn, limits },
      { lane: 'interactive', owner: 'o', timeoutMs: 30_000 },
    );
    expect(marked.ok && marked.value.ok && marked.value.bytes.length).toBeGreaterThan(bytes.length);
    // refused in words: over the page limit, or encrypted (what is added would not be)
    const tooLong = await pool.run(
      {
        type: 'page-layouts',
        bytes: new Uint8Array(manyPages(30)),
        reading: null,
        limits: { ...limits, maxPages: 20 },
      },
      { lane: 'interactive', owner: 'o', timeoutMs: 30_000 },
    );
    expect(tooLong).toMatchObject({ ok: true, value: { ok: false, problem: 'too-many-pages' } });
    const locked = await pool.run(
      { type: 'marked-pdf', bytes: encryptedPdf(''), layouts: read.value.layouts, drawn, limits },
      { lane: 'interactive', owner: 'o', timeoutMs: 30_000 },
    );
    expect(locked).toMatchObject({ ok: true, value: { ok: false, problem: 'encrypted' } });
    // and stopped at their time limit
    const slow = await pool.run(
      {
        type: 'page-layouts',
        bytes: new Uint8Array(sharedStream(50)),
        reading: null,
        limits: { ...limits, maxDecodedBytes: 1e12 },
      },
      { lane: 'interactive', owner: 'o', timeoutMs: 1500 },
    );
    expect(slow).toEqual({ ok: false, limit: 'time' });
  });

  it('never loads the engine for the reading tasks', () => {
    const bytes = new Uint8Array();
    const reading: SandboxTask[] = [
      { type: 'inspect-pdf', bytes, limits },
      { type: 'extract', bytes, limits },
      { type: 'page-layouts', bytes, reading: null, limits },
      { type: 'marked-pdf', bytes, layouts: [], drawn: {} as never, limits },
    ];
    expect(reading.map(needsEngine)).toEqual([false, false, false, false]);
    expect(needsEngine({ type: 'suggest', input: {} as never })).toBe(true);
  });
});
