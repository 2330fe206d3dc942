import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseRoleOverHttp,
  createAssignmentOverHttp,
  inBatches,
  joinOverHttp,
  multipartBody,
  signUpOverHttp,
  type SeededUser,
} from '../../../bench/support/http-seed';
import { decodeReading } from '../../grading';
import { makePdf } from '../../grading/testing/make-pdf';
import { textPng } from '../../grading/testing/render-png';
import { startCluster, type Cluster } from '../test/cluster';
import { directSignUp, type DirectSignUp } from '../test/direct-sign-up';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { createPostgresDatabase } from '../test/test-app';

// Two web instances and two `markwise worker` processes on one PostgreSQL database and one S3
// store, as behind a load balancer: a teacher and 300 students use both instances, one worker is
// killed with SIGKILL mid-run, and the run still ends with every answer marked exactly once.
// The teacher signs up over HTTP on one instance and works on both; the students are signed up
// by better-auth in this process (see direct-sign-up.ts), not 300 password hashes in the servers.

const STUDENTS = 300;
const ANSWERS = [
  '1. A stack is last in, first out: push adds on top and pop removes the top item. 2. A queue is first in, first out: enqueue at the back, dequeue at the front.',
  '1. Stacks follow LIFO order, the last item pushed is the first popped. 2. Queues follow FIFO order, items leave in the order they came.',
  '1. A stack keeps items in order. 2. A queue keeps items in order too.',
  '1. Push and pop. 2. Enqueue and dequeue at both ends.',
  '1. The stack pops the most recent element first, like plates. 2. The queue serves the oldest element first, like a line at a shop.',
  '1. I do not know. 2. Photosynthesis turns light into sugar in plants.',
];

const describePg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** Every file under `dir` whose content starts like a PDF. */
function pdfsUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) return [];
    const head = Buffer.alloc(5);
    const fd = fs.openSync(file, 'r');
    fs.readSync(fd, head, 0, 5, 0);
    fs.closeSync(fd);
    return head.toString('latin1') === '%PDF-' ? [file] : [];
  });
}

type Run = { status: string; total: number; read: number; done: number; failed: number };

