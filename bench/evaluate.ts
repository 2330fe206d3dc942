// `npm run bench:evaluate`: Evaluate Now on a class whose students each handed in a one-page
// answer PDF, through the HTTP API of real Markwise processes, timed until the run has finished.
// 1. The default setup: one process, SQLite, local files, in-process queue (500 answers). Text
//    answers are read when they are handed in (the hand-in's time is printed), so Evaluate Now
//    analyses and grades; then the same run cold, every answer read from its file as answers
//    with pages to OCR are; and, as the reference, the engine alone in this process.
// 2. When TEST_DATABASE_URL is set: PostgreSQL and pg-boss, one web instance without a grading
//    worker, and first one then two `markwise worker` processes of one reader each, so that on
//    this one machine the second worker adds a core as a second machine would (2,000 answers,
//    each run cold: the kept readings are cleared before it).
// BENCH_SETUP=default or BENCH_SETUP=postgres runs only one of them.
// 3. BENCH_SETUP=scans (not run otherwise): the default setup with three classes of 500 one-page
//    scanned answers (BENCH_SCANS), photographed pages in printed and handwriting-style fonts
//    with scan damage: A handed in as the web app does (each student sees the reading first,
//    so it is kept), B straight through the API (each scan read as it arrives, in the readers'
//    spare time), C the same on a server with READ_ON_ARRIVAL=false (every scan read by OCR when
//    Evaluate Now is pressed: the readers' raw speed); BENCH_SCAN_FLOWS=app,api,cold picks some.
//    The native tesseract program reads them when it is installed (OCR_TESSERACT=off for
//    tesseract.js).
// The answers are real student answers of the dev split (seven questions of assignment 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startServer } from '../e2e/support/server';
import { startCluster, startWorker } from '../src/server/test/cluster';
import { createPostgresDatabase } from '../src/server/test/test-app';
import { gradeBatch } from '../src/grading';
import { classPapers, evaluateNow, seedClass } from './support/class-seed';
import { fonts, scanPage, scanPdf } from './support/scan-pages';
import { loadDev } from './dev-data';
import { findTesseract } from '../src/grading/ocr-native';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const PG_STUDENTS = Number(process.env.BENCH_PG_STUDENTS ?? 2000);
const SCANS = Number(process.env.BENCH_SCANS ?? 500);
/**
 * Which hand-in flows BENCH_SETUP=scans measures: `app` (reading shown first), `api` (read on
 * arrival), `cold` (read when Evaluate Now is pressed).
 */
const FLOWS = (process.env.BENCH_SCAN_FLOWS ?? 'app,api,cold').split(',');
const s = (ms: number) => (ms / 1000).toFixed(2);

function report(label: string, r: Awaited<ReturnType<typeof evaluateNow>>) {
  const { run } = r;
  console.log(
    `${label}: ${run.status}, ${run.done} graded + ${run.failed} unreadable of ${run.total}; ` +
      `202 in ${r.accepted.toFixed(0)} ms, first marks ${s(r.firstMarks)} s, all read ${s(r.allRead)} s, ` +
      `finished ${s(r.total)} s = ${(run.total / (r.total / 1000)).toFixed(1)} answers/s`,
  );
  if (run.status !== 'finished' || run.done + run.failed !== run.total) process.exitCode = 1;
}

function reportHandIns(handIns: number[]) {
  const sorted = [...handIns].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  console.log(
    `hand-in of a one-page answer (upload, checked and read; 8 students at a time): ` +
      `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`,
  );
}

/** The reference: the engine alone, reading and grading the same PDFs in this process, one core. */
async function engineAlone(papers: Awaited<ReturnType<typeof classPapers>>) {
  // Plain copies: a small Buffer is a view of a shared pool, which pdf.js must not take over.
  const pdf = (bytes: Buffer) => ({ kind: 'pdf' as const, bytes: new Uint8Array(bytes) });
  const t0 = performance.now();
  const results = await gradeBatch({
    modelAnswer: pdf(papers.modelAnswer),
    questionPaper: pdf(papers.questionPaper),
    totalMarks: papers.totalMarks,
    answers: papers.answers.map((bytes, i) => ({ id: String(i), input: pdf(bytes) })),
  });
  const ms = performance.now() - t0;
  console.log(
    `reference, the engine alone (one core, no server): ${results.length} read and graded in ${s(ms)} s`,
  );
}

