import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makePdf } from '../../src/grading/testing/make-pdf';
import { messages } from '../../src/shared/messages';
import { newContext, signUpInContext } from './browser';

/** A one-page PDF with the given text (an empty string gives a page the engine cannot read). */
export async function pdfOf(text: string): Promise<Buffer> {
  return Buffer.from(await makePdf([{ text }]));
}

const pdfPart = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });

/** Creates an assignment through the API inside the teacher's page (its session) and returns the class code. */
export async function createAssignmentInPage(
  page: Page,
  baseURL: string,
  opts: {
    title: string;
    totalMarks: number;
    questionPaper: Buffer;
    modelAnswer: Buffer;
    keywords?: string;
  },
): Promise<string> {
  const res = await page.request.post('/api/assignments', {
    headers: { origin: new URL(baseURL).origin },
    multipart: {
      title: opts.title,
      description: 'Answer both questions in full sentences.',
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
      totalMarks: String(opts.totalMarks),
      diagramKeywords: opts.keywords ?? '',
      questionPaper: pdfPart('question.pdf', opts.questionPaper),
      modelAnswer: pdfPart('model.pdf', opts.modelAnswer),
    },
  });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { code: string }).code;
}

/** Joins the assignment and hands in the answer PDF as the page's (student) user. */
export async function joinAndSubmit(page: Page, baseURL: string, code: string, answer: Buffer) {
  const headers = { origin: new URL(baseURL).origin };
  const joined = await page.request.post('/api/assignments/join', { headers, data: { code } });
  if (!joined.ok()) throw new Error(`join failed: ${joined.status()} ${await joined.text()}`);
  const res = await page.request.post(`/api/assignments/${code}/submission`, {
    headers,
    multipart: { answer: pdfPart('answer.pdf', answer) },
  });
  if (res.status() !== 201) throw new Error(`submit failed: ${res.status()} ${await res.text()}`);
}

/** Moves an assignment's deadline in the running server's SQLite database (tests only). */
export function setDeadlineInDb(dataDir: string, code: string, deadline: Date) {
  const db = new Sqlite(path.join(dataDir, 'markwise.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const info = db
      .prepare('update assignment set deadline = ? where code = ?')
      .run(deadline.toISOString(), code);
    if (info.changes !== 1) throw new Error(`no assignment ${code}`);
  } finally {
    db.close();
  }
}

/**
 * A class ready to mark: a teacher signed up on a desktop page of her own context, her
 * assignment made from the question paper and model answer texts, and each student signed up on
 * a phone, joined and handed in her answer. `slug` keeps the file's addresses apart from other
 * files'.
 */
export async function classWithHandIns(
  browser: Browser,
  baseURL: string,
  opts: {
    slug: string;
    teacher?: string;
    title: string;
    totalMarks: number;
    paper: string;
    model: string;
    /** Each student's name and answer text. */
    students: Record<string, string>;
    viewport?: { width: number; height: number };
  },
): Promise<{ context: BrowserContext; teacher: Page; code: string }> {
  const context = await browser.newContext({
    baseURL,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
  });
  const teacher = await context.newPage();
  teacher.setDefaultTimeout(20_000);
  const stamp = Date.now();
  await signUpInContext(teacher, baseURL, {
    name: opts.teacher ?? 'Ms Rao',
    email: `teacher-${opts.slug}-${stamp}@school.example`,
    role: 'teacher',
  });
  const code = await createAssignmentInPage(teacher, baseURL, {
    title: opts.title,
    totalMarks: opts.totalMarks,
    questionPaper: await pdfOf(opts.paper),
    modelAnswer: await pdfOf(opts.model),
  });
  for (const [i, [name, answer]] of Object.entries(opts.students).entries()) {
    const sc = await newContext(browser, baseURL, 'phone');
    const page = await sc.newPage();
    page.setDefaultTimeout(20_000);
    await signUpInContext(page, baseURL, {
      name,
      email: `${opts.slug}${i}-${stamp}@school.example`,
      role: 'student',
    });
    await joinAndSubmit(page, baseURL, code, await pdfOf(answer));
    await sc.close();
  }
  return { context, teacher, code };
}

/**
 * Waits for the grades table to say the run has finished. A run reads and grades in reader
 * processes that load the engine first; with the other browser tests beside it on a small
 * machine that takes far longer than a click's wait (speed is measured by the benchmarks).
 */
export async function evaluationFinished(page: Page): Promise<void> {
  await page.getByText(messages.evaluationDone).waitFor({ timeout: 45_000 });
}
