import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import { classWithHandIns, evaluationFinished } from './support/classroom';

// "Mark these first", then Evaluate Now! again: the teacher sees which of her unreviewed marks the
// re-run would change and why, applies them, reads the reason on the answer, and undoes the run;
// a later re-run is discarded on a phone.
const QUESTIONS =
  'Q1. What is photosynthesis? [10 marks]\nQ2. What is respiration? [10 marks]\nQ3. Name the site of photosynthesis. [4 marks]';
const MODEL =
  '1. Photosynthesis is the process by which green plants use light energy to make glucose from carbon dioxide and water. Oxygen is released as a by-product.\n' +
  '2. Respiration releases energy from glucose in every living cell. Aerobic respiration uses oxygen and produces carbon dioxide and water. Anaerobic respiration releases less energy without oxygen.\n' +
  '3. Photosynthesis takes place in the chloroplasts, which contain chlorophyll.';
const STUDENTS = {
  'Asha Excellent':
    '1. Plants use light energy to make glucose from carbon dioxide and water, and oxygen is given off.\n' +
    '2. Respiration releases energy from glucose in cells. Aerobic respiration needs oxygen and makes carbon dioxide and water. Anaerobic respiration gives less energy without oxygen.\n' +
    '3. In the chloroplasts, which have chlorophyll.',
  'Ben Weak': '1. Plants make food from sunlight.\n2. Respiration is breathing.\n3. In the leaves.',
  'Chen Partial':
    '1. Plants make glucose using light.\n2. Respiration releases energy.\n3. In the chloroplasts.',
  'Dev None': '1. Plants grow in soil.\n2. I do not know.\n3. The roots.',
  'Eva Good':
    '1. Photosynthesis uses light to make glucose from carbon dioxide and water.\n2. Respiration releases energy from glucose, using oxygen.\n3. Chloroplasts.',
};

describe('re-running after "Mark these first"', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let code: string;

  beforeAll(async () => {
    browser = await workerBrowser();
    ({ teacher, code } = await classWithHandIns(browser, baseURL, {
      slug: 'rerun',
      title: 'Plants',
      totalMarks: 24,
      paper: QUESTIONS,
      model: MODEL,
      students: STUDENTS,
    }));
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  /** The student's row of the grades table (not of the list of changes). */
  const row = (name: string) =>
    teacher
      .getByRole('row')
      .filter({ has: teacher.getByRole('button', { name: `Details for ${name}` }) });
  const changes = () => teacher.getByRole('region', { name: /before they are saved/ });
  const focusedText = () => teacher.evaluate(() => document.activeElement?.textContent ?? '');
  let before: Record<string, string>;

  const markQuestions = async (name: string, marks: Record<string, string>) => {
    await row(name)
      .getByRole('button', { name: `Details for ${name}` })
      .click();
    const panel = teacher.getByRole('dialog', { name: 'Answer details' });
    for (const [n, m] of Object.entries(marks)) {
      await panel.locator(`#q-${n}-marks`).fill(m);
      await panel.getByRole('button', { name: `Save question ${n}` }).click();
      await panel.locator(`#q-${n}-marks[value="${m}"]`).waitFor();
    }
    await panel.getByRole('button', { name: 'Close' }).click();
  };

  it('grades once, then the teacher marks two answers per question', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await evaluationFinished(teacher);
    before = {};
    for (const name of Object.keys(STUDENTS)) before[name] = await row(name).innerText();
    await markQuestions('Ben Weak', { 1: '2', 2: '1', 3: '0' });
    await markQuestions('Chen Partial', { 1: '4', 2: '3', 3: '4' });
  });

  it('lists the unreviewed marks a re-run would change, with the reason, before writing any', async () => {
    const untouched = await row('Dev None').innerText();
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    const panel = changes();
    await panel.waitFor();
    expect(await focusedText()).toMatch(/^Check \d+ changes? before they are saved$/);
    const dev = panel.getByRole('row').filter({ hasText: 'Dev None' });
    expect(await dev.innerText()).toMatch(/Calibrated on your marks for question 1: /);
    // The excellent answer is not pulled down; the teacher's own marks are never listed.
    for (const name of ['Asha Excellent', 'Ben Weak', 'Chen Partial'])
      expect(await panel.getByRole('row').filter({ hasText: name }).count(), name).toBe(0);
    expect(await row('Dev None').innerText()).toBe(untouched);
    expect(await seriousViolations(teacher)).toEqual([]);
  });

  it('applies the changes, and the answer says why its mark moved', async () => {
    const move = await changes()
      .getByRole('row')
      .filter({ hasText: 'Dev None' })
      .getByRole('cell')
      .first()
      .innerText();
    const [, to] = move.split(' → ');
    await changes()
      .getByRole('button', { name: /^Apply/ })
      .click();
    await evaluationFinished(teacher);
    await expect.poll(() => row('Dev None').innerText()).toContain(to!);
    expect(await row('Asha Excellent').innerText()).toBe(before['Asha Excellent']);
    await row('Dev None').getByRole('button', { name: 'Details for Dev None' }).click();
    const details = teacher.getByRole('dialog', { name: 'Answer details' });
    await details
      .getByText(/^Moved by your marks: Calibrated on your marks for question 1: /)
      .waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await details.getByRole('button', { name: 'Close' }).click();
  });

  it('undoes the run: the previous marks come back and focus lands on what happened', async () => {
    await teacher.getByRole('button', { name: 'Undo last evaluation' }).click();
    const dialog = teacher.getByRole('dialog', { name: 'Undo the last evaluation?' });
    expect(await seriousViolations(teacher)).toEqual([]);
    await dialog.getByRole('button', { name: 'Undo evaluation' }).click();
    await teacher.getByText(messages.evaluationUndone).waitFor();
    expect(await focusedText()).toBe(messages.evaluationUndone);
    await expect.poll(() => row('Dev None').innerText()).toBe(before['Dev None']);
    expect(await teacher.getByRole('button', { name: 'Undo last evaluation' }).count()).toBe(0);
  });

  it('on a phone, shows the changes without widening the page and discards them', async () => {
    await teacher.setViewportSize({ width: 390, height: 844 });
    const now = await row('Dev None').innerText();
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await changes().waitFor();
    expect(
      await teacher.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(await seriousViolations(teacher)).toEqual([]);
    await changes().getByRole('button', { name: 'Discard this evaluation' }).click();
    await teacher.getByText('You discarded the evaluation; no marks changed.').waitFor();
    expect(await focusedText()).toBe('You discarded the evaluation; no marks changed.');
    expect(await row('Dev None').innerText()).toBe(now);
  });
});