async function defaultSetup() {
  // the cold run clears the kept readings: nothing may read them again in the background first
  const server = await startServer({ LOG_LEVEL: 'error', READ_ON_ARRIVAL: 'false' });
  const papers = await classPapers(STUDENTS);
  try {
    const t0 = performance.now();
    const seeded = await seedClass([server.url], STUDENTS, papers);
    console.log(`seeded ${STUDENTS} students in ${s(performance.now() - t0)} s`);
    reportHandIns(seeded.handIns);
    const cores = os.availableParallelism();
    report(`default setup (SQLite, ${cores} cores, target: under 3 s)`, await evaluateNow(seeded));
    const db = new Database(path.join(server.dataDir, 'markwise.db'));
    db.prepare('update submission set reading = null').run();
    db.close();
    report(
      `the same, cold (every answer read from its file when graded)`,
      await evaluateNow(seeded),
    );
  } finally {
    await server.stop();
  }
  await engineAlone(papers);
}

/**
 * 500 scanned one-page answers, each a file of its own (the reading cache is per file), drawn from
 * 24 distinct pages: 3 answers in each of the benchmark's fonts. Two classes on one server, each
 * with its own files: the first hands in as the web app does (the student sees what Markwise will
 * read, then confirms: her reading is kept), the second straight through the API (nothing read
 * before Evaluate Now).
 */
