import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { releaseBrowser, signUpInContext, workerBrowser } from './support/browser';
import {
  createAssignmentInPage,
  evaluationFinished,
  joinAndSubmit,
  pdfOf,
} from './support/classroom';

const PAPER = 'Q1. What is a stack? [5 marks]\nQ2. What is a queue? [5 marks]';
const MODEL =
  '1. A stack is a last in, first out list. Items are pushed onto the top and popped from the top.\n' +
  '2. A queue is a first in, first out list. Items join at the back and leave from the front.';
const ANSWERS = [
  '1. A stack is last in first out: push on top, pop from the top.\n2. A queue is a line.',
  '1. A stack is a pile.\n2. A queue is first in first out.',
];

/** The teacher reviews, comments and publishes; a student reads and asks for a regrade; the teacher answers. */
describe('the teacher decides', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let student: Page;
  let code: string;
  const newPage = async (width: number, height: number) =>
    (await browser.newContext({ baseURL, viewport: { width, height } })).newPage();

  beforeAll(async () => {
    browser = await workerBrowser();
    const stamp = Date.now();
    teacher = await newPage(1280, 900);
    teacher.setDefaultTimeout(20_000);
    await signUpInContext(teacher, baseURL, {
      name: 'Ms Das',
      email: `das-${stamp}@school.example`,
      role: 'teacher',
    });
    code = await createAssignmentInPage(teacher, baseURL, {
      title: 'Stacks and queues',
      totalMarks: 10,
      questionPaper: await pdfOf(PAPER),
      modelAnswer: await pdfOf(MODEL),
    });
    for (const [i, answer] of ANSWERS.entries()) {
      const page = await newPage(360, 740);
      page.setDefaultTimeout(20_000);
      await signUpInContext(page, baseURL, {
        name: `Pupil ${i + 1}`,
        email: `pupil${i}-${stamp}@school.example`,
        role: 'student',
      });
      await joinAndSubmit(page, baseURL, code, await pdfOf(answer));
      if (i === 0) student = page;
      else await page.context().close();
    }
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('the teacher evaluates, edits a rubric item, marks and comments a question, and publishes', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await evaluationFinished(teacher);

    await teacher.getByRole('button', { name: 'Show and edit the rubric' }).click();
    await teacher.getByRole('heading', { name: 'Question 2 (5 marks)' }).waitFor();
    await teacher.getByRole('button', { name: 'Add an item to question 2' }).click();
    // The new item is the last one of the last question.
    await teacher.locator('input[value="New rubric item"]').waitFor();
    await teacher.getByLabel('Item', { exact: true }).last().fill('Gives an everyday example');
    await teacher.getByRole('button', { name: 'Save', exact: true }).last().click();
    await teacher.getByText(/^Saved\. No answer’s marks changed\.$/).waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);

    // The answers to mark first open straight into their details.
    const first = teacher.getByRole('region', { name: 'Mark these first' });
    await first.getByRole('button', { name: 'Pupil 2' }).waitFor();
    await first.getByRole('button', { name: 'Pupil 1' }).click();
    const panel = teacher.getByRole('dialog', { name: 'Answer details' });
    await panel.getByText('Not published: the student does not see these marks yet.').waitFor();
    // The rubric shows what the engine credited, and ticks it in one click on request.
    const q1 = panel.locator('form', { has: teacher.locator('#q-1-marks') });
    const rubric = q1.getByRole('group', { name: 'Rubric items met (the marks are their points)' });
    await rubric
      .getByText(/Markwise found this/)
      .first()
      .waitFor();
    expect(await rubric.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await rubric.getByRole('button', { name: 'Tick what Markwise found' }).click();
    const ticked = rubric.getByRole('checkbox', { checked: true });
    expect(await ticked.count()).toBe(await rubric.getByText(/Markwise found this/).count());
    expect(await panel.locator('#q-1-marks').isDisabled()).toBe(true);
    while (await ticked.count()) await ticked.first().uncheck();
    await panel.locator('#q-1-marks').fill('4.5');
    await panel.locator('#q-1-comment').fill('Good use of push and pop.');
    await panel.getByRole('button', { name: 'Save question 1' }).click();
    await panel.locator('#q-1-marks[value="4.5"]').waitFor();
    await panel
      .getByLabel('Overall comment for the student')
      .fill('Clear answers; give an example next time.');
    await panel.getByRole('button', { name: 'Save comment' }).click();
    await panel.getByText('Clear answers; give an example next time.').waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await panel.getByRole('button', { name: 'Close' }).click();
    await first.getByRole('button', { name: 'Pupil 1 (marked)' }).waitFor();

    const agreement = teacher.getByRole('region', { name: 'How close the AI is to your marks' });
    await agreement.getByRole('rowheader', { name: 'Question 1' }).waitFor();
    // One student first, then everyone else.
    await teacher.getByRole('button', { name: 'Publish the marks of Pupil 2' }).click();
    await teacher.getByText('Published', { exact: true }).waitFor();
    await teacher.getByRole('button', { name: 'Publish marks' }).click();
    // Publishing the whole class asks first.
    await teacher
      .getByRole('dialog', { name: 'Publish marks?' })
      .getByRole('button', { name: 'Publish marks' })
      .click();
    await teacher.getByText('Published 1; 1 were already up to date.').waitFor();
    expect(await teacher.getByText('Published', { exact: true }).count()).toBe(2);
  });

  it('the student reads marks and comments on a phone and asks for a regrade of a question', async () => {
    await student.goto('/dashboard');
    await student.getByRole('heading', { name: /^Notices \(1 new\)$/ }).waitFor();
    await student.getByText(/Your marks for "Stacks and queues" are published/).waitFor();
    // her assignment page says they are published, not that they are still to come
    await student.goto(`/dashboard/assignment/${code}`);
    await student.getByText('Your teacher has published your marks.').waitFor();
    await student.goto(`/dashboard/gradetable/${code}`);
    await student.getByRole('button', { name: 'View feedback' }).click();
    const panel = student.getByRole('dialog', { name: 'Your marks and feedback' });
    await panel.getByText('Clear answers; give an example next time.').waitFor();
    await panel.getByText('Comment: Good use of push and pop.').waitFor();
    await panel.getByRole('heading', { name: /^Question 1: 4\.5 \/ 5$/ }).waitFor();
    // opened and cancelled: nothing sent, and the keyboard is back on the button
    await panel.getByRole('button', { name: 'Ask for a regrade of question 2' }).click();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    const askAgain = panel.getByRole('button', { name: 'Ask for a regrade of question 2' });
    await expect.poll(() => askAgain.evaluate((el) => el === document.activeElement)).toBe(true);
    await askAgain.click();
    const reason = panel.getByLabel('Why should question 2 be marked again?');
    // focus goes to the reason to type, not to the page's start
    expect(await reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await reason.fill('I said a queue is first in, first out.');
    await panel.getByRole('button', { name: 'Send regrade request' }).click();
    await panel.getByText('Waiting for your teacher’s answer.').waitFor();
    // and once sent, to the request as it now stands
    expect(await student.evaluate(() => document.activeElement?.textContent ?? '')).toContain(
      'Waiting for your teacher’s answer.',
    );
    expect(await seriousViolations(student)).toEqual([]);
  });

  it('the teacher answers the request with new marks, and the student sees both', async () => {
    await teacher.reload();
    const requests = teacher.getByRole('region', { name: 'Regrade requests (1)' });
    await requests.getByText('“I said a queue is first in, first out.”').waitFor();
    await requests.getByLabel('Your answer to Pupil 1').fill('Agreed: one more mark.');
    await requests.getByLabel('New marks for question 2 (leave empty to keep them)').fill('3');
    await requests.getByRole('button', { name: 'Answer the request' }).click();
    await requests.waitFor({ state: 'detached' });

    await student.reload();
    await student.getByRole('button', { name: 'View feedback' }).click();
    const panel = student.getByRole('dialog', { name: 'Your marks and feedback' });
    await panel.getByText('Your teacher answered: Agreed: one more mark.').waitFor();
    await panel.getByRole('heading', { name: /^Question 2: 3 \/ 5$/ }).waitFor();
  });
});
