/**
 * Mathematics benchmark (`npm run bench:maths`, issue 25): the labelled set of `bench/data/maths/`
 * (kinematics, circuits, chemistry amounts, algebra) graded through the app's path. Each question
 * is an assignment: its paper and model answer are typed PDFs, prepared with the question's
 * tolerance and wrong-unit share; its answers are graded as one class twice, once as typed PDFs
 * (text layer) and once as scanned pages read by OCR. Prints per variant the teacher's and the
 * engine's mean share and how often the engine meets the variant's criterion, the AUC of right
 * against wrong answers, the targets with PASS or FAIL, and the engine's time per answer.
 * `--cases` also lists every answer that misses its criterion; `--fresh-ocr` ignores the kept
 * OCR readings in bench/out/ (they make the OCR column take seconds instead of minutes).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createOcrEngine,
  extractDocument,
  gradeAnswers,
  type AnswerResult,
  type ExtractedDocument,
  type MathsFinding,
  type OcrEngine,
} from '../src/grading';
import { loadMathsSet, pageText, prepareQuestion, type MathsQuestion } from './maths-data';
import { auc, meets, targetLines, variantTable, type Outcome } from './maths-score';
import { cachedOcr, scannedPdf, typedPdf } from './support/maths-pages';

const OCR_CACHE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'out',
  'maths-ocr-cache.json',
);

type Pages = { paper: Uint8Array; model: Uint8Array; typed: Uint8Array[]; scanned: Uint8Array[] };
type Timing = { read: number; grade: number; answers: number };

/** The share of the labelled part's marks (or the whole question's) in one result. */
function shareOf(result: AnswerResult, part: string | undefined): number | null {
  if (result.status !== 'graded') return null;
  if (!part) return result.total ? result.marks / result.total : 0;
  const q = result.questions.find((x) => x.number === part);
  if (!q)
    throw new Error(`The engine found no part ${part}; the data checks should have caught it.`);
  return q.total ? q.marks / q.total : 0;
}

/** What the engine read for each mathematical key point of the labelled part (or every part). */
function findingsOf(result: AnswerResult, part: string | undefined): MathsFinding[] {
  if (result.status !== 'graded') return [];
  return result.questions.filter((q) => !part || q.number === part).flatMap((q) => q.maths ?? []);
}

async function renderQuestion(q: MathsQuestion): Promise<Pages> {
  return {
    paper: typedPdf(q.question),
    model: typedPdf(q.model),
    typed: q.answers.map((a) => typedPdf(a.text)),
    scanned: await Promise.all(q.answers.map((a) => scannedPdf(a.text))),
  };
}

async function readAll(pdfs: Uint8Array[], ocr: OcrEngine, t: Timing) {
  const start = performance.now();
  const docs: ExtractedDocument[] = [];
  for (const bytes of pdfs) docs.push(await extractDocument({ kind: 'pdf', bytes }, { ocr }));
  t.read += performance.now() - start;
  return docs;
}

type Graded = { share: number | null; findings: MathsFinding[] };

/** Grades one question's class from its pages; returns each answer's share and findings in order. */
async function gradeClass(
  q: MathsQuestion,
  pages: Pages,
  answers: Uint8Array[],
  ocr: OcrEngine,
  t: Timing,
): Promise<Graded[]> {
  const read = (bytes: Uint8Array) => extractDocument({ kind: 'pdf', bytes }, { ocr });
  const prepared = prepareQuestion(q, await read(pages.paper), await read(pages.model));
  const docs = await readAll(answers, ocr, t);
  const start = performance.now();
  const results = gradeAnswers(
    prepared,
    docs.map((document, i) => ({ id: q.answers[i]!.id, document })),
  );
  t.grade += performance.now() - start;
  t.answers += docs.length;
  return results.map((r, i) => ({
    share: shareOf(r, q.answers[i]!.part),
    findings: findingsOf(r, q.answers[i]!.part),
  }));
}

function printCases(outcomes: Outcome[]): void {
  console.log('\nAnswers that miss their criterion (teacher | typed | OCR):');
  for (const o of outcomes) {
    const typedOk = meets(o.answer, o.typed);
    const ocrOk = meets(o.answer, o.ocr);
    if (typedOk && ocrOk) continue;
    const f = (x: number | null) => (x === null ? 'unread' : x.toFixed(2));
    const part = o.answer.part ? ` part ${o.answer.part}` : '';
    console.log(
      `${typedOk ? ' ' : 'T'}${ocrOk ? ' ' : 'O'} ${o.answer.id} (${o.answer.variant}${part}) ` +
        `${o.answer.share.toFixed(2)} | ${f(o.typed)} | ${f(o.ocr)}: ${pageText(o.answer.text).replace(/\n/g, ' ⏎ ')}`,
    );
    if (!typedOk)
      for (const m of o.typedFindings)
        console.log(`     ${m.expected} → read ${m.read ?? 'nothing'}: ${m.verdict} ${m.credit}`);
  }
}

const perAnswer = (t: Timing, key: 'read' | 'grade') => `${(t[key] / t.answers).toFixed(1)} ms`;

async function main(): Promise<void> {
  const set = loadMathsSet();
  const count = set.reduce((s, q) => s + q.answers.length, 0);
  const topics = [...new Set(set.map((q) => q.topic))].join(', ');
  console.log(
    `Markwise mathematics benchmark: ${count} answers to ${set.length} questions (${topics})`,
  );

  const renderStart = performance.now();
  const pages: Pages[] = [];
  for (const q of set) pages.push(await renderQuestion(q));
  console.log(
    `rendered ${2 * count + 2 * set.length} PDFs in ${((performance.now() - renderStart) / 1000).toFixed(1)} s`,
  );

  const tesseract = createOcrEngine();
  const ocr = cachedOcr(tesseract, process.argv.includes('--fresh-ocr') ? null : OCR_CACHE);
  const typedTime: Timing = { read: 0, grade: 0, answers: 0 };
  const ocrTime: Timing = { read: 0, grade: 0, answers: 0 };
  const outcomes: Outcome[] = [];
  try {
    for (const [k, q] of set.entries()) {
      const typed = await gradeClass(q, pages[k]!, pages[k]!.typed, ocr, typedTime);
      const scanned = await gradeClass(q, pages[k]!, pages[k]!.scanned, ocr, ocrTime);
      q.answers.forEach((answer, i) =>
        outcomes.push({
          question: q.id,
          answer,
          typed: typed[i]!.share,
          ocr: scanned[i]!.share,
          typedFindings: typed[i]!.findings,
        }),
      );
    }
  } finally {
    await ocr.terminate();
  }
  ocr.save();

  console.log('\nShare of the marks per variant, each class graded as one batch:');
  for (const line of variantTable(outcomes)) console.log(line);
  console.log(
    `\nAUC, right and equivalent against wrong sign, magnitude and value: typed ${auc(outcomes, 'typed').toFixed(3)}, OCR ${auc(outcomes, 'ocr').toFixed(3)}`,
  );
  console.log('\nIssue 25 targets (typed pages):');
  for (const line of targetLines(outcomes)) console.log(line);
  console.log(
    `\nTime per answer: typed pages read ${perAnswer(typedTime, 'read')}, graded ${perAnswer(typedTime, 'grade')}; ` +
      `scanned pages read ${perAnswer(ocrTime, 'read')} (OCR: ${ocr.hits()} readings kept in bench/out/, ${ocr.misses()} read now), graded ${perAnswer(ocrTime, 'grade')}`,
  );
  if (process.argv.includes('--cases')) printCases(outcomes);
}

await main();
