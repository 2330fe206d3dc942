import type { Browser, Page } from 'playwright-core';
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

const PAPER = 'What happens to bulb A when switch Y is closed, and why? [4 marks]';
const MODEL = 'Bulb A gets dimmer because the current is shared with bulb B.';
const ANSWERS: [string, string][] = [
  ['Rosa Right', 'Bulb A gets dimmer because the current is shared with bulb B.'],
  ['Omar Opposite', 'Bulb A gets brighter because the current is shared with bulb B.'],
  ['Ivy Other', 'Bulb A becomes dimmer since bulb B now shares the current.'],
];

/**
 * An answer that states the opposite of the model answer: the teacher sees a low mark, the flag
 * and "Contradicts: …"; once published, the student reads the same on a phone (the key point
 * named by its first words while hand-ins are open).
 */
describe('an answer that contradicts the model answer', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let student: Page;
  let code: string;
  const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
  const signedUp = async (name: string, role: 'teacher' | 'student', size: 'phone' | 'desktop') => {
    const { page } = await userPage(browser, baseURL, { name, role, size });
    page.setDefaultTimeout(20_000);
    return page;
  };

  beforeAll(async () => {
    browser = await workerBrowser();
    teacher = await signedUp('Mr Volta', 'teacher', 'desktop');
    code = await createAssignmentInPage(teacher, baseURL, {
      title: 'Bulbs in series',
      totalMarks: 4,
      questionPaper: await pdfOf(PAPER),
      modelAnswer: await pdfOf(MODEL),
    });
    for (const [name, answer] of ANSWERS) {
      const page = await signedUp(name, 'student', 'phone');
      await joinAndSubmit(page, baseURL, code, await pdfOf(answer));
      if (name === 'Omar Opposite') student = page;
      else await page.context().close();
    }
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('shows the teacher a low mark, the flag and what the answer contradicts', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await evaluationFinished(teacher);
    await row(teacher, 'Rosa Right').getByText('4 / 4').waitFor();
    await row(teacher, 'Omar Opposite')
      .getByText(/^(0|0\.5|1) \/ 4$/)
      .waitFor();
    await row(teacher, 'Omar Opposite')
      .getByRole('button', { name: 'Details for Omar Opposite' })
      .click();
    const panel = teacher.getByRole('dialog', { name: 'Answer details' });
    await panel.getByText(/Contradicts: "Bulb A gets dimmer/).waitFor();
    await panel.getByText(/states the opposite of a key point of the model answer/).waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await panel.getByRole('button', { name: 'Close' }).click();
    await teacher.getByRole('button', { name: 'Publish marks' }).click();
    // Publishing the whole class asks first.
    await teacher
      .getByRole('dialog', { name: 'Publish marks?' })
      .getByRole('button', { name: 'Publish marks' })
      .click();
    await teacher.getByText(/^Published \d+/).waitFor();
  });

  it('shows the student the same on a phone once published', async () => {
    await student.goto(`/dashboard/gradetable/${code}`);
    await row(student, 'Omar Opposite').getByRole('button', { name: 'View feedback' }).click();
    const panel = student.getByRole('dialog', { name: 'Your marks and feedback' });
    await panel.getByRole('heading', { name: /^Question 1: (0|0\.5|1) \/ 4$/ }).waitFor();
    // Hand-ins are still open: the key point is named by its first words, not quoted whole.
    await panel.getByText('Contradicts: "Bulb…".').waitFor();
    expect(await panel.innerText()).not.toContain(MODEL.slice(0, -1));
    expect(await seriousViolations(student)).toEqual([]);
  });
});
