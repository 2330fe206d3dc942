// `npm run bench:similarity`: the similar hand-ins report of a class of 500 two-page hand-ins
// (bench/similarity-data.ts: real student answers, the question paper and the model answer
// quoted as students do, 10 planted pairs that copy 40–85% of another hand-in and reword a third
// of it). The hand-ins are stored as the engine keeps them (each submission's reading, in a
// SQLite database) and the report is made by the same service the route calls, so the time is
// the route's: reading the texts from the database, then comparing them.
// Then the same class with the assignment set before in 5 earlier classes of 100 (1,000 hand-ins,
// the most one report compares), every reading made by OCR with its words' boxes as a scan's
// are: the report made afresh (nothing kept), asked again (kept), and one pair's detail. Printed
// beside them: the machine's load average (the figures are wall time on a shared machine), the
// time to just read the texts, and to read them by parsing each whole reading (as before).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeReading, encodeReading } from '../src/grading';
import { FLAG_SHARE, FLAG_WORDS, findSimilar } from '../src/grading/similarity';
import { migrateToLatest, openDatabase, type Db } from '../src/server/db/database';
import type { AssignmentRow } from '../src/server/modules/assignments/assignments.repository';
import type { Papers } from '../src/server/modules/similarity/similarity-papers';
import { readingTexts } from '../src/server/modules/similarity/similarity.repository';
import { forgetReports } from '../src/server/modules/similarity/similarity-reports';
import {
  compareHandIns,
  readPairDetail,
} from '../src/server/modules/similarity/similarity.service';
import type { CurrentUser } from '../src/server/auth/current-user';
import { SandboxPool } from '../src/server/sandbox/sandbox-pool';
import { benchClass } from './similarity-data';

