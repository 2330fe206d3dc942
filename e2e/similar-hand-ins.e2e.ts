import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { newContext, releaseBrowser, signUpInContext, workerBrowser } from './support/browser';
import { classWithHandIns } from './support/classroom';

// Similar hand-ins (issue 24, part 3): a class where Ben copied most of Ada's answer and changed
// a few words, Cy quoted the model answer, Di wrote her own; the teacher opens Similar hand-ins
// from the assignment, finds Ada and Ben (and no one else), and compares them side by side with
// the shared passages marked; on a phone the two texts stack. With DOCS_SCREENSHOTS=1 the screen
// is saved for docs/teachers.md.
const PAPER = '1. Explain how a green plant makes its food and what it needs to do so. [5 marks]';
const MODEL =
  '1. Plants make their food by photosynthesis: chlorophyll in the leaves absorbs sunlight and turns carbon dioxide and water into glucose and oxygen.';
const COPIED =
  'The green stuff inside each leaf catches the morning light and works like a tiny kitchen that cooks sugar out of thin air and puddle water all day long.';
const STUDENTS = {
  'Ada Lovelace': `1. ${COPIED} That is why a plant kept in a dark cupboard goes pale and weak.`,
  'Ben Copley': `1. I think ${COPIED.replace('tiny kitchen', 'little kitchen')} So plants need light to live.`,
  'Cy Model': `1. ${MODEL.slice(3)} Without light there is no food for the plant at all.`,
  'Di Own': '1. Roots pull minerals from the soil while the shoots reach towards the window glass.',
};

