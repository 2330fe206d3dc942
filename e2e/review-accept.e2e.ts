import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OwnerSubmissionsResponse } from '../src/shared/assignments';
import { orderRows } from '../src/web/features/assignments/grades-order';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import { classWithHandIns, evaluationFinished } from './support/classroom';

// "Accept answers like this": the teacher takes one student's answer to question 1 as right from
// the answer's details, evaluates again (confirming the change preview), and another student who
// said the same in other words gets more marks; the accepted answer is listed and removed; the
// grades can be put least sure first; the dialog works on a phone.
const PAPER =
  '1. Why does the puddle dry up on a sunny day? [2 marks]\n2. What is a standard in an experiment? [2 marks]';
const MODEL =
  '1. The water evaporates because the sun heats it.\n2. The standard is what every trial is compared with.';
const STUDENTS = {
  'Ada Gas':
    '1. The puddle turns into a gas and goes up into the air.\n2. The boat with no marbles.',
  'Ben Rises':
    '1. The puddle turns into a gas that rises into the air.\n2. The control that the others are measured against.',
  'Cy Model':
    '1. The water evaporates because the sun heats it.\n2. What every trial is compared with.',
  'Di Wrong': '1. It soaks into the ground.\n2. I do not know.',
};
const ADA_Q1 = 'The puddle turns into a gas and goes up into the air.';

