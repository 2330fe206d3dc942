import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadPdfJs } from '../src/grading/pdfjs';
import { messages } from '../src/shared/messages';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import { createAssignmentInPage, joinAndSubmit, pdfOf } from './support/classroom';
import { scrollsSideways, userPage } from './support/classroom-pages';

// Question 2's answer says the opposite of the key point: amber for the teacher, never shown to the student.
const PAPER =
  '1. Why does the puddle dry up on a sunny day? [2 marks]\n2. What happens to bulb A when switch Y is closed, and why? [2 marks]';
const MODEL =
  '1. The water evaporates because the sun heats it.\n2. Bulb A gets dimmer because the current is shared with bulb B.';
const ANSWER =
  '1. On a sunny day the water evaporates because the sun heats it.\n2. Bulb A gets brighter because the current is shared with bulb B.';
const PIN = 'Name the energy store the heat comes from.';
const BOX = 'A clear reason.';

/** Where the docs' screenshot goes when DOCS_SCREENSHOTS is set (docs/images/…). */
const shot = (name: string) =>
  process.env.DOCS_SCREENSHOTS ? path.resolve('docs/images', name) : undefined;

/**
 * Marks on the page: the teacher sees the stated key point highlighted on the student's own page,
 * pins a comment to it, downloads the marked PDF (read back: the comment is an annotation in it),
 * publishes, and the student sees the same highlight and pin on her page.
 */
