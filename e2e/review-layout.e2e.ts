import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf } from '../src/server/test/uploads';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import { createByApi, joinByApi, scrollsSideways, userPage } from './support/classroom-pages';

/**
 * The grades page at a laptop's size and the review panel on a phone: the list is the page, not a
 * scroll box under the panels; the answer PDF is one press away and big enough to read.
 */
describe('the grades table and the review panel at desktop and phone sizes', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let code: string;
  let teacherEmail: string;
  beforeAll(async () => {
    browser = await workerBrowser();
    const t = await userPage(browser, baseURL, { name: 'Mr Lee', role: 'teacher' });
    teacherEmail = t.email;
    code = await createByApi(t.page, baseURL, {
      title: 'Biology, three questions',
      questionPaper: await makePdf(['Q1. Osmosis?', 'Q2. Diffusion?']),
      modelAnswer: await makePdf(['1. Water moves across a membrane.', '2. Particles spread.']),
    });
    for (let i = 0; i < 12; i++) {
      const s = await userPage(browser, baseURL, { name: `Pupil ${i + 1}`, role: 'student' });
      await joinByApi(
        s.page,
        baseURL,
        code,
        Buffer.from(await makePdf([`1. Water moves across a membrane, answer ${i + 1}.`])),
      );
      await s.context.close();
    }
    // a few marks, so the class statistics show too
    const list = (await (
      await t.page.request.get(`/api/assignments/${code}/submissions`)
    ).json()) as {
      submissions: Array<{ id: string }>;
    };
    for (const [i, row] of list.submissions.slice(0, 3).entries()) {
      const res = await t.page.request.put(`/api/assignments/${code}/submissions/${row.id}/marks`, {
        headers: { origin: new URL(baseURL).origin },
        data: { marks: 4 + i },
      });
      expect(res.ok()).toBe(true);
    }
    await t.context.close();
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  /** The teacher, signed in afresh in a context of the given size. */
  const teacher = async (size: 'phone' | 'desktop') => {
    const context = await browser.newContext({
      baseURL,
      viewport: size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const res = await page.request.post('/api/auth/sign-in/email', {
      headers: { origin: new URL(baseURL).origin },
      data: { email: teacherEmail, password: 'secret123' },
    });
    expect(res.ok()).toBe(true);
    await page.goto(`/dashboard/gradetable/${code}`);
    await page.getByRole('region', { name: 'Grades' }).waitFor();
    return page;
  };

  it('at 1280×800 the list is not a scroll box, and comes before publishing, rubric and statistics', async () => {
    const page = await teacher('desktop');
    const grades = page.getByRole('region', { name: 'Grades' });
    const box = await grades.evaluate((el) => ({
      maxHeight: getComputedStyle(el).maxHeight,
      scrolls: el.scrollHeight > el.clientHeight + 1,
      top: el.getBoundingClientRect().top + window.scrollY,
    }));
    expect(box.maxHeight).toBe('none');
    expect(box.scrolls).toBe(false);
    // the list starts on the first screen
    expect(box.top).toBeLessThan(800);
    expect(await grades.getByRole('row').count()).toBe(13);
    for (const panel of ['Publishing', 'Rubric', 'Class statistics']) {
      const heading = page.getByRole('heading', { name: panel, exact: true });
      expect(
        await heading.evaluate((el) => el.getBoundingClientRect().top + window.scrollY),
      ).toBeGreaterThan(
        box.top + (await grades.evaluate((el) => el.getBoundingClientRect().height)),
      );
    }
    // its header stays in view below the top bar as the page scrolls past the list's top
    await page.mouse.wheel(0, Math.ceil(box.top) + 100);
    await expect
      .poll(() =>
        grades.locator('thead').evaluate((el) => Math.round(el.getBoundingClientRect().top)),
      )
      .toBe(64);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('on a phone the answer PDF is one press away at the top of the review, drawn to the width, with zoom', async () => {
    const page = await teacher('phone');
    await page.getByRole('button', { name: 'Details for Pupil 1', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Answer details' });
    const show = panel.getByRole('button', { name: 'Answer PDF' });
    const at = (await show.boundingBox())!;
    expect(at.y + at.height).toBeLessThan(740 / 2);
    await show.click();
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    const first = panel.getByRole('img', { name: "Page 1 of 1, Pupil 1's answer" });
    await page.locator('canvas[data-drawn]').waitFor();
    const fit = (await first.boundingBox())!;
    expect(fit.width).toBeGreaterThanOrEqual(300);
    expect(fit.y).toBeLessThan(740 / 2);
    await panel.getByRole('button', { name: 'Zoom in' }).click();
    await expect
      .poll(async () => Math.round(((await first.boundingBox())!.width / fit.width) * 10) / 10)
      .toBe(1.5);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Marks and feedback' }).click();
    expect(await first.count()).toBe(0);
    await page.context().close();
  });
});