async function scans() {
  const questions = loadDev().filter((q) => q.assignment === '1');
  const fontList = fonts();
  const pages = Array.from({ length: Math.min(24, SCANS) }, (_, k) =>
    scanPage(
      questions.map((q, i) => `${i + 1}. ${q.rows[k % q.rows.length]!.answer}`).join(' '),
      fontList[k % fontList.length]!,
      5000 + k,
      // under the 500 kB upload limit with a page of grain
      50,
    ),
  );
  const scanned = async (klass: string) => {
    const papers = await classPapers(SCANS);
    papers.answers = await Promise.all(
      papers.answers.map(async (_, k) =>
        Buffer.from(await scanPdf(pages[k % pages.length]!, `${klass}, student ${k}`)),
      ),
    );
    return papers;
  };
  // two classes of 500 sign-ups from one address within minutes: the bench lifts the rate limit
  const server = await startServer({ LOG_LEVEL: 'error', LOGIN_RATE_LIMIT: '100000' });
  const cores = os.availableParallelism();
  const perPage = (ms: number) => `${(((ms / 1000) * cores) / SCANS).toFixed(2)} s a page a core`;
  try {
    const reader = findTesseract() ? `native tesseract (${findTesseract()})` : 'tesseract.js';
    console.log(`OCR by ${reader}, ${cores} cores, target: under 120 s from Evaluate Now`);
    if (FLOWS.includes('app')) await handedInAfterPreview();
    if (FLOWS.includes('api')) await handedInStraight();
    if (FLOWS.includes('cold')) await readAtEvaluateNow();
  } finally {
    await server.stop();
  }

  async function handedInAfterPreview() {
    const papers = await scanned('Class A');
    const mean = papers.answers.reduce((n, b) => n + b.length, 0) / papers.answers.length;
    const t0 = performance.now();
    const shown = await seedClass([server.url], SCANS, papers, { preview: true });
    const seeding = performance.now() - t0;
    const sorted = [...shown.previews].sort((x, y) => x - y);
    console.log(
      `class A: ${SCANS} students saw their reading, then handed in (${(mean / 1024).toFixed(0)} kB mean, 8 at a time) in ${s(seeding)} s = ${perPage(seeding)}; ` +
        `a reading shown in ${s(sorted[Math.floor(sorted.length / 2)]!)} s median, ${s(sorted[Math.floor(sorted.length * 0.95)]!)} s at p95`,
    );
    report(`class A, ${SCANS} scans read before hand-in`, await evaluateNow(shown));
  }

  async function handedInStraight() {
    const t0 = performance.now();
    const straight = await seedClass([server.url], SCANS, await scanned('Class B'));
    const handedIn = performance.now() - t0;
    const db = new Database(path.join(server.dataDir, 'markwise.db'), { readonly: true });
    const unread = db.prepare(
      `select count(*) as n from submission s join assignment a on a.id = s.assignment_id
       where a.code = ? and s.reading is null`,
    );
    // until every scan is read, or none was for a minute (given up: left to the run)
    let left = SCANS;
    let allRead = performance.now() - t0;
    for (;;) {
      const n = (unread.get(straight.code) as { n: number }).n;
      if (n < left) [left, allRead] = [n, performance.now() - t0];
      if (n === 0 || performance.now() - t0 - allRead > 60_000) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    db.close();
    console.log(
      `class B: ${SCANS} students handed in through the API alone in ${s(handedIn)} s; ` +
        `each scan read as it arrived: ${SCANS - left} read ${s(allRead - handedIn)} s after the last ` +
        `hand-in (${s(allRead)} s in all = ${perPage(allRead)})` +
        (left ? `; ${left} left to the run` : ''),
    );
    report(`class B, ${SCANS} scans read on arrival`, await evaluateNow(straight));
  }

  async function readAtEvaluateNow() {
    const cold = await startServer({
      LOG_LEVEL: 'error',
      LOGIN_RATE_LIMIT: '100000',
      READ_ON_ARRIVAL: 'false',
    });
    try {
      const t0 = performance.now();
      const straight = await seedClass([cold.url], SCANS, await scanned('Class C'));
      console.log(
        `class C (READ_ON_ARRIVAL=false): ${SCANS} students handed in through the API in ${s(performance.now() - t0)} s`,
      );
      const r = await evaluateNow(straight);
      report(`class C, ${SCANS} scans read when Evaluate Now is pressed`, r);
      console.log(`= ${perPage(r.total)} (target about 0.48)`);
    } finally {
      await cold.stop();
    }
  }
}

async function postgres() {
  const database = await createPostgresDatabase();
  // Every process reads the same files: one folder here, as a shared volume or S3 would be.
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-bench-files-'));
  // Each run is cold (its readings cleared first): nothing may read them in the background.
  const shared = {
    DATABASE_URL: database.url,
    FILES_DIR: files,
    LOG_LEVEL: 'error',
    READ_ON_ARRIVAL: 'false',
  };
  const cluster = await startCluster({
    webs: 1,
    workers: 1,
    // 2,000 sign-ups from one address within minutes: the bench lifts the sign-in rate limit.
    env: { ...shared, READER_PROCESSES: '1', LOGIN_RATE_LIMIT: '100000' },
  });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const t0 = performance.now();
    const seeded = await seedClass([cluster.webs[0]!.url], PG_STUDENTS);
    console.log(`seeded ${PG_STUDENTS} students on PostgreSQL in ${s(performance.now() - t0)} s`);
    const cold = () => client.query('update submission set reading = null');
    await cold();
    const one = await evaluateNow(seeded);
    report('PostgreSQL, 1 worker', one);
    cluster.workers.push(await startWorker({ ...shared, READER_PROCESSES: '1' }));
    await cold();
    const two = await evaluateNow(seeded);
    report('PostgreSQL, 2 workers', two);
    console.log(
      `2 workers / 1 worker: ${(one.total / two.total).toFixed(2)}× the answers per second`,
    );
  } finally {
    await client.end();
    await cluster.stop();
    await database.drop();
    fs.rmSync(files, { recursive: true, force: true });
  }
}

if (process.env.BENCH_SETUP === 'scans') await scans();
else {
  if (process.env.BENCH_SETUP !== 'postgres') await defaultSetup();
  if (process.env.TEST_DATABASE_URL && process.env.BENCH_SETUP !== 'default') await postgres();
  else console.log('TEST_DATABASE_URL is not set: the PostgreSQL figures are skipped.');
}
