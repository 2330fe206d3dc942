/**
 * Grading benchmark (`npm run bench:grading`): each dev assignment becomes a numbered question
 * paper, a model answer and a class of answer sheets, all rendered to PDFs, with adversarial
 * answers (answers to other questions, shuffled keywords, the question, a refusal) mixed into the
 * class. Each paper is graded as one batch through the app's path (extractDocument →
 * prepareAssignment → gradeAnswers). Prints agreement with the human marks (with and without
 * teacher calibration, PDF and plain text, cross-validated), the adversarial answers' marks and
 * flags, the error of flagged versus unflagged answers, speed and memory.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createOcrEngine, extractDocument, type ExtractedDocument } from '../src/grading';
import { textPdf } from '../src/grading/testing/make-pdf';
import { LAMBDA } from '../src/grading/model-weights';
import { LIST_MIN_MODEL_WORDS } from './adversarial';
import { mohlerQuestions, papersOf } from './corpora';
import { printOneQuestionAdversarial } from './adversarial-one';
import { printCrossCorpus } from './cross-corpus';
import { pearson, rmse } from './dev-data';
import { calibratedScore, outOfFold, samples, score, sharesOf, shippedFit } from './fit-model';
import { emptyTotals, gradePaper, sheetsOf, type PaperDocs, type RunTotals } from './paper-run';

const TEACHER_MARKED = 5;

function fmt(label: string, t: RunTotals): string {
  return `${label.padEnd(46)} r=${pearson(t.pred, t.gold).toFixed(3)}  RMSE=${rmse(t.pred, t.gold).toFixed(4)}  (n=${t.pred.length})`;
}

async function readAll<T>(items: T[], read: (t: T) => Promise<ExtractedDocument>) {
  const out: ExtractedDocument[] = [];
  for (const t of items) out.push(await read(t));
  return out;
}

function printAdversarial(t: RunTotals): void {
  console.log('\nAdversarial answers mixed into the real classes (PDF, no calibration):');
  const pct = (k: number, n: number) => `${((100 * k) / n).toFixed(1)}% (${k}/${n})`;
  for (const [kind, s] of t.kinds) {
    console.log(
      `${kind.padEnd(16)} n=${String(s.n).padStart(3)}  mean share of marks ${((100 * s.share) / s.n).toFixed(1)}%  flagged ${pct(s.flagged, s.n)}  at most 30% or flagged ${pct(s.caught, s.n)}`,
    );
  }
  console.log(
    `(keyword lists only for model answers of ${LIST_MIN_MODEL_WORDS}+ content words: ${t.kinds.get('keyword-list')!.n} of ${t.kinds.get('refusal')!.n} questions; a shorter model answer's words in any order are the terse answer itself)`,
  );
  const low = t.gold.map((g, i) => (g <= 1.5 ? i : -1)).filter((i) => i >= 0);
  const lowShare = low.reduce((s, i) => s + t.pred[i]! / 5, 0) / low.length;
  console.log(
    `real answers humans marked ≤ 1.5/5: n=${low.length}  mean share of marks ${(100 * lowShare).toFixed(1)}% (humans ${((100 * low.reduce((s, i) => s + t.gold[i]!, 0)) / low.length / 5).toFixed(1)}%)`,
  );
  const mae = (flag: boolean) => {
    const idx = t.flagged.map((f, i) => (f === flag ? i : -1)).filter((i) => i >= 0);
    const e = idx.reduce((s, i) => s + Math.abs(t.pred[i]! - t.gold[i]!), 0) / idx.length;
    return `${e.toFixed(3)} (n=${idx.length})`;
  };
  console.log(
    `mean absolute error of real answers (0..5): flagged for review ${mae(true)}, not flagged ${mae(false)}`,
  );
}

async function main(): Promise<void> {
  const papers = papersOf(mohlerQuestions());
  const count = papers.reduce(
    (s, p) => s + p.questions.reduce((n, q) => n + q.answers.length, 0),
    0,
  );
  const sheets = papers.map(sheetsOf);
  const sheetCount = sheets.reduce((s, x) => s + x.students.length + x.adversarial.length, 0);
  console.log(
    `Markwise grading benchmark: ${count} answers to ${papers.reduce((s, p) => s + p.questions.length, 0)} questions in ${papers.length} papers (asag-mohler dev), ${sheetCount} answer sheets with the adversarial ones`,
  );
  const t0 = performance.now();
  const pdfs = [];
  for (const [k, p] of papers.entries()) {
    pdfs.push({
      paper: await textPdf(p.paperText),
      model: await textPdf(p.modelText),
      students: await Promise.all(sheets[k]!.students.map(textPdf)),
      adversarial: await Promise.all(sheets[k]!.adversarial.map(textPdf)),
    });
  }
  console.log(
    `rendered ${sheetCount + 2 * papers.length} PDFs in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const ocr = createOcrEngine();
  const pdf = emptyTotals();
  const pdfCal = emptyTotals();
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const pdfDocs: PaperDocs[] = [];
  for (const [k, p] of papers.entries()) {
    const read = (bytes: Uint8Array) => extractDocument({ kind: 'pdf', bytes }, { ocr });
    const b = pdfs[k]!;
    const docs: PaperDocs = {
      paper: await read(b.paper),
      model: await read(b.model),
      students: await readAll(b.students, read),
      adversarial: await readAll(b.adversarial, read),
    };
    pdfDocs.push(docs);
    gradePaper(p, docs, pdf);
  }
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - wall) / 1000;
  await ocr.terminate();
  papers.forEach((p, k) => gradePaper(p, pdfDocs[k]!, pdfCal, TEACHER_MARKED));

  const text = emptyTotals();
  const textCpu = process.cpuUsage();
  for (const [k, p] of papers.entries()) {
    const read = (t: string) => extractDocument({ kind: 'text', text: t });
    gradePaper(
      p,
      {
        paper: await read(p.paperText),
        model: await read(p.modelText),
        students: await readAll(sheets[k]!.students, read),
        adversarial: await readAll(sheets[k]!.adversarial, read),
      },
      text,
    );
  }
  const textUsed = process.cpuUsage(textCpu);

  console.log('\nAgreement with the human marks (score_avg, 0..5 per question), shipped model:');
  console.log(fmt('PDF, no calibration', pdf));
  console.log(fmt(`PDF, ${TEACHER_MARKED} teacher-marked sheets/paper (others only)`, pdfCal));
  console.log(fmt('plain text, no calibration', text));
  const same = pdf.pred.filter((p, i) => p === text.pred[i]).length;
  console.log(`PDF and plain text give the same marks for ${same}/${pdf.pred.length} answers`);
  printAdversarial(pdf);

  console.log('\nCross-validated (model refitted without the held-out group, rules applied):');
  const data = samples(mohlerQuestions());
  const gold = data.map((r) => r.y);
  for (const key of ['assignment', 'question'] as const) {
    const oof = outOfFold(data, key, shippedFit(LAMBDA));
    const s = score(sharesOf(oof), gold);
    const cal = [1, 2, 3, 4, 5].map((seed) => calibratedScore(data, oof, TEACHER_MARKED, seed));
    const mean = (f: (x: { r: number; rmse: number }) => number): string =>
      (cal.reduce((a, c) => a + f(c), 0) / cal.length).toFixed(4);
    const chosen = calibratedScore(data, oof, TEACHER_MARKED, 'suggested');
    console.log(
      `leave-one-${key}-out`.padEnd(28) +
        `r=${s.r.toFixed(4)} RMSE=${s.rmse.toFixed(4)} | with ${TEACHER_MARKED} teacher marks per question: random (mean of 5 picks) r=${mean((c) => c.r)} RMSE=${mean((c) => c.rmse)}; the ${TEACHER_MARKED} suggested (--suggest) r=${chosen.r.toFixed(4)} RMSE=${chosen.rmse.toFixed(4)}`,
    );
  }

  if (!process.argv.includes('--mohler-only')) {
    printOneQuestionAdversarial();
    printCrossCorpus(LAMBDA);
  }

  const cpuSeconds = (used.user + used.system) / 1e6;
  console.log('\nSpeed (one process; pdf.js runs on the main thread):');
  console.log(
    `PDF extraction + grading: ${sheetCount} answer sheets in ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU → ${(sheetCount / cpuSeconds).toFixed(0)} sheets/s per core`,
  );
  console.log(
    `plain text: ${(sheetCount / ((textUsed.user + textUsed.system) / 1e6)).toFixed(0)} sheets/s per core (${count} answers)`,
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
