// `npm run bench:http`: autocannon against a real Markwise process (SQLite, files on local disk),
// measured in one run beside a bare Fastify hello-world, the yardstick of what this machine can do.
// 1. Hello-world, GET /api/health, GET /api/me, and the dashboard list (GET /api/assignments) of
//    100 cards for a teacher and for a student who joined them all; then a summary with each
//    one's share of the hello-world's requests per second. The list is kept between requests
//    while nothing on its cards changes (modules/assignments/dashboard-lists.ts); as a reference,
//    the same list read afresh every time, from a second server with DASHBOARD_CACHE_MB=0 (what
//    the first read after a change costs).
// 2. 200 joined students submitting a 300 kB PDF at the same moment: all must be stored.
// BENCH_SECONDS (default 10) sets each measurement's length; BENCH_PROFILE=dir starts the server
// with `node --cpu-prof` and leaves its profile in dir (open it in Chrome's DevTools).
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { startServer } from '../e2e/support/server';
import { filesUnder, makePdf } from '../src/server/test/uploads';
import {
  createAssignmentOverHttp,
  inBatches,
  joinOverHttp,
  multipartBody,
  signUpOverHttp,
  type SeededUser,
} from './support/http-seed';
import { line, measure, measureHelloWorld, summary, type Measured, type Row } from './support/load';

const ASSIGNMENTS = 100;
const STUDENTS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROFILE = process.env.BENCH_PROFILE;

const fmt = (n: number, digits = 0) => n.toFixed(digits);

/**
 * Enrols the student in every assignment straight in the server's SQLite file: joining over
 * HTTP is limited to 30 a minute per person, and the list needs 100.
 */
async function joinAllInDatabase(dataDir: string, base: string, student: SeededUser) {
  const me = (await (
    await fetch(`${base}/api/me`, { headers: { cookie: student.cookie } })
  ).json()) as {
    id: string;
  };
  const db = new Database(path.join(dataDir, 'markwise.db'));
  try {
    db.prepare(
      'insert into enrollment (assignment_id, student_id, joined_at) select id, ?, ? from assignment',
    ).run(me.id, new Date().toISOString());
  } finally {
    db.close();
  }
}

/** The dashboard list of 100 cards read afresh on every request: a server that keeps no lists. */
async function measureAfresh(small: Buffer): Promise<Measured> {
  const server = await startServer({ LOG_LEVEL: 'error', DASHBOARD_CACHE_MB: '0' });
  try {
    const teacher = await signUpOverHttp(server.url, 'Afresh Teacher', 'teacher');
    await inBatches(
      Array.from({ length: ASSIGNMENTS }, (_, i) => i),
      8,
      (i) => createAssignmentOverHttp(server.url, teacher, i, small),
    );
    return await measure(`${server.url}/api/assignments`, 10, SECONDS, {
      cookie: teacher.cookie,
      pid: server.process.pid,
    });
  } finally {
    await server.stop();
  }
}

async function main() {
  const hello = await measureHelloWorld(10, SECONDS);
  console.log(line('bare Fastify hello-world (10 connections)', hello));
  const small = await makePdf(['Q1. Explain photosynthesis.']);
  const afreshLabel = 'GET /api/assignments, teacher, 100 cards, read afresh (10 connections)';
  const afresh = await measureAfresh(small);
  console.log(line(afreshLabel, afresh));

  const server = await startServer(
    { LOG_LEVEL: 'error' },
    PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE)}`] : [],
  );
  try {
    const base = server.url;
    const teacher = await signUpOverHttp(base, 'Bench Teacher', 'teacher');
    const reader = await signUpOverHttp(base, 'Bench Student', 'student');
    let t0 = performance.now();
    const codes = await inBatches(
      Array.from({ length: ASSIGNMENTS }, (_, i) => i),
      8,
      (i) => createAssignmentOverHttp(base, teacher, i, small),
    );
    await joinAllInDatabase(server.dataDir, base, reader);
    console.log(
      `seeded ${ASSIGNMENTS} assignments, all joined by one student, in ${fmt(performance.now() - t0)} ms`,
    );

    const rows: Row[] = [];
    const pid = server.process.pid;
    const run = async (label: string, url: string, connections: number, cookie?: string) => {
      const measured = await measure(`${base}${url}`, connections, SECONDS, { cookie, pid });
      console.log(line(label, measured));
      rows.push({ label, ...measured });
      return measured;
    };
    rows.push({ label: 'hello-world (10 connections)', ...hello });
    await run('GET /api/health (10 connections)', '/api/health', 10);
    await run('GET /api/me (10 connections)', '/api/me', 10, teacher.cookie);
    await run(
      'GET /api/assignments, teacher, 100 cards (1 connection)',
      '/api/assignments',
      1,
      teacher.cookie,
    );
    const dashboard = await run(
      'GET /api/assignments, teacher, 100 cards (10 connections)',
      '/api/assignments',
      10,
      teacher.cookie,
    );
    await run(
      'GET /api/assignments, student, 100 cards (10 connections)',
      '/api/assignments',
      10,
      reader.cookie,
    );
    rows.push({ label: afreshLabel, ...afresh });
    console.log(
      `\nsummary (figures from this run; other work on the machine lowers them)\n${summary(hello, rows, dashboard)}\n`,
    );

    t0 = performance.now();
    const students = await inBatches(
      Array.from({ length: STUDENTS }, (_, i) => i),
      8,
      async (i) => {
        const s = await signUpOverHttp(base, `Student ${i}`, 'student');
        await joinOverHttp(base, s, codes[0]!);
        return s;
      },
    );
    console.log(`seeded ${STUDENTS} joined students in ${fmt(performance.now() - t0)} ms`);

    const answer = await makePdf(['1. Plants turn light into sugar.'], 300_000);
    const { body, contentType } = multipartBody('answer', 'answer.pdf', answer);
    let n = 0;
    const submit = await autocannon({
      url: `${base}/api/assignments/${codes[0]}/submission`,
      connections: STUDENTS,
      amount: STUDENTS,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': contentType },
          body,
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, cookie: students[n++ % STUDENTS]!.cookie },
          }),
        },
      ],
    });
    const created = submit.statusCodeStats['201']?.count ?? 0;
    const onDisk = filesUnder(path.join(server.dataDir, 'files', 'answer')).length;
    console.log(
      line(`POST submission (${STUDENTS} students, 300 kB PDF, at once)`, {
        result: submit,
        cpuPerRequest: null,
      }),
    );
    console.log(
      `  ${created} × 201 in ${fmt(submit.duration, 2)} s, ${onDisk} answer files on disk, status codes ${JSON.stringify(submit.statusCodeStats)}`,
    );
    if (created !== STUDENTS || onDisk !== STUDENTS || submit.errors) {
      throw new Error('not every submission was stored');
    }
  } finally {
    await server.stop();
  }
}

await main();
