import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import { createAssignmentInPage, pdfOf } from './support/classroom';
import { joinByApi, scrollsSideways, userPage } from './support/classroom-pages';

const PAPER = '1. Why does the puddle dry up on a sunny day? [2 marks]';
const MODEL = '1. The water evaporates because the sun heats it.';
// what the student wrote on her three paper pages, in a large hand
const PAGES = [
  ['1. The water', 'evaporates because', 'the sun heats it.'],
  ['The puddle gets', 'smaller and smaller', 'every hour.'],
  ['That is all', 'I know about it.'],
];

/** Where the docs' screenshot goes when DOCS_SCREENSHOTS is set (docs/images/…). */
const shot = (name: string) =>
  process.env.DOCS_SCREENSHOTS ? path.resolve('docs/images', name) : undefined;

/**
 * A phone photo of a paper page, drawn by the browser's canvas: a white sheet with the lines of
 * writing, held a little askew over a grey table, saved as a JPEG as a phone would. `upsideDown`
 * photographs the sheet the wrong way round; `grain` adds noise of that many gray levels.
 */
async function photoOfPage(
  page: Page,
  lines: string[],
  upsideDown = false,
  grain = 0,
): Promise<Buffer> {
  const url = await page.evaluate(
    ({ lines, upsideDown, grain }) => {
      const c = document.createElement('canvas');
      c.width = 1500;
      c.height = 2000;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#5b5048';
      ctx.fillRect(0, 0, c.width, c.height);
      ctx.save();
      ctx.translate(750, 1000);
      ctx.rotate(((upsideDown ? 180 : 0) + 2) * (Math.PI / 180));
      ctx.fillStyle = '#f4f1ea';
      ctx.fillRect(-600, -830, 1200, 1660);
      ctx.fillStyle = '#1d1d2a';
      ctx.font = '72px sans-serif';
      lines.forEach((line, i) => ctx.fillText(line, -520, -650 + i * 130));
      ctx.restore();
      if (grain) {
        // a camera's grain: what makes a scan's JPEG large
        const img = ctx.getImageData(0, 0, c.width, c.height);
        for (let i = 0; i < img.data.length; i++)
          if (i % 4 !== 3) img.data[i] = img.data[i]! + (Math.random() - 0.5) * 2 * grain;
        ctx.putImageData(img, 0, 0);
      }
      return c.toDataURL('image/jpeg', 0.9);
    },
    { lines, upsideDown, grain },
  );
  return Buffer.from(url.split(',')[1]!, 'base64');
}

