// `npm run bench:http`: autocannon against a real Markwise process (SQLite, files on local disk).
// 0. GET /api/me as a baseline: every API request pays for the session lookup.
// 1. The dashboard list (GET /api/assignments) for a teacher with 100 assignments.
// 2. 200 joined students submitting a 300 kB PDF at the same moment: all must be stored.
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { startServer } from '../e2e/support/server';
import { filesUnder, makePdf } from '../src/server/test/uploads';
import {
  createAssignmentOverHttp,
  inBatches,
  joinOverHttp,
  multipartBody,
  signUpOverHttp,
} from './support/http-seed';

const ASSIGNMENTS = 100;
const STUDENTS = 200;
const LIST_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const fmt = (n: number, digits = 0) => n.toFixed(digits);
const line = (label: string, r: Result) =>
  `${label}: ${fmt(r.requests.average)} req/s, latency p50 ${fmt(r.latency.p50)} ms, p99 ${fmt(r.latency.p99)} ms, ` +
  `max ${fmt(r.latency.max)} ms (${r['2xx']} ok, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`;

async function main() {
  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    const base = server.url;
    const small = await makePdf(['Q1. Explain photosynthesis.']);
    const teacher = await signUpOverHttp(base, 'Bench Teacher', 'teacher');
    let t0 = performance.now();
    const codes = await inBatches(
      Array.from({ length: ASSIGNMENTS }, (_, i) => i),
      8,
      (i) => createAssignmentOverHttp(base, teacher, i, small),
    );
    console.log(`seeded ${ASSIGNMENTS} assignments in ${fmt(performance.now() - t0)} ms`);

    const me = await autocannon({
      url: `${base}/api/me`,
      connections: 10,
      duration: LIST_SECONDS,
      headers: { cookie: teacher.cookie },
    });
    console.log(line('baseline GET /api/me (session lookup only, 10 connections)', me));
    for (const connections of [1, 10]) {
      const list = await autocannon({
        url: `${base}/api/assignments`,
        connections,
        duration: LIST_SECONDS,
        headers: { cookie: teacher.cookie },
      });
      console.log(
        line(
          `GET /api/assignments (100 cards, ${connections} connection${connections > 1 ? 's' : ''})`,
          list,
        ),
      );
    }

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
    console.log(line(`POST submission (${STUDENTS} students, 300 kB PDF, at once)`, submit));
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
