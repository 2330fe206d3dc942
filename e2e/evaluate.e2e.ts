import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { seriousViolations } from './support/axe';
import { newContext, releaseBrowser, signUpInContext, workerBrowser } from './support/browser';
import {
  createAssignmentInPage,
  evaluationFinished,
  joinAndSubmit,
  pdfOf,
  setDeadlineInDb,
} from './support/classroom';

const QUESTIONS =
  '1. What is photosynthesis? [5 marks]\n2. Which parts of a leaf take part? [5 marks]';
const MODEL =
  '1. Photosynthesis is the process by which green plants use light energy from the sun to make glucose from carbon dioxide and water, releasing oxygen.\n' +
  '2. Chlorophyll in the chloroplasts absorbs the light, the stomata let carbon dioxide in, and the xylem brings water to the leaf.';
const STUDENTS = [
  {
    name: 'Asha Good',
    answer:
      '1. Photosynthesis is how green plants use light energy from the sun to make glucose from carbon dioxide and water, and oxygen is released.\n' +
      '2. Chlorophyll in chloroplasts absorbs light, stomata let in carbon dioxide and xylem carries water to the leaf.',
  },
  { name: 'Ben Partial', answer: '1. Plants make food using sunlight.\n2. The leaf has stomata.' },
  { name: 'Chen Poor', answer: '1. Plants grow in soil.\n2. I do not know.' },
  { name: 'Dev Blank', answer: '' },
];