describe('marks on the page', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let student: Page;
  let code: string;
  const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
  const signedUp = async (name: string, role: 'teacher' | 'student') => {
    const { page } = await userPage(browser, baseURL, { name, role, size: 'desktop' });
    page.setDefaultTimeout(20_000);
    return page;
  };
  const onPage = (page: Page, dialog: string) =>
    page.getByRole('dialog', { name: dialog }).getByRole('region', { name: 'Marks on the page' });

  beforeAll(async () => {
    browser = await workerBrowser();
    teacher = await signedUp('Ms Rao', 'teacher');
    code = await createAssignmentInPage(teacher, baseURL, {
      title: 'Puddles',
      totalMarks: 4,
      questionPaper: await pdfOf(PAPER),
      modelAnswer: await pdfOf(MODEL),
    });
    student = await signedUp('Rosa Reed', 'student');
    await joinAndSubmit(student, baseURL, code, await pdfOf(ANSWER));
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('shows the teacher the key point on the page, takes a pin, and writes a marked PDF', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await teacher.getByText(messages.evaluationDone).waitFor({ timeout: 90_000 });
    await row(teacher, 'Rosa Reed').getByRole('button', { name: 'Details for Rosa Reed' }).click();
    const panel = teacher.getByRole('dialog', { name: 'Answer details' });
    await panel.getByRole('button', { name: 'Marks on the page' }).click();
    const marks = onPage(teacher, 'Answer details');
    await marks.locator('canvas[data-drawn]').waitFor();
    const highlight = marks.locator('[data-highlight="stated"]').first();
    await highlight.waitFor();
    await marks.getByText(/Key point stated \(question 1\): .*evaporates/i).waitFor();
    await marks.getByText('Question 1 begins here').waitFor();
    expect(await marks.locator('[data-highlight="contradicted"]').count()).toBeGreaterThan(0);
    await marks.getByText(/^Marks: [\d.]+ \/ 4$/).waitFor();

    // pin a comment just right of the highlighted sentence
    await marks.getByRole('button', { name: 'Add a pin' }).click();
    const line = (await highlight.boundingBox())!;
    await teacher.mouse.click(line.x + line.width + 30, line.y + line.height / 2);
    const field = marks.getByLabel('Comment at the pin on page 1');
    await field.fill(PIN);
    await marks.getByRole('button', { name: 'Save comment' }).click();
    await marks.locator('[data-comment-number="1"]').waitFor();
    // listed under the page (the form's own text may still be there for a moment)
    await marks.getByRole('list', { name: 'Marks on page' }).getByText(PIN).waitFor();
    // the pin sits on the highlighted line, where it was placed (measured together: the column scrolls)
    const [pin, now] = await Promise.all([
      marks.locator('[data-comment-number="1"]').boundingBox(),
      highlight.boundingBox(),
    ]);
    expect(Math.abs(pin!.y + pin!.height / 2 - (now!.y + now!.height / 2))).toBeLessThan(4);
    expect(pin!.x + pin!.width / 2 - (now!.x + now!.width)).toBeCloseTo(30, -1);

    // a box dragged across the sentence
    await marks.getByRole('button', { name: 'Add a box' }).click();
    const across = (await highlight.boundingBox())!;
    await teacher.mouse.move(across.x - 4, across.y - 4);
    await teacher.mouse.down();
    await teacher.mouse.move(across.x + across.width / 2, across.y + across.height + 4, {
      steps: 4,
    });
    await teacher.mouse.up();
    await marks.getByLabel('Comment on the box on page 1').fill(BOX);
    await marks.getByRole('button', { name: 'Save comment' }).click();
    await marks.getByText('Comment 2 (box):').waitFor();
    // with the keyboard: a comment starts at the top of the page; Escape drops it, not the panel
    await marks.getByRole('button', { name: 'Comment on page 1' }).focus();
    await teacher.keyboard.press('Enter');
    await expect
      .poll(() => teacher.evaluate(() => document.activeElement?.id))
      .toBe('page-comment-1');
    await teacher.keyboard.press('Escape');
    await marks.getByRole('button', { name: 'Comment on page 1' }).waitFor();
    expect(await panel.isVisible()).toBe(true);
    // the place is chosen with the keyboard too: a box moved and sized in percent of the page
    await marks.getByRole('button', { name: 'Comment on page 1' }).focus();
    await teacher.keyboard.press('Enter');
    await marks.getByRole('radio', { name: 'A box around a part' }).check();
    const left = marks.getByLabel('Left edge, % across');
    await left.fill('30');
    await marks.getByLabel('Top edge, % down').fill('50');
    await marks.getByLabel('Width, %').focus();
    await teacher.keyboard.press('ArrowUp');
    await marks.getByLabel('Comment on the box on page 1').fill('Placed from the keyboard.');
    await marks.getByRole('button', { name: 'Save comment' }).click();
    await marks.getByText('Placed from the keyboard.').waitFor();
    // the form closes and the column shrinks: the new comment's badge is kept in view
    const inView = async () => {
      const b = await marks.locator('[data-comment-number="3"]').boundingBox();
      return !!b && b.y >= 0 && b.y + b.height <= teacher.viewportSize()!.height;
    };
    await expect.poll(inView).toBe(true);
    // the box's badge sits at its top left corner, 30% across and 50% down (polled: the page is
    // drawn again once the saved comment comes back, and its height settles with the drawing)
    const badgeAt = async () => {
      const [layer, placed] = await Promise.all([
        marks.getByTestId('marks-page-1').boundingBox(),
        marks.locator('[data-comment-number="3"]').boundingBox(),
      ]);
      return [
        Math.round(((placed!.x + placed!.width / 2 - layer!.x) / layer!.width) * 10) / 10,
        Math.round(((placed!.y + placed!.height / 2 - layer!.y) / layer!.height) * 10) / 10,
      ];
    };
    await expect.poll(badgeAt).toEqual([0.3, 0.5]);
    // removing asks first, and says it when it cannot
    await marks.getByRole('button', { name: 'Remove comment 3' }).click();
    const ask = teacher.getByRole('dialog', { name: 'Remove comment 3?' });
    const listed = marks.locator('li[data-comment]', { hasText: 'Placed from the keyboard.' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    await listed.waitFor();
    await marks.getByRole('button', { name: 'Remove comment 3' }).click();
    await ask.getByRole('button', { name: 'Remove comment' }).click();
    await listed.waitFor({ state: 'detached' });
    expect(await panel.isVisible()).toBe(true);
    expect(await seriousViolations(teacher)).toEqual([]);
    const file = shot('marks-on-the-page.png');
    if (file) {
      await marks.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await panel.screenshot({ path: file });
    }

    const [download] = await Promise.all([
      teacher.waitForEvent('download'),
      marks.getByRole('link', { name: 'Download marked PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('marked-answer.pdf');
    const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
    const pdf = await loadPdfJs().getDocument({ data: bytes }).promise;
    const first = await pdf.getPage(1);
    const notes = await first.getAnnotations();
    expect(notes.map((a) => [a.subtype, a.contentsObj?.str])).toEqual([
      ['Text', `1. ${PIN}`],
      ['Square', `2. ${BOX}`],
    ]);
    const text = (await first.getTextContent()).items
      .map((i) => ('str' in i ? i.str : ''))
      .join(' ');
    expect(text).toMatch(/Q1: [\d.]+ \/ 2/);
    expect(text).toMatch(/Marks: [\d.]+ \/ 4/);
    expect(text).toContain('the water evaporates');
    await pdf.destroy();

    await panel.getByRole('button', { name: 'Close' }).click();
    await teacher.getByRole('button', { name: 'Publish marks' }).click();
    await teacher
      .getByRole('dialog', { name: 'Publish marks?' })
      .getByRole('button', { name: 'Publish marks' })
      .click();
    await teacher.getByText(/^Published \d+/).waitFor();
  }, 180_000);

  it('shows the student the same page with the highlight and the pin once published', async () => {
    await student.goto(`/dashboard/gradetable/${code}`);
    await row(student, 'Rosa Reed').getByRole('button', { name: 'View feedback' }).click();
    const panel = student.getByRole('dialog', { name: 'Your marks and feedback' });
    await panel.getByRole('button', { name: 'Marks on the page' }).click();
    const marks = onPage(student, 'Your marks and feedback');
    await marks.locator('canvas[data-drawn]').waitFor();
    await marks.locator('[data-highlight="stated"]').first().waitFor();
    await marks.locator('[data-comment-number="1"]').waitFor();
    // listed under the page (the form's own text may still be there for a moment)
    await marks.getByRole('list', { name: 'Marks on page' }).getByText(PIN).waitFor();
    expect(await marks.getByRole('button', { name: 'Add a pin' }).count()).toBe(0);
    expect(await marks.locator('[data-highlight="contradicted"]').count()).toBe(0);
    await marks.getByRole('link', { name: 'Download marked PDF' }).waitFor();
    expect(await seriousViolations(student)).toEqual([]);
    const file = shot('marks-on-the-page-student.png');
    if (file) {
      await marks.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await panel.screenshot({ path: file });
    }
  });

  it('on a phone the student finds the same marks under On the page, drawn to the width', async () => {
    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
    });
    await phone.addCookies(await student.context().cookies());
    const small = await phone.newPage();
    small.setDefaultTimeout(20_000);
    await small.goto(`/dashboard/gradetable/${code}`);
    await row(small, 'Rosa Reed').getByRole('button', { name: 'View feedback' }).click();
    const panel = small.getByRole('dialog', { name: 'Your marks and feedback' });
    await panel.getByRole('button', { name: 'On the page' }).click();
    const marks = onPage(small, 'Your marks and feedback');
    const canvas = marks.locator('canvas[data-drawn]');
    await canvas.waitFor();
    await marks.locator('[data-highlight="stated"]').first().waitFor();
    await marks.locator('[data-comment-number="1"]').waitFor();
    expect((await canvas.boundingBox())!.width).toBeGreaterThanOrEqual(300);
    expect(await scrollsSideways(small)).toBe(false);
    expect(await seriousViolations(small)).toEqual([]);
    await phone.close();
  });
});
