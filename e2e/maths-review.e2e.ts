import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { releaseBrowser, signUpInContext, workerBrowser } from './support/browser';
import {
  createAssignmentInPage,
  evaluationFinished,
  joinAndSubmit,
  pdfOf,
} from './support/classroom';

// Numbers, units and equations marked as a physics teacher would (issue 25): the teacher sets a
// tolerance and a wrong-unit share on question 2 with the keyboard; a rearranged equation gets
// full marks on question 1, a right value with the wrong unit gets the share she set, with the
// reason beside it; she corrects what Markwise read and the mark follows at once.
const PAPER =
  '1. Write the equation for the final velocity v of a body that starts at velocity u and accelerates at a for a time t. [2 marks]\n' +
  '2. What is the acceleration of free fall g near the Earth? [5 marks]';
const MODEL = '1. v = u + at\n2. g = 9.8 m/s²';
const STUDENTS = {
  'Rea Rearranged': '1. v = at + u\n2. g = 9.79 m/s²',
  'Uma Unit': '1. v = u + at\n2. g = 9.8 m/s',
};

describe('numbers, units and equations in the review', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let rea: Page;
  let code: string;

  beforeAll(async () => {
    browser = await workerBrowser();
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 800 },
    });
    teacher = await context.newPage();
    teacher.setDefaultTimeout(20_000);
    const stamp = Date.now();
    await signUpInContext(teacher, baseURL, {
      name: 'Mr Newton',
      email: `newton-maths-${stamp}@school.example`,
      role: 'teacher',
    });
    code = await createAssignmentInPage(teacher, baseURL, {
      title: 'Motion and free fall',
      totalMarks: 7,
      questionPaper: await pdfOf(PAPER),
      modelAnswer: await pdfOf(MODEL),
    });
    for (const [i, [name, answer]] of Object.entries(STUDENTS).entries()) {
      const sc = await browser.newContext({
        baseURL,
        viewport: { width: 360, height: 740 },
      });
      const page = await sc.newPage();
      await signUpInContext(page, baseURL, {
        name,
        email: `maths${i}-${stamp}@school.example`,
        role: 'student',
      });
      await joinAndSubmit(page, baseURL, code, await pdfOf(answer));
      // Rea reads her published marks at the end, on her phone.
      if (name === 'Rea Rearranged') rea = page;
      else await sc.close();
    }
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  const row = (page: Page, name: string) =>
    page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Details for ${name}` }) });
  const openDetails = async (name: string) => {
    await row(teacher, name)
      .getByRole('button', { name: `Details for ${name}` })
      .click();
    const details = teacher.getByRole('dialog', { name: 'Answer details' });
    await details.getByRole('heading', { name: 'Mark each question yourself' }).waitFor();
    return details;
  };
  /** The AI's marks of a question as the details say them ("Question 2 (out of 5): AI proposes 3"). */
  const aiMarks = async (details: Locator, question: string) => {
    const text = await details.innerText();
    const found = new RegExp(`Question ${question} \\(out of \\d+\\): AI proposes ([\\d.]+)`).exec(
      text,
    );
    return found ? Number(found[1]) : null;
  };

  it('sets question 2’s tolerance and wrong-unit share with the keyboard, labelled and explained', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Show and edit the rubric' }).click();
    const form = teacher.getByRole('form', { name: 'Numbers and units in question 2' });
    const tolerance = form.getByRole('spinbutton', { name: 'Tolerance (%)' });
    const share = form.getByRole('spinbutton', { name: 'Right value, wrong or missing unit (%)' });
    expect(await tolerance.inputValue()).toBe('2');
    expect(await share.inputValue()).toBe('50');
    expect(await tolerance.getAttribute('aria-describedby')).toBeTruthy();
    await tolerance.focus();
    await teacher.keyboard.press('Control+A');
    await teacher.keyboard.type('1');
    await teacher.keyboard.press('Tab');
    await teacher.keyboard.press('Control+A');
    await teacher.keyboard.type('60');
    await teacher.keyboard.press('Enter');
    await form.getByText('Saved. Evaluate again to mark question 2’s numbers this way.').waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    // A share over 100% is refused with the reason, in words.
    await share.fill('150');
    await form.getByRole('button', { name: 'Save question 2’s numbers' }).click();
    expect(await share.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
    await share.fill('60');
    const saved = await teacher.request.get(`/api/assignments/${code}/maths-settings`);
    expect((await saved.json()).questions[1]).toMatchObject({
      tolerancePercent: 1,
      wrongUnitSharePercent: 60,
      custom: true,
    });
  });

  it('gives a rearranged equation full marks and a wrong unit the share set, with the reason shown', async () => {
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await evaluationFinished(teacher);
    const rea = await openDetails('Rea Rearranged');
    expect(await aiMarks(rea, '1')).toBe(2);
    expect(await aiMarks(rea, '2')).toBe(5);
    await rea.getByRole('button', { name: 'Close' }).click();
    const uma = await openDetails('Uma Unit');
    expect(await aiMarks(uma, '1')).toBe(2);
    // 60% of question 2's 5 marks (marks are proposed in half marks: 5 keeps 60% exact).
    expect(await aiMarks(uma, '2')).toBe(3);
    const found = uma.getByRole('listitem').filter({ hasText: 'Right value, wrong unit' });
    await found.first().waitFor();
    expect(await found.first().innerText()).toMatch(/Wrong unit/);
    expect(await seriousViolations(teacher)).toEqual([]);
  });

  it('corrects what Markwise read, and the mark follows without another click', async () => {
    const open = teacher.getByRole('dialog', { name: 'Answer details' });
    if (await open.isVisible()) await open.getByRole('button', { name: 'Close' }).click();
    const uma = await openDetails('Uma Unit');
    await uma.getByRole('button', { name: 'Correct the reading of question 2' }).click();
    const dialog = teacher.getByRole('dialog', { name: 'Correct the reading of question 2' });
    const text = dialog.getByRole('textbox', { name: 'What the answer says for question 2' });
    expect(await text.inputValue()).toContain('9.8 m/s');
    expect(await seriousViolations(teacher)).toEqual([]);
    await text.fill('g = 9.8 m/s²');
    await dialog.getByRole('button', { name: 'Save and regrade' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await uma
      .getByText('Regraded: question 2’s marks and reasons now follow the reading.')
      .waitFor();
    const detail = await (await teacher.request.get(`/api/assignments/${code}/submissions`)).json();
    const umaId = (detail.submissions as Array<{ id: string; studentName: string }>).find(
      (s) => s.studentName === 'Uma Unit',
    )!.id;
    const ai = (
      await (await teacher.request.get(`/api/assignments/${code}/submissions/${umaId}`)).json()
    ).ai;
    // Markwise marked the corrected text, not what it read on the page.
    expect(ai.questions[1].answerText).toBe('g = 9.8 m/s²');
    await expect.poll(() => aiMarks(uma, '2')).toBe(5);
    await uma.getByText(/You corrected what Markwise read for question 2/).waitFor();
    // The run regraded Uma's answer alone: nothing waits for confirmation.
    const latest = await (
      await teacher.request.get(`/api/assignments/${code}/evaluations/latest`)
    ).json();
    expect(latest.run).toMatchObject({ status: 'finished', total: 1, changes: [] });
    expect(await seriousViolations(teacher)).toEqual([]);
  });

  it('works on a phone: the settings and the correction dialog fit the screen', async () => {
    const phone = await teacher.context().newPage();
    phone.setDefaultTimeout(20_000);
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(`/dashboard/gradetable/${code}`);
    await phone.getByRole('button', { name: 'Show and edit the rubric' }).click();
    await phone
      .getByRole('form', { name: 'Numbers and units in question 2' })
      .getByRole('spinbutton', { name: 'Tolerance (%)' })
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await seriousViolations(phone)).toEqual([]);
    await phone
      .getByRole('row')
      .filter({ has: phone.getByRole('button', { name: 'Details for Uma Unit' }) })
      .getByRole('button', { name: 'Details for Uma Unit' })
      .click();
    const details = phone.getByRole('dialog', { name: 'Answer details' });
    await details.getByRole('button', { name: 'Correct the reading of question 1' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Correct the reading of question 1' });
    await dialog.getByRole('textbox').waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await seriousViolations(phone)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await phone.close();
  });

  it('shows the student what Markwise read once published, without the model answer’s values', async () => {
    const rows = (await (await teacher.request.get(`/api/assignments/${code}/submissions`)).json())
      .submissions as Array<{ id: string; studentName: string }>;
    const reaId = rows.find((r) => r.studentName === 'Rea Rearranged')!.id;
    const published = await teacher.request.post(`/api/assignments/${code}/publish`, {
      headers: { origin: new URL(baseURL).origin },
      data: { submissionIds: [reaId] },
    });
    expect(published.status()).toBe(200);
    rea.setDefaultTimeout(20_000);
    await rea.goto(`/dashboard/gradetable/${code}`);
    await rea.getByRole('button', { name: 'View feedback' }).click();
    const panel = rea.getByRole('dialog', { name: 'Your marks and feedback' });
    await panel.getByRole('heading', { name: 'Question 2: 5 / 5' }).waitFor();
    await panel.getByText('Your values and equations').first().waitFor();
    const text = await panel.innerText();
    expect(text).toContain('9.79 m/s²');
    // The key points are named only until the deadline: no expected value, in the list or the reasons.
    expect(text).not.toContain('· expected');
    expect(text).not.toContain('9.8 m/s²');
    expect(await seriousViolations(rea)).toEqual([]);
  });
});
