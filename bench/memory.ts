/**
 * Peak memory of grading N one-page answer PDFs as one batch (default 1000), run in a fresh
 * process by bench/grading.ts so the figure is not mixed with the rest of the benchmark.
 */
import { createOcrEngine, extractDocument, gradeAnswers, prepareAssignment } from '../src/grading';
import { textPdf } from '../src/grading/testing/make-pdf';
import { loadDev } from './dev-data';

const n = Number(process.argv[2] ?? 1000);
const questions = loadDev();
const rows = questions.flatMap((q) => q.rows);
const q = questions[0]!;
const ocr = createOcrEngine();
const start = performance.now();
const modelAnswer = await extractDocument({ kind: 'pdf', bytes: await textPdf(q.model) }, { ocr });
const questionPaper = await extractDocument(
  { kind: 'pdf', bytes: await textPdf(q.question) },
  { ocr },
);
const prepared = prepareAssignment({ modelAnswer, questionPaper, totalMarks: 5 });
const answers = [];
for (let i = 0; i < n; i++) {
  const bytes = await textPdf(rows[i % rows.length]!.answer);
  answers.push({ id: String(i), document: await extractDocument({ kind: 'pdf', bytes }, { ocr }) });
}
const results = gradeAnswers(prepared, answers);
await ocr.terminate();
const seconds = (performance.now() - start) / 1000;
const peak = process.resourceUsage().maxRSS / 1024;
console.log(
  `peak memory (max RSS) rendering, extracting and grading ${results.length} answer PDFs as one batch: ${peak.toFixed(0)} MB (${seconds.toFixed(1)} s, run through tsx as the app is)`,
);
