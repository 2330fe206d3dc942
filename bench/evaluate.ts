// `npm run bench:evaluate`: one assignment, 500 students who each hand in a one-page answer PDF,
// all through the HTTP API of a real Markwise process (SQLite, local files, in-process queue);
// then "Evaluate Now" and the time until the run has finished.
// The answers are real student answers of the dev split (seven questions of assignment 1).
import { makePdf } from '../src/grading/testing/make-pdf';
import { startServer } from '../e2e/support/server';
import { loadDev } from './dev-data';
import {
  createAssignmentOverHttp,
  inBatches,
  joinOverHttp,
  multipartBody,
  signUpOverHttp,
} from './support/http-seed';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);

async function main() {
  const questions = loadDev().filter((q) => q.assignment === '1');
  const numbered = (text: (q: (typeof questions)[number]) => string) =>
    questions.map((q, i) => `${i + 1}. ${text(q).replace(/\s+/g, ' ')}`).join('\n');
  const questionPaper = Buffer.from(
    await makePdf([{ text: numbered((q) => `${q.question} [5 marks]`) }]),
  );
  const modelAnswer = Buffer.from(await makePdf([{ text: numbered((q) => q.model) }]));
  const answers = await Promise.all(
    Array.from({ length: STUDENTS }, async (_, k) =>
      Buffer.from(await makePdf([{ text: numbered((q) => q.rows[k % q.rows.length]!.answer) }])),
    ),
  );

  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    const base = server.url;
    const teacher = await signUpOverHttp(base, 'Bench Teacher', 'teacher');
    const code = await createAssignmentOverHttp(base, teacher, 0, questionPaper, {
      modelAnswer,
      totalMarks: questions.length * 5,
    });
    let t0 = performance.now();
    await inBatches(answers, 8, async (pdf, i) => {
      const s = await signUpOverHttp(base, `Student ${i}`, 'student');
      await joinOverHttp(base, s, code);
      const { body, contentType } = multipartBody('answer', 'answer.pdf', pdf);
      const res = await fetch(`${base}/api/assignments/${code}/submission`, {
        method: 'POST',
        headers: { origin: base, cookie: s.cookie, 'content-type': contentType },
        body,
      });
      if (res.status !== 201) throw new Error(`submission failed: ${res.status}`);
    });
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    console.log(
      `seeded ${STUDENTS} students with one submitted answer each in ${seconds(performance.now() - t0)} s`,
    );

    const headers = { origin: base, cookie: teacher.cookie };
    t0 = performance.now();
    const start = await fetch(`${base}/api/assignments/${code}/evaluations`, {
      method: 'POST',
      headers,
    });
    if (start.status !== 202)
      throw new Error(`Evaluate Now failed: ${start.status} ${await start.text()}`);
    const accepted = performance.now() - t0;
    type Run = { status: string; total: number; read: number; done: number; failed: number };
    let run: Run;
    let allRead: number | undefined;
    for (;;) {
      const res = await fetch(`${base}/api/assignments/${code}/evaluations/latest`, { headers });
      run = ((await res.json()) as { run: Run }).run;
      if (allRead === undefined && run.read === run.total) allRead = performance.now() - t0;
      if (run.status !== 'queued' && run.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const total = performance.now() - t0;
    console.log(`Evaluate Now answered 202 in ${accepted.toFixed(0)} ms`);
    console.log(`run ${run.status}: ${run.done} graded, ${run.failed} unreadable of ${run.total}`);
    console.log(
      `all answers read after ${seconds(allRead ?? total)} s; run finished after ${seconds(total)} s`,
    );
    console.log(
      `${(run.total / (total / 1000)).toFixed(1)} submissions per second (target: ${STUDENTS} in under 10 s)`,
    );
    if (run.status !== 'finished' || run.done + run.failed !== STUDENTS) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