describe('accepting answers like one a student wrote', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let teacher: Page;
  let code: string;

  beforeAll(async () => {
    browser = await workerBrowser();
    ({ context, teacher, code } = await classWithHandIns(browser, baseURL, {
      slug: 'accept',
      title: 'Puddles',
      totalMarks: 4,
      paper: PAPER,
      model: MODEL,
      students: STUDENTS,
    }));
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  const row = (page: Page, name: string) =>
    page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Details for ${name}` }) });
  // The table refetches after the run's message shows: wait for the row to carry its marks.
  const marksOf = async (page: Page, name: string) => {
    await expect.poll(() => row(page, name).innerText()).toMatch(/[\d.]+ \/ 4/);
    const text = await row(page, name).innerText();
    return Number(/([\d.]+) \/ 4/.exec(text)![1]);
  };
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement;
      return `${el?.tagName ?? ''} ${el?.getAttribute('aria-label') ?? el?.textContent ?? ''}`;
    });
  const openDetails = async (page: Page, name: string) => {
    await row(page, name)
      .getByRole('button', { name: `Details for ${name}` })
      .click();
    const details = page.getByRole('dialog', { name: 'Answer details' });
    await details.getByRole('heading', { name: 'Mark each question yourself' }).waitFor();
    return details;
  };
  let benBefore: number;

  it('grades the class, and the list can be put least sure first', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await evaluationFinished(teacher);
    benBefore = await marksOf(teacher, 'Ben Rises');
    const shown = () =>
      teacher
        .getByRole('region', { name: 'Grades' })
        .getByRole('button', { name: /^Details for / })
        .evaluateAll((els) =>
          els.map((e) => e.textContent!.replace(/^\s*Details for /, '').trim()),
        );
    expect(await shown()).toEqual(Object.keys(STUDENTS));
    const rows = (
      (await (
        await teacher.request.get(`/api/assignments/${code}/submissions`)
      ).json()) as OwnerSubmissionsResponse
    ).submissions;
    const leastSure = orderRows(rows, 'least-sure').map((r) => r.studentName);
    // the answers flagged for review come first: the wrong one, and those that state no key
    // point in the model answer's words (Ada's and Ben's); the model answer's own words last
    const flagged = rows.filter((r) => r.needsReview).map((r) => r.studentName);
    expect(flagged.sort()).toEqual(['Ada Gas', 'Ben Rises', 'Di Wrong']);
    expect(leastSure.slice(0, 3).sort()).toEqual(flagged);
    expect(leastSure.at(-1)).toBe('Cy Model');
    expect(leastSure).not.toEqual(Object.keys(STUDENTS));
    await teacher.getByLabel('Order the answers').selectOption('least-sure');
    expect(await shown()).toEqual(leastSure);
  });

  it('accepts a student’s answer from the details, in a labelled dialog prefilled with it', async () => {
    const details = await openDetails(teacher, 'Ada Gas');
    const open = details.getByRole('button', { name: 'Accept answers like this for question 1' });
    await open.click();
    const dialog = teacher.getByRole('dialog', { name: 'Accept answers like this for question 1' });
    const answer = dialog.getByRole('textbox', { name: 'Answer to accept' });
    expect(await answer.inputValue()).toBe(ADA_Q1);
    expect(await focused(teacher)).toMatch(/^TEXTAREA/);
    expect(await seriousViolations(teacher)).toEqual([]);
    // Escape closes this dialog only, and focus goes back to the button
    await teacher.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await details.isVisible()).toBe(true);
    expect(await focused(teacher)).toBe('BUTTON Accept answers like this for question 1');
    await teacher.keyboard.press('Enter');
    await answer.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await details
      .getByText('Accepted for question 1. Evaluate again to regrade the class.')
      .waitFor();
    expect(await focused(teacher)).toBe('BUTTON Accept answers like this for question 1');
    expect(await seriousViolations(teacher)).toEqual([]);
  });

  it('evaluates again through the change preview: the like answer gets more marks', async () => {
    const details = teacher.getByRole('dialog', { name: 'Answer details' });
    await details.getByRole('button', { name: 'Evaluate again' }).click();
    await details.waitFor({ state: 'hidden' });
    const changes = teacher.getByRole('region', { name: /before they are saved/ });
    await changes.waitFor();
    expect(await changes.getByRole('row').filter({ hasText: 'Ben Rises' }).count()).toBe(1);
    await changes.getByRole('button', { name: /^Apply/ }).click();
    await evaluationFinished(teacher);
    await expect.poll(() => marksOf(teacher, 'Ben Rises')).toBeGreaterThan(benBefore);
    // the order chosen before stays while on the page
    expect(await teacher.getByLabel('Order the answers').inputValue()).toBe('least-sure');
    const ben = await openDetails(teacher, 'Ben Rises');
    // the accepted answer is named, never quoted: its words are Ada's
    await ben
      .getByText(/an answer your teacher accepted as right/)
      .first()
      .waitFor();
    expect(await ben.innerText()).not.toContain('goes up into the air');
    await ben.getByRole('button', { name: 'Close' }).click();
  });

  it('lists the accepted answer with where it came from, and Remove takes it away', async () => {
    const panel = teacher.getByRole('region', { name: 'Accepted answers' });
    await panel.getByText(ADA_Q1).waitFor();
    await panel.getByText('From Ada Gas’s answer').waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await panel.getByRole('button', { name: /^Remove the accepted answer/ }).click();
    await panel
      .getByText('Removed from question 1. Evaluate again to regrade the class.')
      .waitFor();
    await panel.getByText(/^None yet/).waitFor();
    expect(await focused(teacher)).toMatch(/^P Removed from question 1/);
  });

  it('works on a phone: the dialog fits the screen and passes axe', async () => {
    const phone = await context.newPage();
    phone.setDefaultTimeout(20_000);
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(`/dashboard/gradetable/${code}`);
    await phone
      .getByRole('region', { name: 'Accepted answers' })
      .getByText(/^None yet/)
      .waitFor();
    // the order control and the panel fit: nothing scrolls sideways
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    const details = await openDetails(phone, 'Di Wrong');
    await details.getByRole('button', { name: 'Accept answers like this for question 2' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Accept answers like this for question 2' });
    await dialog.getByRole('textbox', { name: 'Answer to accept' }).waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const save = (await dialog.getByRole('button', { name: 'Save' }).boundingBox())!;
    expect(save.height).toBeGreaterThanOrEqual(44);
    expect(save.x + save.width).toBeLessThanOrEqual(360);
    expect(await seriousViolations(phone)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await phone.close();
  });
});