describe('handing in photos of paper pages', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let student: Page;
  let code: string;

  beforeAll(async () => {
    browser = await workerBrowser();
    ({ page: teacher } = await userPage(browser, baseURL, {
      name: 'Ms Rao',
      role: 'teacher',
      size: 'desktop',
    }));
    teacher.setDefaultTimeout(30_000);
    code = await createAssignmentInPage(teacher, baseURL, {
      title: 'Puddles',
      totalMarks: 2,
      questionPaper: await pdfOf(PAPER),
      modelAnswer: await pdfOf(MODEL),
    });
    ({ page: student } = await userPage(browser, baseURL, {
      name: 'Pia Paper',
      role: 'student',
      size: 'phone',
    }));
    student.setDefaultTimeout(45_000);
    await joinByApi(student, baseURL, code);
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('turns three photos, one upside down, into one PDF under 500 kB and shows what will be read', async () => {
    await student.goto(`/dashboard/assignment/${code}`);
    // on a phone, each upload control the keyboard reaches is brought into view with its focus
    // (a short screen, as with the keyboard up, so that the page scrolls)
    const screen = student.viewportSize()!;
    await student.setViewportSize({ width: screen.width, height: 360 });
    const height = 360;
    for (const name of ['Take photos of your pages', 'or choose photos', 'Your answer (PDF)']) {
      // from the far end of the page, as after reading the question paper below
      await student.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await student.getByLabel(name).focus();
      const control = student.locator('label', { has: student.getByLabel(name) }).last();
      const box = (await control.boundingBox())!;
      expect(box.y, name).toBeGreaterThanOrEqual(0);
      expect(box.y + Math.min(box.height, 44), name).toBeLessThanOrEqual(height);
    }
    await student.setViewportSize(screen);
    const workers: string[] = [];
    student.on('worker', (w) => workers.push(w.url()));
    // the first page photographed blank by mistake, the last one twice
    const photos = [
      await photoOfPage(student, []),
      await photoOfPage(student, PAGES[1]!, true),
      await photoOfPage(student, PAGES[2]!),
      await photoOfPage(student, PAGES[2]!),
    ];
    await student
      .getByLabel('Take photos of your pages')
      .setInputFiles(
        photos.map((buffer, i) => ({ name: `IMG_00${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })),
      );
    const pages = student.getByRole('list', { name: 'Your pages' });
    await pages.getByRole('listitem').nth(3).waitFor();
    // the extra photo deleted
    await pages.getByRole('button', { name: 'Delete page 4' }).click();
    await expect.poll(() => pages.getByRole('listitem').count()).toBe(3);
    // the focus stays in the list: on the page before the deleted one
    const focused = () =>
      student.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focused).toBe('Delete page 3');
    // the blank page is flagged and retaken in its place
    await pages.getByRole('listitem').nth(0).getByTestId('page-warning').waitFor();
    const blankSrc = await pages
      .getByRole('img', { name: 'Page 1 as it will be handed in' })
      .getAttribute('src');
    // a retake with a damaged photo keeps the page, and says which photo it was
    const broken = student.waitForEvent('filechooser');
    await pages.getByRole('button', { name: 'Retake page 1' }).click();
    const whole = await photoOfPage(student, PAGES[0]!);
    await (
      await broken
    ).setFiles({ name: 'IMG_0006.jpg', mimeType: 'image/jpeg', buffer: whole.subarray(0, 2000) });
    await student.getByText(/^Photo 1 is damaged/).waitFor();
    expect(await pages.getByRole('listitem').count()).toBe(3);
    expect(
      await pages.getByRole('img', { name: 'Page 1 as it will be handed in' }).getAttribute('src'),
    ).toBe(blankSrc);
    const chooser = student.waitForEvent('filechooser');
    await pages.getByRole('button', { name: 'Retake page 1' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'IMG_0005.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoOfPage(student, PAGES[0]!),
    });
    await expect
      .poll(() =>
        pages.getByRole('img', { name: 'Page 1 as it will be handed in' }).getAttribute('src'),
      )
      .not.toBe(blankSrc);
    expect(await pages.getByRole('listitem').count()).toBe(3);
    // the photos were cleaned off the page's main thread
    expect(workers.some((url) => /clean-page/.test(url))).toBe(true);
    // the upside-down photo was turned; none of the three is flagged as hard to read
    await pages.getByRole('listitem').nth(1).getByText('Turned the right way up').waitFor();
    expect(await pages.getByText('Turned the right way up').count()).toBe(1);
    expect(await pages.getByTestId('page-warning').count()).toBe(0);
    // the cleaned page is straight and black on white: its top-left corner is paper, not table
    const corner = await pages
      .getByRole('img', { name: 'Page 1 as it will be handed in' })
      .evaluate((img: HTMLImageElement) => {
        const c = document.createElement('canvas');
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return [...ctx.getImageData(4, 4, 1, 1).data.slice(0, 3)];
      });
    expect(Math.min(...corner)).toBeGreaterThan(200);
    expect(await scrollsSideways(student)).toBe(false);
    expect(await seriousViolations(student)).toEqual([]);
    const photosShot = shot('photos-of-pages.png');
    if (photosShot)
      await student
        .getByRole('region', { name: 'Photos of your pages' })
        .screenshot({ path: photosShot });

    // reorder and back: the buttons move pages
    await pages.getByRole('button', { name: 'Move page 3 up' }).click();
    // the moved page keeps the focus, on the other way once it reaches the end
    await expect.poll(focused).toBe('Move page 2 up');
    await pages.getByRole('button', { name: 'Move page 2 down' }).click();
    await expect.poll(focused).toBe('Move page 3 up');

    await student.getByRole('button', { name: 'Use these 3 pages' }).click();
    const chosen = student.getByText(/Selected: answer-photos\.pdf \(([\d.]+) (KB|kB)\)/);
    await chosen.waitFor();
    const size = Number(/\(([\d.]+)/.exec(await chosen.innerText())![1]);
    expect(size).toBeLessThan(500);

    await student.getByRole('button', { name: 'Submit Assignment' }).click();
    const dialog = student.getByRole('dialog', { name: 'Hand in this answer?' });
    // back to the pages the PDF was made of, as they were: a page can be retaken after all;
    // Cancel there keeps the PDF made before, which still offers its pages
    await dialog.getByRole('button', { name: 'Back to your pages' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => pages.getByRole('listitem').count()).toBe(3);
    await student.getByRole('button', { name: 'Cancel' }).click();
    await pages.waitFor({ state: 'detached' });
    await chosen.waitFor();
    await student.getByRole('button', { name: 'Submit Assignment' }).click();
    await dialog.getByRole('button', { name: 'Back to your pages' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => pages.getByRole('listitem').count()).toBe(3);
    await pages.getByRole('listitem').nth(1).getByText('Turned the right way up').waitFor();
    await expect.poll(focused).toBe(null);
    expect(await student.evaluate(() => document.activeElement?.textContent)).toBe(
      'Photos of your pages',
    );
    for (const n of [1, 2, 3])
      await expect
        .poll(() =>
          pages
            .getByRole('img', { name: `Page ${n} as it will be handed in` })
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
    await student.getByRole('button', { name: 'Use these 3 pages' }).click();
    await pages.waitFor({ state: 'detached' });
    await chosen.waitFor();
    await student.getByRole('button', { name: 'Submit Assignment' }).click();
    const read = dialog.getByRole('region', { name: 'The text Markwise read' });
    await read.getByTestId('read-page').nth(2).waitFor({ timeout: 90_000 });
    expect(await read.getByTestId('read-page').count()).toBe(3);
    const text = (await read.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/Page 1 · read from the picture/);
    expect(text).toMatch(/evaporates/i);
    // the upside-down page was read the right way up
    expect(text).toMatch(/puddle gets/i);
    expect(await seriousViolations(student)).toEqual([]);
    const readShot = shot('what-markwise-will-read.png');
    if (readShot) await dialog.screenshot({ path: readShot });
    await dialog.getByRole('button', { name: 'Hand in this answer' }).click();
    await student.getByText(messages.submitted).waitFor();
  }, 180_000);

  it('shows the teacher the page beside the reading, and she corrects a word', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await teacher.getByText(messages.evaluationDone).waitFor({ timeout: 120_000 });
    const row = teacher.getByRole('row').filter({ hasText: 'Pia Paper' });
    await row.getByRole('button', { name: 'Details for Pia Paper' }).click();
    const panel = teacher.getByRole('dialog', { name: 'Answer details' });
    // the page (pdf.js) and what Markwise read, side by side on a desktop
    await panel.getByRole('button', { name: 'Marks on the page' }).click();
    const pageView = panel.getByRole('region', { name: 'Marks on the page' });
    await pageView.locator('canvas[data-drawn]').first().waitFor();
    const reading = panel.getByTestId('reading-text').first();
    await reading.waitFor();
    expect(await reading.innerText()).toMatch(/evaporates/i);
    const [left, right] = [await reading.boundingBox(), await pageView.boundingBox()];
    expect(left!.x + left!.width).toBeLessThanOrEqual(right!.x + 1);
    expect(await seriousViolations(teacher)).toEqual([]);
    const sideShot = shot('page-and-reading.png');
    if (sideShot) {
      await reading.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: sideShot });
    }

    await panel.getByRole('button', { name: 'Correct the reading of question 1' }).click();
    const dialog = teacher.getByRole('dialog', { name: 'Correct the reading of question 1' });
    const box = dialog.getByRole('textbox', { name: 'What the answer says for question 1' });
    const before = await box.inputValue();
    // one word corrected: "sun" as the student wrote it, whatever the reader made of it
    const corrected = before.replace(/\bs\S*n\b/i, 'sun').replace(/heats?/i, 'warms');
    await box.fill(corrected);
    await dialog.getByRole('button', { name: 'Save and regrade' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // the keyboard is not lost: the focus is on the regrade's progress
    await expect
      .poll(() => teacher.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('status');
    await panel
      .getByText('Regraded: question 1’s marks and reasons now follow the reading.')
      .waitFor({ timeout: 120_000 });
    await panel.getByText(/You corrected what Markwise read for question 1/).waitFor();
    expect(await panel.getByTestId('reading-text').first().innerText()).toContain('warms');
  }, 300_000);

  it('offers to make a scanned PDF over the limit smaller, and the smaller one fits', async () => {
    const { page } = await userPage(browser, baseURL, {
      name: 'Sam Scanner',
      role: 'student',
      size: 'phone',
    });
    page.setDefaultTimeout(45_000);
    await joinByApi(page, baseURL, code);
    await page.goto(`/dashboard/assignment/${code}`);
    // a scan of two pages as grainy JPEGs, well over 500 kB
    const scan = await PDFDocument.create();
    for (const lines of PAGES.slice(0, 2)) {
      const image = await scan.embedJpg(await photoOfPage(page, lines, false, 24));
      scan.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
    }
    const bytes = Buffer.from(await scan.save());
    expect(bytes.length).toBeGreaterThan(500 * 1024);
    await page
      .getByLabel('Your answer (PDF)')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: bytes });
    await page.getByText(messages.fileTooLarge).waitFor();
    await page.getByRole('button', { name: 'Make it smaller' }).click();
    const chosen = page.getByText(/Selected: scan-smaller\.pdf \(([\d.]+) (KB|kB)\)/);
    await chosen.waitFor({ timeout: 60_000 });
    expect(Number(/\(([\d.]+)/.exec(await chosen.innerText())![1])).toBeLessThan(500);
    expect(await page.getByText(messages.fileTooLarge).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
