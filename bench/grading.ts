/**
 * Grading benchmark (`npm run bench:grading`): renders every dev answer, model answer and
 * question into PDFs, grades each question's answers as one batch through the app's path
 * (extractDocument → prepareAssignment → gradeAnswers), and prints agreement with the human
 * marks, with and without teacher calibration, on PDFs and on plain text, plus speed and memory.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createOcrEngine,
  extractDocument,
  gradeAnswers,
  prepareAssignment,
  type AnswerResult,
  type ExtractedDocument,
} from '../src/grading';
import { textPdf } from '../src/grading/testing/make-pdf';
import { LAMBDA } from '../src/grading/model-weights';
import { loadDev, pearson, rmse, type DevQuestion } from './dev-data';
import { calibratedScore, outOfFold, pick, samples, score, shippedFit } from './fit-model';

const TEACHER_MARKED = 5;
const SEED = 1;

type Rendered = { q: DevQuestion; model: Uint8Array; question: Uint8Array; answers: Uint8Array[] };
type Totals = { pred: number[]; gold: number[]; predCal: number[]; goldCal: number[] };

function fmt(label: string, pred: number[], gold: number[]): string {
  return `${label.padEnd(44)} r=${pearson(pred, gold).toFixed(3)}  RMSE=${rmse(pred, gold).toFixed(3)}  (n=${pred.length})`;
}

function marksOf(r: AnswerResult): number {
  return r.status === 'graded' ? (r.marks / r.total) * 5 : 0;
}

/** Grades one question's batch twice (without and with teacher marks) and adds to the totals. */
function gradeQuestion(
  q: DevQuestion,
  model: ExtractedDocument,
  question: ExtractedDocument,
  docs: ExtractedDocument[],
  totals: Totals,
): void {
  const prepared = prepareAssignment({
    modelAnswer: model,
    questionPaper: question,
    totalMarks: 5,
  });
  const answers = docs.map((document, i) => ({ id: String(i), document }));
  gradeAnswers(prepared, answers).forEach((r, i) => {
    totals.pred.push(marksOf(r));
    totals.gold.push(q.rows[i]!.score_avg);
  });
  const marked = pick(
    q.rows.length,
    TEACHER_MARKED,
    SEED + q.rows.length * 1000 + Number(q.id.replace('.', '')),
  );
  const teacherMarks = [...marked].map((i) => ({ id: String(i), marks: q.rows[i]!.score_avg }));
  gradeAnswers(prepared, answers, { teacherMarks }).forEach((r, i) => {
    if (marked.has(i)) return;
    totals.predCal.push(marksOf(r));
    totals.goldCal.push(q.rows[i]!.score_avg);
  });
}

async function main(): Promise<void> {
  const questions = loadDev();
  const count = questions.reduce((s, q) => s + q.rows.length, 0);
  console.log(
    `Markwise grading benchmark: ${count} answers to ${questions.length} questions (asag-mohler dev)`,
  );
  const t0 = performance.now();
  const rendered: Rendered[] = [];
  for (const q of questions) {
    rendered.push({
      q,
      model: await textPdf(q.model),
      question: await textPdf(q.question),
      answers: await Promise.all(q.rows.map((r) => textPdf(r.answer))),
    });
  }
  console.log(
    `rendered ${count + 2 * questions.length} PDFs in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const ocr = createOcrEngine();
  const pdf: Totals = { pred: [], gold: [], predCal: [], goldCal: [] };
  let cpu = process.cpuUsage();
  let wall = performance.now();
  let unreadable = 0;
  for (const { q, model, question, answers } of rendered) {
    const docs: ExtractedDocument[] = [];
    for (const bytes of answers) docs.push(await extractDocument({ kind: 'pdf', bytes }, { ocr }));
    unreadable += docs.filter((d) => d.status !== 'ok').length;
    gradeQuestion(
      q,
      await extractDocument({ kind: 'pdf', bytes: model }, { ocr }),
      await extractDocument({ kind: 'pdf', bytes: question }, { ocr }),
      docs,
      pdf,
    );
  }
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  wall = (performance.now() - wall) / 1000;
  await ocr.terminate();

  const text: Totals = { pred: [], gold: [], predCal: [], goldCal: [] };
  cpu = process.cpuUsage();
  for (const q of questions) {
    const docs = await Promise.all(
      q.rows.map((r) => extractDocument({ kind: 'text', text: r.answer })),
    );
    gradeQuestion(
      q,
      await extractDocument({ kind: 'text', text: q.model }),
      await extractDocument({ kind: 'text', text: q.question }),
      docs,
      text,
    );
  }
  const textCpu = process.cpuUsage(cpu);

  console.log('\nAgreement with the human marks (score_avg, 0..5), shipped model:');
  console.log(fmt('PDF, no calibration', pdf.pred, pdf.gold));
  console.log(
    fmt(`PDF, ${TEACHER_MARKED} teacher marks/question (others only)`, pdf.predCal, pdf.goldCal),
  );
  console.log(fmt('plain text, no calibration', text.pred, text.gold));
  console.log(
    fmt(`plain text, ${TEACHER_MARKED} teacher marks/question`, text.predCal, text.goldCal),
  );
  const same = pdf.pred.filter((p, i) => p === text.pred[i]).length;
  console.log(
    `PDF and plain text give the same marks for ${same}/${pdf.pred.length} answers; unreadable PDFs: ${unreadable}`,
  );

  console.log(
    '\nCross-validated (model refitted without the held-out assignment, plain-text features):',
  );
  const data = samples(questions);
  const gold = data.map((r) => r.y);
  for (const key of ['assignment', 'question'] as const) {
    const oof = outOfFold(data, key, shippedFit(LAMBDA));
    const s = score(oof, gold);
    const cal = [1, 2, 3, 4, 5].map((seed) => calibratedScore(data, oof, TEACHER_MARKED, seed));
    const mean = (f: (x: { r: number; rmse: number }) => number): string =>
      (cal.reduce((a, c) => a + f(c), 0) / cal.length).toFixed(3);
    console.log(
      `leave-one-${key}-out`.padEnd(28) +
        `r=${s.r.toFixed(3)} RMSE=${s.rmse.toFixed(3)} | with ${TEACHER_MARKED} teacher marks (mean of 5 picks) r=${mean((c) => c.r)} RMSE=${mean((c) => c.rmse)}`,
    );
  }

  console.log('\nSpeed (one process; pdf.js runs on the main thread):');
  console.log(
    `PDF extraction + grading: ${count} answers in ${wall.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU → ${(count / cpuSeconds).toFixed(0)} answers/s per core (grading runs twice per batch: with and without calibration)`,
  );
  console.log(
    `plain text: ${(count / ((textCpu.user + textCpu.system) / 1e6)).toFixed(0)} answers/s per core`,
  );
  const mem = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL('./memory.ts', import.meta.url)), '1000'],
    { encoding: 'utf8' },
  );
  console.log(
    mem.status === 0 ? mem.stdout.trim() : `memory run failed: ${mem.stderr.slice(0, 500)}`,
  );
}

await main();
