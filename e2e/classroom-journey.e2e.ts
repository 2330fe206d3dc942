import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { makePdf } from '../src/server/test/uploads';
import { formatDate } from '../src/web/lib/dates';
import { releaseBrowser, workerBrowser } from './support/browser';
import {
  countShown,
  dayMonthYear,
  holdUploads,
  originOf,
  userPage,
} from './support/classroom-pages';
import {
  createWithAllFiles,
  markChangesOf,
  rowsLeftOf,
  storageKeysOf,
  TITLE,
} from './support/classroom-journey';
import { withDatabase } from './support/database';

// the card shows the first 15 words and an ellipsis
const EXCERPT =
  'Read chapter four on photosynthesis and answer all five questions in full sentences, labelling every…';

describe('the classroom journey', () => {
  const baseURL = inject('baseURL');
  const dataDir = inject('dataDir');
  let browser: Browser;
  let teacherContext: BrowserContext;
  let teacher: Page;
  let ravi: Page; // joins and submits
  let lena: Page; // joins, never submits
  let code: string;
  let submissionId: string;
  let answerPdf: Buffer;

  beforeAll(async () => {
    browser = await workerBrowser();
    ({ context: teacherContext, page: teacher } = await userPage(browser, baseURL, {
      name: 'Ms Okafor',
      role: 'teacher',
    }));
    await teacherContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseURL,
    });
    ({ page: ravi } = await userPage(browser, baseURL, {
      name: 'Ravi Kumar',
      role: 'student',
      size: 'phone',
    }));
    ({ page: lena } = await userPage(browser, baseURL, {
      name: 'Lena Fischer',
      role: 'student',
      size: 'tablet',
    }));
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

  it('a teacher creates an assignment with all three files and finds its card on the dashboard', async () => {
    const { deadline, png, ...created } = await createWithAllFiles(teacher);
    code = created.code;
    expect(code).toMatch(/^[A-Z2-9]{6,8}$/);

    await teacher.getByText(messages.createdTitle).waitFor();
    await teacher.getByText(messages.createdText).waitFor();
    await teacher.waitForURL((u) => u.pathname === '/dashboard');
    const card = teacher.locator('article', { hasText: TITLE });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain(EXCERPT);
    expect(text).toContain(code);
    expect(text).toContain(dayMonthYear(deadline));
    expect(await card.getByRole('link', { name: /^View Assignment/ }).getAttribute('href')).toBe(
      `/dashboard/assignment/${code}`,
    );

    // every file arrived intact, and the keywords were kept for the diagram analyser
    const diagram = await teacher.request.get(`/api/assignments/${code}/files/diagram`);
    expect(diagram.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await diagram.body(), png)).toBe(0);
    const detail = await (await teacher.request.get(`/api/assignments/${code}`)).json();
    expect(detail).toMatchObject({
      totalMarks: 20,
      hasQuestionPaper: true,
      hasModelAnswer: true,
      hasDiagram: true,
      diagramKeywords: ['chlorophyll', 'stomata', 'xylem'],
    });
  });

  it('two students join by its code, typed in any case and with spaces', async () => {
    for (const [page, typed] of [
      [ravi, `  ${code.slice(0, 3).toLowerCase()} ${code.slice(3).toLowerCase()} `],
      [lena, code],
    ] as const) {
      await page.goto('/dashboard/join-assignment');
      await page.getByLabel('Enter class code provided by teacher.').fill(typed);
      await page.getByRole('button', { name: 'Join Assignment' }).click();
      await page.getByText(messages.joinSucceededTitle).waitFor();
      await page.getByText(messages.joinSucceededText).waitFor();
      await page.waitForURL((u) => u.pathname === '/dashboard');
      await page.locator('article', { hasText: TITLE }).waitFor();
    }
  });

  it('a student hands in one PDF with a progress bar, and cannot hand in again', async () => {
    await ravi.locator('article', { hasText: TITLE }).getByRole('link').click();
    await ravi.waitForURL(`**/dashboard/assignment/${code}`);
    await ravi.getByText('Check and submit your assignment details here.').waitFor();
    await ravi.getByRole('heading', { name: 'Upload Assignment' }).waitFor();
    await ravi.getByText('Click to upload your Assignment or drag and drop').waitFor();
    await ravi.getByText('PDF (under 500kb)').waitFor();
    answerPdf = await makePdf(['1. Photosynthesis makes glucose from light.', '2. A leaf.']);
    await ravi.getByLabel('Your answer (PDF)').setInputFiles({
      name: 'ravi-answer.pdf',
      mimeType: 'application/pdf',
      buffer: answerPdf,
    });
    const release = await holdUploads(ravi, '**/api/assignments/*/submission', 800);
    await ravi.getByRole('button', { name: 'Submit Assignment' }).click();
    await ravi.getByRole('dialog', { name: 'Hand in this answer?' }).getByText('2 pages').waitFor();
    await ravi.getByRole('button', { name: 'Hand in this answer' }).click();
    await ravi.getByRole('progressbar').waitFor();
    await ravi.getByText(messages.submitted).waitFor();
    await release();
    expect(await ravi.getByRole('heading', { name: 'Upload Assignment' }).count()).toBe(0);
    expect(await ravi.locator('input[type=file]').count()).toBe(0);

    await ravi.reload();
    await ravi.getByText(messages.submitted).waitFor();
    expect(await ravi.locator('input[type=file]').count()).toBe(0);

    const again = await ravi.request.post(`/api/assignments/${code}/submission`, {
      headers: originOf(baseURL),
      multipart: {
        answer: { name: 'second.pdf', mimeType: 'application/pdf', buffer: answerPdf },
      },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      messages.alreadySubmitted,
    );
  });

  it('the teacher sees one filed and one due, copies the code and opens the question paper', async () => {
    await teacher.goto(`/dashboard/assignment/${code}`);
    await teacher.getByText('Check and update your assignment details here.').waitFor();
    expect(await countShown(teacher, 'Assignments Filed')).toBe('1');
    expect(await countShown(teacher, 'Assignments Due')).toBe('1');

    await teacher.getByRole('button', { name: 'Copy code' }).click();
    await teacher.getByText(messages.codeCopied).waitFor();
    expect(await teacher.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const opened = teacherContext.waitForEvent('response', (r) =>
      r.url().endsWith(`/api/assignments/${code}/files/question-paper`),
    );
    const popup = teacherContext.waitForEvent('page');
    await teacher.getByRole('link', { name: 'Download Question Paper' }).click();
    const paper = await opened;
    expect(paper.status()).toBe(200);
    expect(paper.headers()['content-type']).toBe('application/pdf');
    // shown in the new tab, under the name the teacher uploaded
    expect(paper.headers()['content-disposition']).toMatch(/^inline; filename="questions\.pdf"/);
    await (await popup).close();
  });

  it('the grades table lists the submitter with N/E and the other student as not submitted, and opens the answer', async () => {
    await teacher.getByRole('link', { name: 'Show Grades' }).click();
    await teacher.waitForURL(`**/dashboard/gradetable/${code}`);
    await teacher.getByRole('columnheader', { name: 'Student Name' }).waitFor();
    await teacher.getByRole('columnheader', { name: 'Marks Obtained' }).waitFor();
    // the row also carries the review tools of Evaluate Now (a Details button)
    expect(await row(teacher, 'Ravi Kumar').innerText()).toMatch(/^1\s+Ravi Kumar\b[\s\S]*\bN\/E$/);
    expect(await row(teacher, 'Lena Fischer').innerText()).toMatch(
      /^2\s+Lena Fischer\s+Not Submitted yet$/,
    );
    // the teacher may mark by hand before any evaluation
    const pencil = row(teacher, 'Ravi Kumar').getByRole('button', { name: /^Edit marks/ });
    expect(await pencil.count()).toBe(1);

    const eye = row(teacher, 'Ravi Kumar').getByRole('link', { name: 'View answer of Ravi Kumar' });
    const href = (await eye.getAttribute('href'))!;
    submissionId = /\/submissions\/([^/]+)\/file$/.exec(href)![1]!;
    const opened = teacherContext.waitForEvent('response', (r) => r.url().endsWith(href));
    const popup = teacherContext.waitForEvent('page');
    await eye.click();
    const answer = await opened;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    await (await popup).close();
    // the stored file is exactly what the student uploaded
    const body = await (await teacher.request.get(href)).body();
    expect(Buffer.compare(body, answerPdf)).toBe(0);
  });

  it('after a mark exists the teacher corrects it with the pencil', async () => {
    const put = await teacher.request.put(
      `/api/assignments/${code}/submissions/${submissionId}/marks`,
      { headers: originOf(baseURL), data: { marks: 12 } },
    );
    expect(put.status()).toBe(200);
    await teacher.reload();
    const ravisRow = row(teacher, 'Ravi Kumar');
    await ravisRow.getByText('12 / 20').waitFor();

    await ravisRow.getByRole('button', { name: 'Edit marks of Ravi Kumar' }).click();
    const input = ravisRow.getByLabel('Marks for Ravi Kumar (0 to 20)');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('25');
    await ravisRow.getByRole('button', { name: 'Save marks for Ravi Kumar' }).click();
    await ravisRow.getByText('Marks cannot be more than the total of 20.').waitFor();
    await input.fill('15.5');
    await ravisRow.getByRole('button', { name: 'Save marks for Ravi Kumar' }).click();
    await ravisRow.getByText('15.5 / 20').waitFor();
    expect(await input.count()).toBe(0);

    expect(markChangesOf(dataDir, submissionId)).toEqual([
      { from_marks: null, to_marks: 12 },
      { from_marks: 12, to_marks: 15.5 },
    ]);
  });

  it('the student sees the mark only once the teacher publishes it', async () => {
    await ravi.goto(`/dashboard/gradetable/${code}`);
    const own = row(ravi, 'Ravi Kumar');
    await own.getByText(messages.marksAfterDeadline).waitFor();
    expect(await own.innerText()).not.toContain('15.5');
    expect(await row(ravi, 'Lena Fischer').count()).toBe(0);

    // The API refuses a deadline in the past by design (create and update both check it), so
    // the test moves it there in the server's database, as time passing would.
    const past = new Date(Date.now() - 60_000).toISOString();
    withDatabase(dataDir, (db) =>
      db.prepare('update assignment set deadline = ? where code = ?').run(past, code),
    );
    await ravi.reload();
    await row(ravi, 'Ravi Kumar').getByText(messages.marksAfterDeadline).waitFor();
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Publish marks' }).click();
    // Publishing the whole class asks first.
    await teacher
      .getByRole('dialog', { name: 'Publish marks?' })
      .getByRole('button', { name: 'Publish marks' })
      .click();
    await teacher.getByText(/^Published 1;/).waitFor();
    await ravi.reload();
    await row(ravi, 'Ravi Kumar').getByText('15.5 / 20').waitFor();
    expect(await ravi.getByRole('button', { name: /Edit marks/ }).count()).toBe(0);

    // the student who did not hand in is told the deadline passed, with no upload form
    await lena.goto(`/dashboard/assignment/${code}`);
    await lena.getByText('The deadline has passed').waitFor();
    expect(await lena.locator('input[type=file]').count()).toBe(0);
  });

  it('the teacher updates the assignment after its deadline', async () => {
    await teacher.goto(`/dashboard/assignment/${code}`);
    await teacher.getByRole('button', { name: 'Edit assignment' }).click();
    await teacher.getByRole('heading', { name: 'Update Assignment' }).waitFor();
    expect(await teacher.getByLabel("Today's date").inputValue()).toBe(formatDate(new Date()));
    await teacher.getByLabel('Title').fill(`${TITLE} (revised)`);
    await teacher.getByLabel('Total marks').fill('10');
    await teacher.getByRole('button', { name: 'Update Assignment' }).click();
    await teacher.getByText(messages.totalMarksBelowMarks).waitFor();
    await teacher.getByLabel('Total marks').fill('25');
    await teacher.getByLabel('Details').fill('Answer in full sentences.');
    await teacher.getByRole('button', { name: 'Update Assignment' }).click();
    await teacher.getByText('The assignment has been updated.').waitFor();
    await teacher.getByRole('heading', { name: `${TITLE} (revised)` }).waitFor();
    await teacher.getByText('Answer in full sentences.').waitFor();
  });

  it('deleting the assignment asks first, then removes it with every file on disk', async () => {
    const filesDir = path.join(dataDir, 'files');
    const keys = storageKeysOf(dataDir, code);
    expect(keys).toHaveLength(4);
    // The browser test files run side by side on one server and data folder, so the files on disk
    // are checked by this assignment's own keys (the server test counts every file, alone).
    const onDisk = () => keys.filter((key) => fs.existsSync(path.join(filesDir, key)));
    expect(onDisk()).toEqual(keys);

    await teacher.getByRole('button', { name: 'Delete assignment' }).click();
    const dialog = teacher.getByRole('dialog', { name: 'Delete this assignment?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(onDisk()).toEqual(keys);

    await teacher.getByRole('button', { name: 'Delete assignment' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await teacher.waitForURL((u) => u.pathname === '/dashboard');
    await teacher.getByText(messages.noAssignments).waitFor();
    expect(onDisk()).toEqual([]);
    const rowsLeft = rowsLeftOf(dataDir, code, submissionId, keys);
    expect(rowsLeft).toEqual({ assignments: { n: 0 }, submissions: { n: 0 }, files: { n: 0 } });

    await ravi.goto(`/dashboard/assignment/${code}`);
    await ravi.getByRole('heading', { name: messages.notFoundTitle }).waitFor();
  });
});
