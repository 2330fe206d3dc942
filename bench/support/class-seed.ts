/** A class of students who each hand in a one-page answer, seeded through the HTTP API. */
import { makePdf } from '../../src/grading/testing/make-pdf';
import { loadDev } from '../dev-data';
import {
  createAssignmentOverHttp,
  inBatches,
  joinOverHttp,
  multipartBody,
  signUpOverHttp,
  type SeededUser,
} from './http-seed';

/**
 * A seeded class: the teacher's session, the assignment's code, and how long each hand-in took
 * (the answer's upload, checked and read, until its 201).
 */
export type SeededClass = {
  teacher: SeededUser;
  code: string;
  base: string;
  handIns: number[];
  previews: number[];
};

/**
 * Seven questions of the dev split's assignment 1 as one paper, and `students` answer PDFs made
 * of real student answers (cycling through the dev rows).
 */
export async function classPapers(students: number) {
  const questions = loadDev().filter((q) => q.assignment === '1');
  const numbered = (text: (q: (typeof questions)[number]) => string) =>
    questions.map((q, i) => `${i + 1}. ${text(q).replace(/\s+/g, ' ')}`).join('\n');
  return {
    totalMarks: questions.length * 5,
    questionPaper: Buffer.from(
      await makePdf([{ text: numbered((q) => `${q.question} [5 marks]`) }]),
    ),
    modelAnswer: Buffer.from(await makePdf([{ text: numbered((q) => q.model) }])),
    answers: await Promise.all(
      Array.from({ length: students }, async (_, k) =>
        Buffer.from(await makePdf([{ text: numbered((q) => q.rows[k % q.rows.length]!.answer) }])),
      ),
    ),
  };
}

/**
 * Seeds the class through the given instances (students spread over them). With `preview`, each
 * student first asks what Markwise will read from her file, as the web app's hand-in dialog does
 * before she confirms; `previews` are those requests' times.
 */
export async function seedClass(
  bases: string[],
  students: number,
  papers?: Awaited<ReturnType<typeof classPapers>>,
  opts: { preview?: boolean } = {},
): Promise<SeededClass> {
  papers ??= await classPapers(students);
  const base = bases[0]!;
  const teacher = await signUpOverHttp(base, 'Bench Teacher', 'teacher');
  const code = await createAssignmentOverHttp(base, teacher, 0, papers.questionPaper, {
    modelAnswer: papers.modelAnswer,
    totalMarks: papers.totalMarks,
  });
  const previews: number[] = [];
  const handIns = await inBatches(papers.answers, 8 * bases.length, async (pdf, i) => {
    const at = bases[i % bases.length]!;
    const s = await signUpOverHttp(at, `Student ${i}`, 'student');
    await joinOverHttp(at, s, code);
    const { body, contentType } = multipartBody('answer', 'answer.pdf', pdf);
    if (opts.preview) {
      const p0 = performance.now();
      const shown = await fetch(`${at}/api/assignments/${code}/submission/reading`, {
        method: 'POST',
        headers: { origin: at, cookie: s.cookie, 'content-type': contentType },
        body,
      });
      if (shown.status !== 200) throw new Error(`reading preview failed: ${shown.status}`);
      previews.push(performance.now() - p0);
    }
    const t0 = performance.now();
    const res = await fetch(`${at}/api/assignments/${code}/submission`, {
      method: 'POST',
      headers: { origin: at, cookie: s.cookie, 'content-type': contentType },
      body,
    });
    if (res.status !== 201) throw new Error(`submission failed: ${res.status}`);
    return performance.now() - t0;
  });
  return { teacher, code, base, handIns, previews };
}

type Run = { status: string; total: number; read: number; done: number; failed: number };

/** Presses Evaluate Now and waits for the run to end; times in ms from the press. */
export async function evaluateNow({ teacher, code, base }: SeededClass) {
  const headers = { origin: base, cookie: teacher.cookie };
  const t0 = performance.now();
  const start = await fetch(`${base}/api/assignments/${code}/evaluations`, {
    method: 'POST',
    headers,
  });
  if (start.status !== 202)
    throw new Error(`Evaluate Now failed: ${start.status} ${await start.text()}`);
  const accepted = performance.now() - t0;
  let run: Run;
  let allRead: number | undefined;
  let firstMarks: number | undefined;
  for (;;) {
    const res = await fetch(`${base}/api/assignments/${code}/evaluations/latest`, { headers });
    run = ((await res.json()) as { run: Run }).run;
    const now = performance.now() - t0;
    if (allRead === undefined && run.read === run.total) allRead = now;
    if (firstMarks === undefined && run.done > 0) firstMarks = now;
    if (run.status !== 'queued' && run.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const total = performance.now() - t0;
  return { run, accepted, allRead: allRead ?? total, firstMarks: firstMarks ?? total, total };
}