describe('similar hand-ins', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let code: string;

  beforeAll(async () => {
    browser = await workerBrowser();
    ({ teacher, code } = await classWithHandIns(browser, baseURL, {
      slug: 'similar',
      title: 'Green plants',
      totalMarks: 5,
      paper: PAPER,
      model: MODEL,
      students: STUDENTS,
    }));
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('lists the copied pair from the assignment and shows it side by side with the passages marked', async () => {
    await teacher.goto(`/dashboard/assignment/${code}`);
    await teacher.getByRole('link', { name: 'Similar hand-ins' }).click();
    await expect.poll(() => teacher.url()).toContain(`/dashboard/similar/${code}`);
    await teacher.getByRole('heading', { name: 'Similar hand-ins', level: 1 }).waitFor();
    const compare = teacher.getByRole('button', {
      name: 'Compare side by side: Ada Lovelace and Ben Copley',
    });
    await compare.waitFor();
    // Cy quoted the model answer, Di wrote her own: one pair only.
    await expect
      .poll(() => teacher.getByRole('button', { name: /^Compare side by side: / }).count())
      .toBe(1);
    expect(await teacher.getByRole('heading', { name: 'Pairs to look at (1)' }).count()).toBe(1);
    // Both papers were read, so both were left out, and the page says so.
    await teacher.getByText(/^Ignored: the question paper and the model answer/).waitFor();
    expect(await teacher.getByText(/could not be read/).count()).toBe(0);
    expect(await seriousViolations(teacher)).toEqual([]);

    await compare.click();
    const heading = teacher.getByRole('heading', {
      name: 'Ada Lovelace and Ben Copley side by side',
    });
    await heading.waitFor();
    // Focus moves to the pair, so a keyboard or screen reader user lands on it.
    await expect
      .poll(() => teacher.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('side by side');
    const ada = teacher.getByRole('article', { name: 'Ada Lovelace’s hand-in' });
    const ben = teacher.getByRole('article', { name: 'Ben Copley’s hand-in' });
    await ada.locator('mark').first().waitFor();
    // and the pair is brought into view, not left below the list
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(teacher.viewportSize()!.height);
    const adaMarked = (await ada.locator('mark').allInnerTexts()).join(' ');
    const benMarked = (await ben.locator('mark').allInnerTexts()).join(' ');
    expect(adaMarked).toContain('green stuff inside each leaf');
    expect(benMarked).toContain('little kitchen');
    expect(adaMarked).not.toContain('dark cupboard');
    expect(await ben.innerText()).toContain('So plants need light to live.');
    // Side by side on a desktop.
    const [boxA, boxB] = [await ada.boundingBox(), await ben.boundingBox()];
    expect(boxB!.x).toBeGreaterThan(boxA!.x + boxA!.width - 1);
    expect(await seriousViolations(teacher)).toEqual([]);
    if (process.env.DOCS_SCREENSHOTS) {
      // The test account's "confirm your email" banner is not part of the screen being shown.
      await teacher
        .getByText('Please confirm your email address')
        .locator('xpath=../..')
        .evaluate((banner) => banner.remove());
      await teacher.screenshot({
        path: path.resolve(import.meta.dirname, '../docs/images/similar-hand-ins.png'),
        fullPage: true,
      });
    }
  });

  it('stacks the two texts on a phone', async () => {
    await teacher.setViewportSize({ width: 768, height: 1024 });
    try {
      // The assignment's buttons wrap rather than run off a tablet's screen.
      await teacher.goto(`/dashboard/assignment/${code}`);
      await teacher.getByRole('link', { name: 'Similar hand-ins' }).waitFor();
      expect(
        await teacher.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(768);
      await teacher.setViewportSize({ width: 360, height: 740 });
      await teacher.goto(`/dashboard/similar/${code}`);
      await teacher
        .getByRole('button', { name: 'Compare side by side: Ada Lovelace and Ben Copley' })
        .click();
      const ada = teacher.getByRole('article', { name: 'Ada Lovelace’s hand-in' });
      const ben = teacher.getByRole('article', { name: 'Ben Copley’s hand-in' });
      await ben.locator('mark').first().waitFor();
      // the pair opens below the list and the summary: brought to the top of the phone's screen
      const heading = teacher.getByRole('heading', {
        name: 'Ada Lovelace and Ben Copley side by side',
      });
      await expect.poll(async () => (await heading.boundingBox())!.y).toBeLessThan(100);
      expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(0);
      const [boxA, boxB] = [await ada.boundingBox(), await ben.boundingBox()];
      expect(boxB!.y).toBeGreaterThanOrEqual(boxA!.y + boxA!.height - 1);
      // Nothing wider than the screen.
      expect(
        await teacher.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(360);
      expect(await seriousViolations(teacher)).toEqual([]);
    } finally {
      await teacher.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('is in the teachers’ guide with its screenshot', async () => {
    await teacher.goto('/dashboard/documentation/teachdoc');
    await teacher.getByRole('heading', { name: 'Similar hand-ins' }).waitFor();
    const shot = teacher.getByRole('img', { name: /^Similar hand-ins: the pair list/ });
    await shot.scrollIntoViewIfNeeded();
    await expect
      .poll(() => shot.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(600);
  });

  it('is not there for a student of the class', async () => {
    const sc = await newContext(browser, baseURL, 'phone');
    try {
      const page = await sc.newPage();
      await signUpInContext(page, baseURL, {
        name: 'Eve Nosy',
        email: `similar-eve-${Date.now()}@school.example`,
        role: 'student',
      });
      const headers = { origin: new URL(baseURL).origin };
      await page.request.post('/api/assignments/join', { headers, data: { code } });
      const res = await page.request.get(`/api/assignments/${code}/similarity`);
      expect(res.status()).toBe(403);
      await page.goto(`/dashboard/assignment/${code}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Similar hand-ins' }).count()).toBe(0);
    } finally {
      await sc.close();
    }
  });
});

// The screenshot folder exists for DOCS_SCREENSHOTS runs.
if (process.env.DOCS_SCREENSHOTS)
  fs.mkdirSync(path.resolve(import.meta.dirname, '../docs/images'), { recursive: true });
