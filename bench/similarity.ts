// `npm run bench:similarity`: the similar hand-ins report of a class of 500 two-page hand-ins
// (bench/similarity-data.ts: real student answers, the question paper and the model answer
// quoted as students do, 10 planted pairs that copy 40–85% of another hand-in and reword a third
// of it). The hand-ins are stored as the engine keeps them (each submission's reading, in a
// SQLite database) and the report is made by the same service the route calls, so the time is
// the route's: reading the texts from the database, then comparing them. Printed beside it:
// the time to just read the texts, and the same class with every hand-in identical.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeReading } from '../src/grading';
import { FLAG_SHARE, FLAG_WORDS, findSimilar } from '../src/grading/similarity';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import type { AssignmentRow } from '../src/server/modules/assignments/assignments.repository';
import { handInsOf } from '../src/server/modules/similarity/similarity.repository';
import { compareHandIns, readingText } from '../src/server/modules/similarity/similarity.service';
import type { CurrentUser } from '../src/server/auth/current-user';
import { benchClass } from './similarity-data';

const RUNS = 5;
const ms = (t: number) => `${t.toFixed(0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed<T>(f: () => Promise<T>) {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t0 };
}

const reading = (pages: string[]) =>
  encodeReading({
    status: 'ok',
    text: pages.join('\n'),
    ocrConfidence: null,
    pages: pages.map((text, i) => ({
      number: i + 1,
      text,
      source: 'text' as const,
      ocrConfidence: null,
      imageText: '',
      hasImages: false,
    })),
  });

/** A database holding the class: a teacher, an assignment, and each student's hand-in. */
async function storeClass(handIns: Array<[string, string]>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-similarity-'));
  const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.db') });
  await migrateToLatest(db.kysely);
  const now = new Date().toISOString();
  const person = (name: string, role: 'teacher' | 'student') => ({
    id: crypto.randomUUID(),
    name,
    email: `${crypto.randomUUID()}@bench.test`,
    email_verified: 0,
    image: null,
    role,
    created_at: now,
    updated_at: now,
  });
  const teacher = person('Bench Teacher', 'teacher');
  const students = handIns.map((_, i) => person(`Student ${i}`, 'student'));
  const k = db.kysely;
  await k.insertInto('user').values(teacher).execute();
  for (let i = 0; i < students.length; i += 200)
    await k
      .insertInto('user')
      .values(students.slice(i, i + 200))
      .execute();
  const assignment = {
    id: crypto.randomUUID(),
    code: 'BENCH24',
    title: 'Similar hand-ins',
    deadline: now,
    total_marks: 12,
    teacher_id: teacher.id,
    question_file_id: null,
    model_answer_file_id: null,
    diagram_file_id: null,
    created_at: now,
    updated_at: now,
    regrade_deadline: null,
    questions: null,
    anonymous_salt: null,
    late_until: null,
  };
  await k.insertInto('assignment').values(assignment).execute();
  const files = students.map((s) => ({
    id: crypto.randomUUID(),
    storage_key: `answer/${crypto.randomUUID()}`,
    original_name: 'answer.pdf',
    media_type: 'application/pdf',
    size: 1,
    sha256: crypto.randomBytes(32).toString('hex'),
    owner_id: s.id,
    created_at: now,
  }));
  const submissions = students.map((s, i) => ({
    id: `hand-in-${i}`,
    assignment_id: assignment.id,
    student_id: s.id,
    file_id: files[i]!.id,
    submitted_at: now,
    marks: null,
    marks_source: null,
    ai_marks: null,
    ai_status: null,
    ai_result: null,
    graded_at: null,
    evaluation_run_id: null,
    reading: reading(handIns[i]!),
  }));
  for (let i = 0; i < students.length; i += 100) {
    await k
      .insertInto('file')
      .values(files.slice(i, i + 100))
      .execute();
    await k
      .insertInto('submission')
      .values(submissions.slice(i, i + 100))
      .execute();
  }
  const row = (await k
    .selectFrom('assignment')
    .selectAll()
    .where('id', '=', assignment.id)
    .executeTakeFirstOrThrow()) as AssignmentRow;
  const user: CurrentUser = {
    id: teacher.id,
    name: teacher.name,
    email: teacher.email,
    role: 'teacher',
  } as CurrentUser;
  return { db, dir, assignment: row, teacher: user };
}

async function main() {
  const c = benchClass();
  const words = c.handIns.map((h) => h.join(' ').split(/\s+/).length);
  const { db, dir, assignment, teacher } = await storeClass(c.handIns);
  const papers = [c.questionPaper, c.modelAnswer];
  const read = async () =>
    (await handInsOf(db.kysely, [assignment.id])).map((r) => readingText(r.reading));
  const compare = () => compareHandIns(db.kysely, teacher, assignment, papers);
  await compare(); // warm: the first run also loads the code
  const readTimes: number[] = [];
  const reportTimes: number[] = [];
  let report = (await compare()).report;
  for (let i = 0; i < RUNS; i++) {
    readTimes.push((await timed(read)).ms);
    const r = await timed(compare);
    reportTimes.push(r.ms);
    report = r.value.report;
  }
  const id = (i: number) => `hand-in-${i}`;
  const isPlanted = (a: string, b: string) =>
    c.planted.some(([x, y]) => (a === id(x) && b === id(y)) || (a === id(y) && b === id(x)));
  const found = c.planted.filter(([x, y]) =>
    report.pairs.some(
      (p) => isPlanted(p.a, p.b) && [p.a, p.b].includes(id(x)) && [p.a, p.b].includes(id(y)),
    ),
  );
  const falsePairs = report.pairs.filter((p) => !isPlanted(p.a, p.b));
  const top = (p: { shareA: number; shareB: number }) => Math.max(p.shareA, p.shareB);
  // Below the line: the closest a pair that was not planted comes to it.
  const texts = c.handIns.map((h, i) => ({
    id: id(i),
    text: h.join('\n'),
    person: id(i),
    current: true,
  }));
  const low = findSimilar(texts, { ignore: papers, flagLine: { share: 0.02, words: 8 } });
  const closestFalse = low.pairs.find((p) => !isPlanted(p.a, p.b));
  const weakestPlanted = Math.min(...report.pairs.filter((p) => isPlanted(p.a, p.b)).map(top));
  const same = texts.map((t) => ({ ...t, text: texts[0]!.text }));
  const identical = await timed(async () => findSimilar(same, { ignore: papers }));

  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  console.log(
    `similar hand-ins: ${c.handIns.length} hand-ins of 2 pages, ${Math.min(...words)}–${Math.max(...words)} words (mean ${(words.reduce((a, b) => a + b, 0) / words.length).toFixed(0)})`,
  );
  console.log(
    `flag line: ${pct(FLAG_SHARE)} of either hand-in's own words and ${FLAG_WORDS} words shared`,
  );
  console.log(`planted pairs found:        ${found.length} of ${c.planted.length}`);
  console.log(`false pairs over the line:  ${falsePairs.length}`);
  console.log(`weakest planted pair:       ${pct(weakestPlanted)} shared`);
  console.log(
    `closest pair not planted:   ${closestFalse ? `${pct(top(closestFalse))} shared (${closestFalse.sharedWords} words)` : 'none over 2%'}`,
  );
  console.log(`common phrases ignored:     ${report.commonPhrases}`);
  console.log(
    `report time (median of ${RUNS}): ${ms(median(reportTimes))}   reference, reading the texts only: ${ms(median(readTimes))}`,
  );
  console.log(
    `500 identical hand-ins:      ${identical.value.identical.length} group of ${identical.value.identical[0]?.length ?? 0}, ${identical.value.pairs.length} pairs, ${ms(identical.ms)}`,
  );
  await db.kysely.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  const ok =
    found.length === c.planted.length && falsePairs.length === 0 && median(reportTimes) < 2000;
  if (!ok) process.exitCode = 1;
}

void main();
