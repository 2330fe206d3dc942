import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { makePdf } from '../src/server/test/uploads';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import { setDeadlineInDb } from './support/classroom';
import { createByApi, joinByApi, scrollsSideways, userPage } from './support/classroom-pages';

/** What has focus: its tag, and its text or label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName.toLowerCase(),
      text: (el?.textContent ?? '').trim(),
      label: el?.getAttribute('aria-label') ?? el?.id ?? '',
    };
  });

/** Whether a canvas has been drawn with something other than white. */
const hasInk = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate((el) => {
    const canvas = el as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) return true;
    return false;
  });

/**
 * A student's one irreversible hand-in: a second look at the file (name, pages, first page) before
 * it is stored, focus that follows each step, the file chooser from the keyboard, and what was
 * handed in easy to open again. Also: a closed assignment cannot be joined.
 */
describe('handing in, with a second look', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let code: string;
  beforeAll(async () => {
    browser = await workerBrowser();
    ({ page: teacher } = await userPage(browser, baseURL, { name: 'Ms Rao', role: 'teacher' }));
    code = await createByApi(teacher, baseURL, {
      title: 'Cells and tissues',
      questionPaper: await makePdf(['Q1. What is a cell?']),
      modelAnswer: await makePdf(['1. The smallest unit of life.']),
    });
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  const student = async (size: 'phone' | 'desktop' = 'desktop') => {
    const s = await userPage(browser, baseURL, { name: 'Lena Park', role: 'student', size });
    await joinByApi(s.page, baseURL, code);
    await s.page.goto(`/dashboard/assignment/${code}`);
    await s.page.getByRole('heading', { name: 'Upload Assignment' }).waitFor();
    return s.page;
  };

  it('opens the file chooser with Enter and with Space', async () => {
    // each key on a fresh page: a chooser just answered can leave the next press unheard
    for (const key of ['Enter', 'Space']) {
      const page = await student();
      // Listen before anything else: the browser is told to hand choosers over asynchronously,
      // so the focus's round trip makes sure it has been told before the key is pressed.
      const chooser = page.waitForEvent('filechooser', { timeout: 15_000 });
      await page.getByLabel('Your answer (PDF)').focus();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
      await page.keyboard.press(key);
      const opened = await chooser;
      expect(opened.isMultiple(), key).toBe(false);
      await page.context().close();
    }
  });

  it('shows the file, its pages and its first page before handing in; going back stores nothing', async () => {
    const page = await student();
    const bytes = Buffer.from(
      await makePdf(['1. A cell is the smallest unit of life.', '2. Tissues are groups of cells.']),
    );
    await page.getByLabel('Your answer (PDF)').setInputFiles({
      name: 'lena-answer.pdf',
      mimeType: 'application/pdf',
      buffer: bytes,
    });
    await page.getByRole('button', { name: 'Submit Assignment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand in this answer?' });
    await dialog.waitFor();
    await dialog.getByText('lena-answer.pdf').waitFor();
    await dialog.getByText('2 pages').waitFor();
    await page.locator('canvas[data-drawn]').waitFor();
    expect(await hasInk(page, 'First page of lena-answer.pdf')).toBe(true);
    await dialog.getByText('You can hand in only once').waitFor();
    // a chosen PDF has no photographed pages to go back to
    expect(await dialog.getByRole('button', { name: 'Back to your pages' }).count()).toBe(0);
    // the safe answer has focus; going back stores nothing and returns focus to the button
    expect((await focused(page)).text).toBe('Choose another file');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await focused(page)).text).toBe('Submit Assignment');
    const before = (await (await page.request.get(`/api/assignments/${code}`)).json()) as {
      hasSubmitted: boolean;
    };
    expect(before.hasSubmitted).toBe(false);

    await page.getByRole('button', { name: 'Submit Assignment' }).click();
    await dialog.getByRole('button', { name: 'Hand in this answer' }).click();
    await page.getByText(messages.submitted).waitFor();
    // focus follows to the confirmation, which says what was handed in and opens it
    expect((await focused(page)).text).toContain(messages.submitted);
    const view = page.getByRole('link', { name: /View what I handed in/ });
    expect(await view.textContent()).toContain('lena-answer.pdf');
    const href = (await view.getAttribute('href'))!;
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(bytes)).toBe(true);

    await page.reload();
    await page.getByRole('link', { name: /View what I handed in/ }).waitFor();
    expect(
      await page.getByRole('link', { name: /View what I handed in/ }).getAttribute('href'),
    ).toBe(href);
    await page.context().close();
  });

  it('offers no hand-in of a file the server refuses, and says why', async () => {
    const page = await student();
    await page.getByLabel('Your answer (PDF)').setInputFiles({
      name: 'fake.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('These are my notes, not a PDF.\n'),
    });
    await page.getByRole('button', { name: 'Submit Assignment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand in this answer?' });
    await dialog.getByText('Markwise would refuse this hand-in (the reason is above)').waitFor();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('button', { name: 'Hand in this answer' }).count()).toBe(0);
    expect(await dialog.getByText('You can hand in only once').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Choose another file' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('fits the second look on a phone, and axe finds nothing in it', async () => {
    const page = await student('phone');
    await page.getByLabel('Your answer (PDF)').setInputFiles({
      name: 'phone-answer.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makePdf(['1. A cell is the smallest unit of life.'])),
    });
    await page.getByRole('button', { name: 'Submit Assignment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand in this answer?' });
    await dialog.getByText('1 page', { exact: true }).waitFor();
    await page.locator('canvas[data-drawn]').waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('shows the focus ring of a filled button at once, in the brand colour', async () => {
    const page = await student();
    await page.getByLabel('Your answer (PDF)').focus();
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { text: el.textContent, color: style.outlineColor, style: style.outlineStyle };
    });
    expect(ring).toEqual({ text: 'Submit Assignment', color: 'rgb(79, 70, 229)', style: 'solid' });
    await page.context().close();
  });

  it('says a closed assignment cannot be joined, and changes nothing', async () => {
    const closed = await createByApi(teacher, baseURL, {
      title: 'Closed already',
      questionPaper: await makePdf(['Q1. Anything?']),
      modelAnswer: await makePdf(['1. Something.']),
    });
    setDeadlineInDb(inject('dataDir'), closed, new Date(Date.now() - 3_600_000));
    const { page } = await userPage(browser, baseURL, { name: 'Late Larry', role: 'student' });
    await page.clock.install();
    await page.goto('/dashboard/join-assignment');
    await page.getByLabel('Enter class code provided by teacher.').fill(closed);
    await page.getByRole('button', { name: 'Join Assignment' }).click();
    const alert = page.getByRole('alert').filter({ hasText: messages.assignmentClosedTitle });
    await alert.getByText(messages.assignmentClosed).waitFor();
    // it stays (unlike a mistyped code's 2 seconds), and the page does not move on: 2.5 s pass
    // at once, firing every timer due
    await page.clock.runFor(2500);
    expect(await alert.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard/join-assignment');
    const list = (await (await page.request.get('/api/assignments')).json()) as {
      assignments: unknown[];
    };
    expect(list.assignments).toEqual([]);
    await page.context().close();
  });
});
