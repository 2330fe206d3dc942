// `npm run bench:notify`: publishing marks to a class of 2,000 by email, against a real Markwise
// process (SQLite, `bin/markwise serve`) that sends over SMTP to a local smtp-server on 127.0.0.1.
// 1. Reference, in the same run: the p99 of GET /api/health at rest (10 clients back to back),
//    and the publish request for 2,000 students who all turned "Marks published" emails off
//    (no mail queued: what publishing costs without email).
// 2. The publish request for 2,000 students who get the email: its time (queueing 2,000
//    messages in the request's transactions, sending none), then GET /api/health's p99 while the
//    mail drains, how long until the SMTP server has every message, and the rate.
// The students, their hand-ins and their marks are written straight into the server's SQLite
// file (signing 2,000 people up over HTTP would hash 2,000 passwords); the teacher and the
// assignments are made through the API. BENCH_STUDENTS (default 2000) sets the class size.
import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { startServer, type RunningServer } from '../e2e/support/server';
import { makePdf } from '../src/server/test/uploads';
import { createAssignmentOverHttp, signUpOverHttp, type SeededUser } from './support/http-seed';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const fmt = (n: number, digits = 0) => n.toFixed(digits);

/** A local SMTP server that counts the messages it accepts, by envelope recipient. */
async function countingSmtp() {
  const received = new Map<string, number>();
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A reverse DNS lookup of 127.0.0.1 per connection would measure the resolver, not us.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        total++;
        for (const r of session.envelope.rcptTo)
          received.set(r.address, (received.get(r.address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    total: () => total,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `clients` loops asking for `url` back to back until `stop()`: each answer's latency in ms. */
function probe(url: string, clients = 10) {
  const latencies: number[] = [];
  let running = true;
  let failures = 0;
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) failures++;
      latencies.push(performance.now() - t0);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1)!, failures };
    },
  };
}

const probeLine = (label: string, p: Awaited<ReturnType<ReturnType<typeof probe>['stop']>>) =>
  `${label}: ${p.n} requests, p50 ${fmt(p.p50, 1)} ms, p99 ${fmt(p.p99, 1)} ms, max ${fmt(p.max, 1)} ms, ${p.failures} failed`;

/** 2,000 students who joined the assignment, each with a hand-in marked by the teacher. */
function seedClass(server: RunningServer, codes: string[], optOutOf: string | null) {
  const db = new Database(path.join(server.dataDir, 'markwise.db'));
  db.pragma('busy_timeout = 10000');
  const now = new Date().toISOString();
  const batch = crypto.randomBytes(3).toString('hex');
  try {
    const ids = codes.map(
      (code) =>
        (db.prepare('select id from assignment where code = ?').get(code) as { id: string }).id,
    );
    db.transaction(() => {
      const user = db.prepare(
        "insert into user (id, name, email, email_verified, image, role, created_at, updated_at) values (?, ?, ?, 1, null, 'student', ?, ?)",
      );
      const file = db.prepare(
        "insert into file (id, storage_key, original_name, media_type, size, sha256, owner_id, created_at) values (?, ?, 'answer.pdf', 'application/pdf', 1000, ?, ?, ?)",
      );
      const enrol = db.prepare(
        'insert into enrollment (assignment_id, student_id, joined_at) values (?, ?, ?)',
      );
      const submission = db.prepare(
        "insert into submission (id, assignment_id, student_id, file_id, submitted_at, marks, marks_source) values (?, ?, ?, ?, ?, ?, 'teacher')",
      );
      const optOut = db.prepare(
        'insert into mail_opt_out (user_id, kind, created_at) values (?, ?, ?)',
      );
      for (let i = 0; i < STUDENTS; i++) {
        const id = `bench-${batch}-${i}`;
        user.run(id, `Student ${i}`, `student-${batch}-${i}@bench.example`, now, now);
        if (optOutOf) optOut.run(id, optOutOf, now);
        for (const assignmentId of ids) {
          const fileId = crypto.randomUUID();
          file.run(fileId, `answers/${fileId}.pdf`, '0'.repeat(64), id, now);
          enrol.run(assignmentId, id, now);
          submission.run(crypto.randomUUID(), assignmentId, id, fileId, now, 5 + (i % 15));
        }
      }
    })();
  } finally {
    db.close();
  }
  return batch;
}

/** POST /api/assignments/:code/publish as the teacher: the answer and the time it took. */
async function publish(base: string, teacher: SeededUser, code: string) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/assignments/${code}/publish`, {
    method: 'POST',
    headers: { cookie: teacher.cookie, 'content-type': 'application/json' },
    body: '{}',
  });
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`publish failed: ${res.status} ${await res.text()}`);
  return { ms, body: (await res.json()) as { published: number } };
}

async function main() {
  const smtp = await countingSmtp();
  const server = await startServer({ LOG_LEVEL: 'error', SMTP_URL: smtp.url });
  try {
    const base = server.url;
    const health = `${base}/api/health`;
    const teacher = await signUpOverHttp(base, 'Bench Teacher', 'teacher');
    const pdf = await makePdf(['Q1. Explain photosynthesis. [20 marks]']);
    const quiet = await createAssignmentOverHttp(base, teacher, 1, pdf);
    const loud = await createAssignmentOverHttp(base, teacher, 2, pdf);
    seedClass(server, [quiet], 'marks_published');
    const batch = seedClass(server, [loud], null);
    const before = smtp.total();

    const rest = probe(health);
    await new Promise((r) => setTimeout(r, 5000));
    console.log(
      probeLine('reference: GET /api/health at rest (10 clients, 5 s)', await rest.stop()),
    );
    let during = probe(health);
    const ref = await publish(base, teacher, quiet);
    console.log(
      `reference: publish to ${ref.body.published} students who turned the email off: ${fmt(ref.ms)} ms (${fmt((1000 * ref.body.published) / ref.ms)} a second)`,
    );
    console.log(probeLine('reference: GET /api/health during that request', await during.stop()));

    during = probe(health);
    const started = performance.now();
    const pub = await publish(base, teacher, loud);
    console.log(
      `publish to ${pub.body.published} students, queueing ${pub.body.published} emails: ${fmt(pub.ms)} ms (${fmt((1000 * pub.body.published) / pub.ms)} a second; ${fmt((100 * pub.ms) / ref.ms)}% of the reference)`,
    );
    console.log(probeLine('GET /api/health during that request', await during.stop()));
    during = probe(health);
    const deadline = Date.now() + 10 * 60_000;
    const ours = () =>
      [...smtp.received.keys()].filter((a) => a.startsWith(`student-${batch}-`)).length;
    while (ours() < STUDENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const drainedMs = performance.now() - started;
    console.log(
      probeLine('GET /api/health while the mail drains (10 clients)', await during.stop()),
    );
    const got = ours();
    const twice = [...smtp.received.entries()].filter(
      ([a, n]) => a.startsWith(`student-${batch}-`) && n > 1,
    ).length;
    console.log(
      `SMTP server on 127.0.0.1 received ${got} of ${STUDENTS} (${twice} twice, ${smtp.total() - before - got} others) in ${fmt(drainedMs / 1000, 1)} s from the publish request: ${fmt((1000 * got) / drainedMs)} messages a second`,
    );
    if (got < STUDENTS) process.exitCode = 1;
  } finally {
    await server.stop();
    await smtp.stop();
  }
}

await main();