describePg('scaled out: 2 web instances, 2 workers, PostgreSQL and S3', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let s3: TestS3Server;
  let cluster: Cluster;
  let accounts: DirectSignUp;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    s3 = await startS3Server('markwise-scale');
    cluster = await startCluster({
      webs: 2,
      workers: 2,
      env: {
        DATABASE_URL: database.url,
        ...s3.env('school'),
        READER_PROCESSES: '1',
        GRADING_RUNS: '2',
        GRADING_CHUNK_SIZE: '10',
        GRADING_CHUNK_TIMEOUT_SECONDS: '8',
        GRADING_RETRY_CHECK_SECONDS: '1',
      },
    });
    accounts = directSignUp({ ...cluster.env, PUBLIC_URL: cluster.webs[0]!.url });
  }, 180_000);

  afterAll(async () => {
    await accounts?.close();
    await cluster?.stop();
    await s3?.close();
    await database?.drop();
  }, 60_000);

  let seeded: { teacher: SeededUser; code: string } | undefined;

  it('grades a class of 300 through both instances, surviving a killed worker', async () => {
    const [a, b] = cluster.webs.map((w) => w.url) as [string, string];
    const teacher = await signUpOverHttp(a, 'Scale Teacher', 'teacher');
    const numbered = (lines: string[]) => lines.map((l, i) => `${i + 1}. ${l}`).join('\n');
    const code = await createAssignmentOverHttp(
      a,
      teacher,
      0,
      Buffer.from(
        await makePdf([
          {
            text: numbered([
              'What order does a stack keep? [5 marks]',
              'What order does a queue keep? [5 marks]',
            ]),
          },
        ]),
      ),
      {
        modelAnswer: Buffer.from(
          await makePdf([
            {
              text: numbered([
                'A stack follows last in, first out (LIFO) order: push adds an item on top and pop removes the top item.',
                'A queue follows first in, first out (FIFO) order: items are added at the back and removed from the front.',
              ]),
            },
          ]),
        ),
        totalMarks: 10,
      },
    );
    seeded = { teacher, code };
    const pdfs = await Promise.all(
      Array.from({ length: STUDENTS }, async (_, i) =>
        Buffer.from(await makePdf([{ text: `${ANSWERS[i % ANSWERS.length]} (student ${i})` }])),
      ),
    );
    // Half the class works through each instance; the session of one is good on the other.
    const students = await inBatches(pdfs, 6, async (pdf, i) => {
      const base = i % 2 ? b : a;
      const email = `student-${i}-${Math.random().toString(36).slice(2, 8)}@scale.example`;
      const { cookie } = await accounts.signUp({ name: `Student ${i}`, email });
      const s = { email, cookie: await chooseRoleOverHttp(base, cookie, 'student') };
      await joinOverHttp(i % 2 ? a : b, s, code);
      const { body, contentType } = multipartBody('answer', 'answer.pdf', pdf);
      const res = await fetch(`${base}/api/assignments/${code}/submission`, {
        method: 'POST',
        headers: { origin: base, cookie: s.cookie, 'content-type': contentType },
        body,
      });
      expect(res.status).toBe(201);
      return { ...s, submissionId: ((await res.json()) as { id: string }).id, base };
    });

    // An answer uploaded through one instance downloads, byte for byte, through the other.
    const first = students[0]! as SeededUser & { submissionId: string };
    const download = await fetch(
      `${b}/api/assignments/${code}/submissions/${first.submissionId}/file`,
      { headers: { cookie: first.cookie } },
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdfs[0]!)).toBe(true);

    const headers = (base: string) => ({ origin: base, cookie: teacher.cookie });
    const start = await fetch(`${b}/api/assignments/${code}/evaluations`, {
      method: 'POST',
      headers: headers(b),
    });
    expect(start.status).toBe(202);
    const latest = async (base: string): Promise<Run> =>
      (
        (await (
          await fetch(`${base}/api/assignments/${code}/evaluations/latest`, {
            headers: headers(base),
          })
        ).json()) as { run: Run }
      ).run;

    // Once both workers are reading, one dies without warning.
    let run = await latest(a);
    while (run.read < 40) {
      await new Promise((r) => setTimeout(r, 100));
      run = await latest(a);
    }
    const victim = cluster.workers[0]!;
    victim.process.kill('SIGKILL');
    expect(run.status).toBe('running');
    expect(run.done + run.failed).toBeLessThan(STUDENTS);

    const deadline = Date.now() + 240_000;
    const seen: number[] = [];
    // Polled often: 300 marks are written in about a second once reading ends, and a slow poll
    // could see that stretch only once.
    while ((run.status === 'queued' || run.status === 'running') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 40));
      run = await latest(seen.length % 2 ? a : b);
      seen.push(run.done);
    }
    expect(run).toMatchObject({ status: 'finished', total: STUDENTS, read: STUDENTS });
    expect(run.done + run.failed).toBe(STUDENTS);
    // Progress only ever moved forward, and marks appeared chunk by chunk.
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(new Set(seen.filter((d) => d > 0 && d < STUDENTS)).size).toBeGreaterThan(1);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const graded = await client.query(
        `select count(*)::int as n from submission where ai_status = 'graded' and marks is not null`,
      );
      expect(graded.rows[0].n).toBe(STUDENTS - run.failed);
      const audit = await client.query(
        `select submission_id, count(*)::int as n from mark_change where source = 'ai' group by submission_id`,
      );
      expect(audit.rows).toHaveLength(STUDENTS);
      expect(audit.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    } finally {
      await client.end();
    }

    // No answer file ever landed on a machine's disk: they live in S3 only.
    for (const dir of [...cluster.webs, ...cluster.workers].map((p) => p.dataDir))
      expect(pdfsUnder(dir)).toEqual([]);
  }, 600_000);

  it('reads a scan handed in on a web instance in a worker, as it arrives', async () => {
    const a = cluster.webs[0]!.url;
    const { code } = seeded!;
    const email = `scan-${Math.random().toString(36).slice(2, 8)}@scale.example`;
    const { cookie } = await accounts.signUp({ name: 'Scan Student', email });
    const s = { email, cookie: await chooseRoleOverHttp(a, cookie, 'student') };
    await joinOverHttp(a, s, code);
    const scan = await makePdf([{ png: await textPng(['A stack is last in, first out.'], 40) }]);
    const { body, contentType } = multipartBody('answer', 'answer.pdf', Buffer.from(scan));
    const res = await fetch(`${a}/api/assignments/${code}/submission`, {
      method: 'POST',
      headers: { origin: a, cookie: s.cookie, 'content-type': contentType },
      body,
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: string }).id;
    // the web instances do not grade: the surviving worker finds it at its next look
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const row = async () =>
        (await client.query('select reading, arrival_read_at from submission where id = $1', [id]))
          .rows[0] as { reading: string | null; arrival_read_at: string | null };
      await expect.poll(async () => (await row()).reading, { timeout: 60_000 }).not.toBeNull();
      const doc = decodeReading((await row()).reading);
      expect(doc?.status === 'ok' && doc.text).toMatch(/last in, first out/);
      expect((await row()).arrival_read_at).not.toBeNull();
    } finally {
      await client.end();
    }
  }, 90_000);
});