describe('Evaluate Now', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacherContext: BrowserContext;
  let teacher: Page;
  let student: Page;
  let code: string;

  beforeAll(async () => {
    browser = await workerBrowser();
    teacherContext = await newContext(browser, baseURL, 'desktop');
    teacher = await teacherContext.newPage();
    teacher.setDefaultTimeout(15_000);
    const stamp = Date.now();
    await signUpInContext(teacher, baseURL, {
      name: 'Ms Rao',
      email: `rao-${stamp}@school.example`,
      role: 'teacher',
    });
    code = await createAssignmentInPage(teacher, baseURL, {
      title: 'Photosynthesis',
      totalMarks: 10,
      questionPaper: await pdfOf(QUESTIONS),
      modelAnswer: await pdfOf(MODEL),
      keywords: 'chlorophyll, stomata',
    });
    for (const [i, s] of STUDENTS.entries()) {
      const context = await newContext(browser, baseURL, 'phone');
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signUpInContext(page, baseURL, {
        name: s.name,
        email: `student${i}-${stamp}@school.example`,
        role: 'student',
      });
      await joinAndSubmit(page, baseURL, code, await pdfOf(s.answer));
      if (i === 0) student = page;
      else await context.close();
    }
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

  it('grades every answer with live progress, then shows marks, flags and class statistics', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await expect.poll(() => teacher.title()).toBe('Grades · Photosynthesis · Markwise');
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await teacher.getByText(messages.evaluating).waitFor();
    const bar = teacher.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuemax')).toBe('4');
    expect(await bar.getAttribute('aria-valuetext')).toMatch(/^(Reading answers|Graded) \d \/ 4/);

    await evaluationFinished(teacher);
    expect(await teacher.getByText(messages.evaluating).count()).toBe(0);
    await teacher.getByText('Graded 3 / 4; 1 could not be read.').waitFor();
    for (const s of STUDENTS.slice(0, 3)) {
      await row(teacher, s.name)
        .getByText(/^\d+(\.\d+)? \/ 10$/)
        .waitFor();
      await row(teacher, s.name).getByText('Marks by AI').waitFor();
    }
    const blank = row(teacher, 'Dev Blank');
    await blank.getByText('Could not read PDF').waitFor();
    await blank.getByText(messages.notEvaluated).waitFor();

    const stats = teacher.getByRole('region', { name: 'Class statistics' });
    await stats.getByText('3 of 4 answers marked, out of 10.').waitFor();
    for (const term of ['Average', 'Median', 'Highest']) await stats.getByText(term).waitFor();
    const marksOf = async (name: string) =>
      Number(
        (
          await row(teacher, name)
            .getByText(/ \/ 10$/)
            .innerText()
        ).split(' / ')[0],
      );
    expect(await marksOf('Asha Good')).toBeGreaterThan(await marksOf('Chen Poor'));
  });

  it('shows a run already under way when the page opens and follows it to the end', async () => {
    const context = await newContext(browser, baseURL, 'phone');
    await context.addCookies(await teacherContext.cookies());
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // Time runs as usual, and can be moved on at once at the end.
    await page.clock.install();
    const real = (await (
      await page.request.get(`/api/assignments/${code}/evaluations/latest`)
    ).json()) as {
      run: Record<string, unknown>;
    };
    const steps = [
      { status: 'running', read: 2, done: 0, failed: 0 },
      { status: 'running', read: 4, done: 1, failed: 1 },
    ];
    let polls = 0;
    await page.route('**/evaluations/latest', (route) => {
      const step = steps[polls++];
      return step
        ? route.fulfill({ json: { run: { ...real.run, ...step, finishedAt: null } } })
        : route.continue();
    });
    await page.goto(`/dashboard/gradetable/${code}`);
    await page.getByText(messages.evaluating).waitFor();
    await page.getByRole('progressbar', { name: 'Reading answers 2 / 4' }).waitFor();
    await page.getByRole('progressbar', { name: 'Graded 1 / 4' }).waitFor();
    await page.getByText('1 could not be read', { exact: true }).waitFor();
    await evaluationFinished(page);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    const settled = polls;
    // Two poll intervals and more pass, firing every timer due: no poll follows the end.
    await page.clock.runFor(1_600);
    expect(polls).toBe(settled);
    await context.close();
  });

  it('explains an answer beside its PDF, and keeps the AI proposal when the teacher corrects a mark', async () => {
    const details = row(teacher, 'Asha Good').getByRole('button', {
      name: 'Details for Asha Good',
    });
    await details.click();
    const panel = teacher.getByRole('dialog', { name: 'Answer details' });
    await panel.getByRole('heading', { name: 'Feedback', exact: true }).waitFor();
    await panel.getByRole('heading', { name: 'Marks per question' }).waitFor();
    await panel.getByText('Question 1', { exact: true }).waitFor();
    await panel.getByRole('heading', { name: 'Matched key points' }).first().waitFor();
    await panel.getByText('AI proposal').waitFor();
    await panel.getByText('Confidence').waitFor();
    const frame = panel.locator('iframe[title="Answer PDF of Asha Good"]');
    expect(await frame.getAttribute('src')).toMatch(
      new RegExp(
        `/api/assignments/${code}/submissions/.+/file#view=FitH&navpanes=0&pagemode=none$`,
      ),
    );
    expect(await panel.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await teacher.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await details.evaluate((b) => b === document.activeElement)).toBe(true);

    const ben = row(teacher, 'Ben Partial');
    const aiMarks = (await ben.getByText(/ \/ 10$/).innerText()).split(' / ')[0];
    await ben.getByRole('button', { name: 'Edit marks of Ben Partial' }).click();
    await ben.getByLabel('Marks for Ben Partial (0 to 10)').fill('8.5');
    await ben.getByLabel('Marks for Ben Partial (0 to 10)').press('Enter');
    await ben.getByText('8.5 / 10').waitFor();
    await ben.getByText('Marks by Teacher').waitFor();
    await ben.getByText(`AI proposed ${aiMarks}`).waitFor();
    // The AI's per-question marks no longer add up to the teacher's: they are labelled as its proposal.
    await ben.getByRole('button', { name: 'Details for Ben Partial' }).click();
    const benPanel = teacher.getByRole('dialog', { name: 'Answer details' });
    await benPanel
      .getByText(`You set 8.5 / 10. The breakdown below is the AI's proposal of ${aiMarks} / 10.`)
      .waitFor();
    await benPanel.getByRole('heading', { name: 'AI marks per question' }).waitFor();
    await teacher.keyboard.press('Escape');
    await benPanel.waitFor({ state: 'detached' });

    const [download] = await Promise.all([
      teacher.waitForEvent('download'),
      teacher.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${code}-grades.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toMatch(/Student name,Email,Submitted at \([\w/+-]+\),Marks,Source,Total marks,/);
    expect(csv).toMatch(/Ben Partial,student1-\d+@school\.example,[^,]+,8\.5,teacher,10/);
    expect(csv).toMatch(/Dev Blank,student3-\d+@school\.example,[^,]+,,,10/);

    // an answer the engine could not read is the teacher's to mark
    const dev = row(teacher, 'Dev Blank');
    await dev.getByRole('button', { name: 'Edit marks of Dev Blank' }).click();
    await dev.getByLabel('Marks for Dev Blank (0 to 10)').fill('3');
    await dev.getByRole('button', { name: 'Save marks for Dev Blank' }).click();
    await dev.getByText('3 / 10').waitFor();
    await dev.getByText('Marks by Teacher').waitFor();
    expect(await dev.getByText('Could not read PDF').count()).toBe(0);
  });

  it('shows a student their marks and feedback only once the teacher publishes them', async () => {
    await student.goto(`/dashboard/gradetable/${code}`);
    await student.getByText(messages.marksAfterDeadline).waitFor();
    expect(await student.getByRole('button', { name: 'View feedback' }).count()).toBe(0);
    expect(await student.getByRole('button', { name: 'Evaluate Now!' }).count()).toBe(0);
    expect(await student.getByText('Ben Partial').count()).toBe(0);

    setDeadlineInDb(inject('dataDir'), code, new Date(Date.now() - 60_000));
    await student.reload();
    await student.getByText(messages.marksAfterDeadline).waitFor();
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Publish marks' }).click();
    // Publishing the whole class asks first.
    await teacher
      .getByRole('dialog', { name: 'Publish marks?' })
      .getByRole('button', { name: 'Publish marks' })
      .click();
    await teacher.getByText(/^Published \d+;/).waitFor();
    await student.reload();
    const own = row(student, 'Asha Good');
    await own.getByText(/^\d+(\.\d+)? \/ 10$/).waitFor();
    await own.getByRole('button', { name: 'View feedback' }).click();
    const panel = student.getByRole('dialog', { name: 'Your marks and feedback' });
    await panel.getByRole('heading', { name: /^Question 1: \d/ }).waitFor();
    expect(await panel.getByText('Needs review').count()).toBe(0);
    expect(await panel.getByText('AI proposal').count()).toBe(0);
    const box = await panel.boundingBox();
    expect(box?.width).toBe(360);
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    // A change after publishing reaches the student only when the teacher publishes it.
    const list = await (await teacher.request.get(`/api/assignments/${code}/submissions`)).json();
    const asha = list.submissions.find(
      (s: { studentName: string }) => s.studentName === 'Asha Good',
    );
    const shown = asha.publishedMarks as number;
    const next = shown === 9.5 ? 9 : 9.5;
    const put = await teacher.request.put(`/api/assignments/${code}/submissions/${asha.id}/marks`, {
      headers: { origin: new URL(baseURL).origin },
      data: { marks: next },
    });
    expect(put.status()).toBe(200);
    await student.reload();
    await own.getByText(`${shown} / 10`).waitFor();
    await teacher.reload();
    await row(teacher, 'Asha Good')
      .getByRole('button', { name: 'Publish the change for Asha Good' })
      .click();
    await row(teacher, 'Asha Good').getByText('Published', { exact: true }).waitFor();
    await student.reload();
    await own.getByText(`${next} / 10`).waitFor();
    await own.getByRole('button', { name: 'View feedback' }).click();
    // A total set by hand stands alone: no question shows "– / 5" beside the engine's advice.
    await panel.getByRole('heading', { name: 'Question 1', exact: true }).waitFor();
    await panel
      .getByText(
        'Your teacher marked your answer as a whole, so the questions have no marks of their own.',
      )
      .waitFor();
    expect(await panel.getByText(/– \/ 5|To improve|You covered/).count()).toBe(0);
  });
  it('has no serious accessibility violation in the table or the details panel', async () => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 768, height: 1024 },
      storageState: await teacherContext.storageState(),
    });
    const page = await context.newPage();
    await page.goto(`/dashboard/gradetable/${code}`);
    // Asha's marks were set by the teacher in the test before: the panel then shows both.
    await row(page, 'Asha Good').getByText('Marks by Teacher').waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Details for Asha Good' }).click();
    await page.getByRole('heading', { name: 'Feedback', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('says why nothing was graded: no submissions, or a model answer it cannot read', async () => {
    const empty = await createAssignmentInPage(teacher, baseURL, {
      title: 'Empty class',
      totalMarks: 10,
      questionPaper: await pdfOf(QUESTIONS),
      modelAnswer: await pdfOf(MODEL),
    });
    await teacher.goto(`/dashboard/gradetable/${empty}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await teacher.getByRole('alert').getByText(messages.nothingToEvaluate).waitFor();
    expect(await teacher.getByRole('link', { name: 'Download CSV' }).count()).toBe(0);

    const blankModel = await createAssignmentInPage(teacher, baseURL, {
      title: 'Blank model answer',
      totalMarks: 10,
      questionPaper: await pdfOf(QUESTIONS),
      modelAnswer: await pdfOf(''),
    });
    await joinAndSubmit(student, baseURL, blankModel, await pdfOf(STUDENTS[0]!.answer));
    await teacher.goto(`/dashboard/gradetable/${blankModel}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    const alert = teacher.getByRole('alert').filter({ hasText: 'The evaluation stopped.' });
    await alert.getByText(/The model answer could not be read/).waitFor();
    await teacher.reload();
    await alert.getByText(/The model answer could not be read/).waitFor();
  });
});
