import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newContext, releaseBrowser, signUpInContext, workerBrowser } from './support/browser';
import {
  createAssignmentInPage,
  evaluationFinished,
  joinAndSubmit,
  pdfOf,
} from './support/classroom';

const QUESTIONS =
  '1. What order does a stack follow, and how are its elements added and removed? [5 marks]\n' +
  '2. What order does a queue follow, and where are its elements added and removed? [5 marks]';
const MODEL =
  '1. A stack follows last in, first out (LIFO) order. Elements are added with push and removed with pop from the top of the stack.\n' +
  '2. A queue follows first in, first out (FIFO) order. Elements are added at the rear with enqueue and removed from the front with dequeue.';
const STUDENTS = [
  {
    name: 'Ana Stack',
    answer:
      '1. A stack follows last in first out (LIFO) order. You add elements with push and remove them with pop from the top.\n' +
      '2. A queue follows first in first out (FIFO) order. Elements are added at the rear with enqueue and removed from the front with dequeue.',
  },
  {
    name: 'Bo Queue',
    answer:
      '1. It is LIFO: last in, first out. Elements are added with push and removed with pop at the top.\n' +
      '2. It is FIFO: first in, first out. Enqueue adds at the rear and dequeue removes from the front.',
  },
  {
    name: 'Cy Order',
    answer:
      '1. Stacks use LIFO order. Push adds an element on the top and pop removes the top element.\n' +
      '2. Queues use FIFO order. Enqueue adds an element at the back and dequeue removes the front one.',
  },
  {
    name: 'Di Offtopic',
    answer:
      '1. Photosynthesis turns sunlight, water and carbon dioxide into glucose in the leaves of green plants.\n' +
      '2. The French Revolution began in 1789 when the people of Paris stormed the Bastille.',
  },
  {
    name: 'Ed Keywords',
    answer:
      '1. pop order stack push top elements removed added first last LIFO\n' +
      '2. rear front enqueue order dequeue FIFO queue added removed first',
  },
];

describe('Evaluate Now with answers that try to game the marks', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let code: string;

  beforeAll(async () => {
    browser = await workerBrowser();
    teacher = await (await newContext(browser, baseURL, 'desktop')).newPage();
    teacher.setDefaultTimeout(15_000);
    const stamp = Date.now();
    await signUpInContext(teacher, baseURL, {
      name: 'Mr Ode',
      email: `ode-${stamp}@school.example`,
      role: 'teacher',
    });
    code = await createAssignmentInPage(teacher, baseURL, {
      title: 'Stacks and queues',
      totalMarks: 10,
      questionPaper: await pdfOf(QUESTIONS),
      modelAnswer: await pdfOf(MODEL),
    });
    for (const [i, s] of STUDENTS.entries()) {
      const context = await newContext(browser, baseURL, 'desktop');
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signUpInContext(page, baseURL, {
        name: s.name,
        email: `gamer${i}-${stamp}@school.example`,
        role: 'student',
      });
      await joinAndSubmit(page, baseURL, code, await pdfOf(s.answer));
      await context.close();
    }
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await evaluationFinished(teacher);
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  const row = (name: string) => teacher.getByRole('row').filter({ hasText: name });
  const marksOf = async (name: string) =>
    Number(
      (
        await row(name)
          .getByText(/ \/ 10$/)
          .innerText()
      ).split(' / ')[0],
    );

  async function openDetails(name: string) {
    await row(name)
      .getByRole('button', { name: `Details for ${name}` })
      .click();
    const panel = teacher.getByRole('dialog', { name: 'Answer details' });
    await panel.getByRole('heading', { name: 'Feedback', exact: true }).waitFor();
    return panel;
  }

  it('gives an off-topic answer a low mark with its reason and the whole key points it misses', async () => {
    expect(await marksOf('Di Offtopic')).toBeLessThanOrEqual(2);
    expect(await marksOf('Ana Stack')).toBeGreaterThanOrEqual(8);
    await row('Di Offtopic').getByText('Needs review').waitFor();
    const panel = await openDetails('Di Offtopic');
    await panel
      .getByText(/shares nothing with the model answer|another question of the paper/)
      .first()
      .waitFor();
    await panel
      .getByText('A stack follows last in, first out (LIFO) order', { exact: true })
      .waitFor();
    await panel
      .getByText('Elements are added with push and removed with pop from the top of the stack', {
        exact: true,
      })
      .waitFor();
    await teacher.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('gives a list of keywords a low mark, says it is a list, and credits no key point', async () => {
    expect(await marksOf('Ed Keywords')).toBeLessThanOrEqual(2);
    await row('Ed Keywords').getByText('Needs review').waitFor();
    const panel = await openDetails('Ed Keywords');
    await panel
      .getByText(/lists terms without sentences, so no key point is credited and/)
      .waitFor();
    await panel
      .getByText('The answer lists terms without sentences, so no key point is credited.')
      .first()
      .waitFor();
    expect(await panel.getByRole('heading', { name: 'Matched key points' }).count()).toBe(0);
    await panel
      .getByText('A queue follows first in, first out (FIFO) order', { exact: true })
      .waitFor();
    await teacher.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });
});