const RUNS = 5;
const ms = (t: number) => `${t.toFixed(0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;

async function timed<T>(f: () => Promise<T>) {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t0 };
}

async function medianOf<T>(f: () => Promise<T>) {
  const times: number[] = [];
  let value: T | undefined;
  for (let i = 0; i < RUNS; i++) {
    const r = await timed(f);
    times.push(r.ms);
    value = r.value;
  }
  return { value: value!, ms: median(times) };
}

/** A page's reading; by OCR, every word with its box on the page (as a scan is kept). */
function page(text: string, n: number, ocr: boolean) {
  const words = text.split(/\s+/).filter(Boolean);
  return {
    number: n,
    text,
    source: ocr ? ('ocr' as const) : ('text' as const),
    ocrConfidence: ocr ? 0.91 : null,
    imageText: ocr ? text : '',
    hasImages: ocr,
    ...(ocr
      ? {
          words: words.map((w, i) => ({
            text: w,
            x: ((i % 12) * 0.08 + 0.02) * 0.999,
            y: Math.floor(i / 12) * 0.025 + 0.05,
            w: 0.012 * w.length,
            h: 0.018,
          })),
        }
      : {}),
  };
}

const reading = (pages: string[], ocr: boolean) =>
  encodeReading({
    status: 'ok',
    text: pages.join('\n'),
    ocrConfidence: ocr ? 0.91 : null,
    pages: pages.map((text, i) => page(text, i + 1, ocr)),
  });

type Stored = { db: Db; assignment: AssignmentRow; teacher: CurrentUser; paperSha: string };

/**
 * A database holding the classes, oldest first, each an assignment of one teacher on the same
 * question paper (so the last one compares with the earlier ones), with each student's hand-in.
 */
async function storeClasses(dir: string, classes: Array<Array<[string, string]>>, ocr: boolean) {
  const db = openDatabase({ kind: 'sqlite', file: path.join(dir, `bench-${ocr}.db`) });
  await migrateToLatest(db.kysely);
  const k = db.kysely;
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  const person = (name: string, role: 'teacher' | 'student') => ({
    id: crypto.randomUUID(),
    name,
    email: `${crypto.randomUUID()}@bench.test`,
    email_verified: 0,
    image: null,
    role,
    created_at: iso(now),
    updated_at: iso(now),
  });
  const file = (owner: string, sha256 = crypto.randomBytes(32).toString('hex')) => ({
    id: crypto.randomUUID(),
    storage_key: `bench/${crypto.randomUUID()}`,
    original_name: 'a.pdf',
    media_type: 'application/pdf',
    size: 1,
    sha256,
    owner_id: owner,
    created_at: iso(now),
  });
  const teacher = person('Bench Teacher', 'teacher');
  await k.insertInto('user').values(teacher).execute();
  const paperSha = crypto.randomBytes(32).toString('hex');
  let last: string | null = null;
  for (const [c, handIns] of classes.entries()) {
    const paper = file(teacher.id, paperSha);
    await k.insertInto('file').values(paper).execute();
    const created = iso(now - (classes.length - c) * 86_400_000);
    const assignment = {
      id: crypto.randomUUID(),
      code: `BENCH${c}`,
      title: `Similar hand-ins ${c}`,
      deadline: created,
      total_marks: 12,
      teacher_id: teacher.id,
      question_file_id: paper.id,
      model_answer_file_id: null,
      diagram_file_id: null,
      created_at: created,
      updated_at: created,
      regrade_deadline: null,
      questions: null,
      anonymous_salt: null,
      late_until: null,
    };
    await k.insertInto('assignment').values(assignment).execute();
    last = assignment.id;
    const students = handIns.map((_, i) => person(`Student ${c}.${i}`, 'student'));
    const files = students.map((s) => file(s.id));
    for (let i = 0; i < students.length; i += 100) {
      await k
        .insertInto('user')
        .values(students.slice(i, i + 100))
        .execute();
      await k
        .insertInto('file')
        .values(files.slice(i, i + 100))
        .execute();
      await k
        .insertInto('submission')
        .values(
          students.slice(i, i + 100).map((s, j) => ({
            id: c === classes.length - 1 ? `hand-in-${i + j}` : `earlier-${c}-${i + j}`,
            assignment_id: assignment.id,
            student_id: s.id,
            file_id: files[i + j]!.id,
            submitted_at: iso(now + i + j),
            marks: null,
            marks_source: null,
            ai_marks: null,
            ai_status: null,
            ai_result: null,
            graded_at: null,
            evaluation_run_id: null,
            reading: reading(handIns[i + j]!, ocr),
          })),
        )
        .execute();
    }
  }
  const assignment = (await k
    .selectFrom('assignment')
    .selectAll()
    .where('id', '=', last!)
    .executeTakeFirstOrThrow()) as AssignmentRow;
  const user = { id: teacher.id, name: teacher.name, role: 'teacher' } as CurrentUser;
  return { db, assignment, teacher: user, paperSha } satisfies Stored;
}

/** The report made afresh (nothing kept), asked again (kept), and reading the texts. */
async function measure(s: Stored, papers: Papers, pool: SandboxPool) {
  const compare = () => compareHandIns({ db: s.db, pool }, s.teacher, s.assignment, papers);
  forgetReports();
  await compare(); // warm: the first run also loads the code
  const fresh = await medianOf(async () => {
    forgetReports();
    return compare();
  });
  const kept = await medianOf(compare);
  const ids = (await s.db.kysely.selectFrom('submission').select('id').execute()).map((r) => r.id);
  const texts = await medianOf(() => readingTexts(s.db, ids));
  const parsed = await medianOf(async () => {
    const rows = await s.db.kysely.selectFrom('submission').select('reading').execute();
    return rows.map((r) => decodeReading(r.reading));
  });
  const bytes = await s.db.kysely
    .selectFrom('submission')
    .select((eb) => eb.fn.sum<number>(eb.fn('length', ['reading'])).as('n'))
    .executeTakeFirstOrThrow();
  return { fresh, kept, texts, parsed, readingBytes: Number(bytes.n) };
}

async function main() {
  const c = benchClass();
  const words = c.handIns.map((h) => h.join(' ').split(/\s+/).length);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-similarity-'));
  const alone = await storeClasses(dir, [c.handIns], false);
  const papers: Papers = {
    hashes: { question: alone.paperSha, model: null },
    ignore: [c.questionPaper, c.modelAnswer],
    states: [],
    key: 'bench',
  };
  // Compared in a reader process, as the route does (its start is not counted: warmed first).
  const pool = new SandboxPool({ size: 1, memoryMb: 1536 });
  const one = await measure(alone, { ...papers, hashes: { question: null, model: null } }, pool);
  const report = one.fresh.value.report;
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
  const low = findSimilar(texts, { ignore: papers.ignore, flagLine: { share: 0.02, words: 8 } });
  const closestFalse = low.pairs.find((p) => !isPlanted(p.a, p.b));
  const weakestPlanted = Math.min(...report.pairs.filter((p) => isPlanted(p.a, p.b)).map(top));
  const same = texts.map((t) => ({ ...t, text: texts[0]!.text }));
  const identical = await timed(async () => findSimilar(same, { ignore: papers.ignore }));
  await alone.db.kysely.destroy();

  // The same class after 5 earlier classes of 100 on the same paper, every page read by OCR.
  const earlier = [1, 2, 3, 4, 5].map((k) => benchClass(100, 12, 0, 24 + k).handIns);
  const many = await storeClasses(dir, [...earlier, c.handIns], true);
  const big = await measure(many, papers, pool);
  const inline = await medianOf(async () => {
    const ids = await many.db.kysely
      .selectFrom('submission')
      .select(['id', 'assignment_id'])
      .execute();
    const texts = await readingTexts(
      many.db,
      ids.map((r) => r.id),
    );
    return findSimilar(
      ids.map((r) => ({
        id: r.id,
        text: texts.get(r.id)!,
        person: r.id,
        current: r.assignment_id === many.assignment.id,
      })),
      { ignore: papers.ignore },
    );
  });
  const bigReport = big.fresh.value.report;
  const pair = bigReport.pairs[0]!;
  const detail = await medianOf(() => readPairDetail(many.db, big.kept.value, pair.a, pair.b));
  const earlierPairs = bigReport.pairs.filter((p) => p.b.startsWith('earlier-')).length;
  await many.db.kysely.destroy();
  await pool.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
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
    `report made (median of ${RUNS}): ${ms(one.fresh.ms)}   reference, reading the texts only: ${ms(one.texts.ms)}   (${load()})`,
  );
  console.log(
    `500 identical hand-ins:      ${identical.value.identical.length} group of ${identical.value.identical[0]?.length ?? 0}, ${identical.value.pairs.length} pairs, ${ms(identical.ms)}`,
  );
  console.log(
    `\nwith 5 earlier classes of 100 (1,000 hand-ins, the most compared), read by OCR with word boxes (${mb(big.readingBytes)} of readings):`,
  );
  console.log(
    `report made afresh:        ${ms(big.fresh.ms)}   pairs compared word by word: ${bigReport.checkedPairs}, pairs listed: ${bigReport.pairs.length} (${earlierPairs} with an earlier class)   (${load()})`,
  );
  console.log(
    `reference, compared on the server's own thread (no reader): ${ms(inline.ms)}   (${load()})`,
  );
  console.log(`report asked again (kept): ${ms(big.kept.ms)}   (${load()})`);
  console.log(`a pair's detail (kept):    ${ms(detail.ms)}`);
  console.log(
    `reading the texts:         ${ms(big.texts.ms)} (taken out of the JSON by SQLite)   reference, parsing each whole reading: ${ms(big.parsed.ms)}   (${load()})`,
  );
  const ok = found.length === c.planted.length && falsePairs.length === 0 && one.fresh.ms < 2000;
  if (!ok) process.exitCode = 1;
}

void main();
