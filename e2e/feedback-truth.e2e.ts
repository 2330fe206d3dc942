import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import {
  createAssignmentInPage,
  evaluationFinished,
  joinAndSubmit,
  pdfOf,
} from './support/classroom';
import { userPage } from './support/classroom-pages';

const PAPER = 'Q1. What is a stack? [5 marks]\nQ2. What is a queue? [5 marks]';
const MODEL =
  '1. A stack is a last in, first out list. Items are pushed onto the top and popped from the top.\n' +
  '2. A queue is a first in, first out list. Items join at the back and leave from the front.';
/** The model answer's key points, as the engine finds them. */
const KEY_POINTS = [
  'A stack is a last in, first out list',
  'Items are pushed onto the top and popped from the top',
  'A queue is a first in, first out list',
  'Items join at the back and leave from the front',
];
const ANSWER =
  '1. A stack is last in first out: you push on top and pop from the top.\n' +
  '2. A queue is first in first out: you join at the back and leave at the front.';
const OWN_WORDS = 'You named both ends of the queue: well done.';
const NAMED_NOTE =
  'Key points are named by their first words until the deadline has passed; then they are shown in full.';

/** The card of one question in a student's view of their marks. */
const questionCard = (scope: Locator, page: Page, n: number) =>
  scope
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^Question ${n}\\b`) }) });

/**
 * What a student reads agrees with the mark that stands: the teacher marks a question down, writes
 * her own feedback on another, previews the student's view and publishes; the student reads it on
 * a phone and on a desktop, with the model answer's key points named, not quoted, while hand-ins
 * are still open.
 */
describe('every screen tells the truth about a mark', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let student: Page;
  let code: string;
  const signedUp = async (name: string, role: 'teacher' | 'student', size: 'phone' | 'desktop') => {
    const { page } = await userPage(browser, baseURL, { name, role, size });
    page.setDefaultTimeout(20_000);
    return page;
  };

  beforeAll(async () => {
    browser = await workerBrowser();
    teacher = await signedUp('Ms Okafor', 'teacher', 'desktop');
    code = await createAssignmentInPage(teacher, baseURL, {
      title: 'Stacks and queues',
      totalMarks: 10,
      questionPaper: await pdfOf(PAPER),
      modelAnswer: await pdfOf(MODEL),
    });
    student = await signedUp('Rae Lin', 'student', 'phone');
    await joinAndSubmit(student, baseURL, code, await pdfOf(ANSWER));
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('the teacher marks a question down, writes her own feedback on another, and previews what the student will see', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await evaluationFinished(teacher);
    await teacher.getByRole('button', { name: 'Details for Rae Lin' }).click();
    const panel = teacher.getByRole('dialog', { name: 'Answer details' });

    await panel.locator('#q-1-marks').fill('0');
    await panel.locator('#q-1-comment').fill('This was copied from the board.');
    await panel.getByRole('button', { name: 'Save question 1' }).click();
    await panel.locator('#q-1-marks[value="0"]').waitFor();
    // With marks of her own, Markwise's reading of question 1 is not offered to the student.
    await panel
      .getByText(
        'Markwise has no feedback here that agrees with these marks; write your own if you like.',
      )
      .waitFor();

    await panel.getByLabel('Feedback the student reads on question 2').fill(OWN_WORDS);
    await panel.getByRole('button', { name: 'Save feedback on question 2' }).click();
    await panel.getByText('Your own words.').waitFor();

    await panel.getByRole('button', { name: 'Preview what the student will see' }).click();
    const preview = panel.getByRole('region', { name: 'What Rae Lin will see' });
    await preview.getByRole('heading', { name: 'Question 1: 0 / 5' }).waitFor();
    await preview.getByText(NAMED_NOTE).waitFor();
    const first = questionCard(preview, teacher, 1);
    await first.getByText('Comment: This was copied from the board.').waitFor();
    expect(await first.innerText()).not.toMatch(/Covered|You covered|To improve/);
    await questionCard(preview, teacher, 2).getByText(OWN_WORDS).waitFor();
    for (const point of KEY_POINTS) expect(await preview.innerText()).not.toContain(point);
    expect(await seriousViolations(teacher)).toEqual([]);

    await panel.getByRole('button', { name: 'Close' }).click();
    await teacher.getByRole('button', { name: 'Publish marks' }).click();
    // Publishing the whole class asks first.
    await teacher
      .getByRole('dialog', { name: 'Publish marks?' })
      .getByRole('button', { name: 'Publish marks' })
      .click();
    await teacher.getByText('Published 1; 0 were already up to date.').waitFor();
  });

  for (const [label, width, height] of [
    ['phone', 360, 740],
    ['desktop', 1280, 800],
  ] as const) {
    it(`the student reads feedback that agrees with her marks, without the model answer (${label})`, async () => {
      const page =
        label === 'phone'
          ? student
          : await (
              await browser.newContext({
                baseURL,
                viewport: { width, height },
                storageState: await student.context().storageState(),
              })
            ).newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`/dashboard/gradetable/${code}`);
      await page.getByRole('button', { name: 'View feedback' }).click();
      const panel = page.getByRole('dialog', { name: 'Your marks and feedback' });
      await panel.getByRole('heading', { name: 'Question 1: 0 / 5' }).waitFor();
      const first = questionCard(panel, page, 1);
      await first.getByText('Comment: This was copied from the board.').waitFor();
      expect(await first.innerText()).not.toMatch(/Covered|You covered|To improve/);
      await questionCard(panel, page, 2).getByText(OWN_WORDS).waitFor();
      await panel.getByText(NAMED_NOTE).waitFor();
      const text = await panel.innerText();
      for (const point of KEY_POINTS) expect(text).not.toContain(point);
      expect(text).not.toMatch(/– \/ 5/);
      // Nothing runs off the side of a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      expect(await seriousViolations(page)).toEqual([]);
      if (label !== 'phone') await page.context().close();
    });
  }

  it('the teacher lets students see the key points once marks are published; the choice survives a reload', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    const choice = teacher.getByLabel('Students see the model answer’s key points');
    expect(await choice.inputValue()).toBe('after-deadline');
    await choice.selectOption({ label: 'As soon as their marks are published' });
    await teacher.getByRole('button', { name: 'Save publishing settings' }).click();
    await teacher.getByText('Saved.', { exact: true }).waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await teacher.reload();
    expect(await choice.inputValue()).toBe('after-publishing');

    await student.reload();
    await student.getByRole('button', { name: 'View feedback' }).click();
    const panel = student.getByRole('dialog', { name: 'Your marks and feedback' });
    await questionCard(panel, student, 2).getByText(OWN_WORDS).waitFor();
    const text = await panel.innerText();
    expect(text).not.toContain(NAMED_NOTE);
    expect(KEY_POINTS.some((point) => text.includes(point))).toBe(true);
  });
});
