import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contactMessages } from '../src/shared/contact-messages';
import { messages } from '../src/shared/messages';
import { parseChangelog } from '../src/web/features/docs/changelog';
import {
  newContext,
  releaseBrowser,
  signUpInContext,
  useBrowser,
  workerBrowser,
} from './support/browser';
import { withDatabase } from './support/database';

const root = path.resolve(import.meta.dirname, '..');

/** A teacher's browser context: the dashboard pages need a session with a role. */
async function teacherContext(browser: Browser, size: 'phone' | 'desktop' = 'desktop') {
  const baseURL = inject('baseURL');
  const context = await newContext(browser, baseURL, size);
  const page = await context.newPage();
  const email = `pages-${crypto.randomBytes(4).toString('hex')}@example.com`;
  await signUpInContext(page, baseURL, { name: 'Tara', email, role: 'teacher' });
  return { context, page };
}

const expanded = (page: Page) =>
  page
    .locator('main button[aria-expanded]')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded') === 'true'));

describe('the dashboard’s public pages', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await workerBrowser();
    ({ context, page } = await teacherContext(browser));
  });
  afterAll(async () => {
    await context.close();
    await releaseBrowser(browser);
  });

  it('Help answers five questions, one open at a time, by mouse and keyboard', async () => {
    await page.goto('/dashboard/support');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    await expect.poll(() => expanded(page)).toEqual([true, false, false, false, false]);
    const questions = page.locator('main button[aria-expanded]');
    const third = questions.nth(2);
    const panelId = (await third.getAttribute('aria-controls'))!;
    expect(await page.locator(`[id="${panelId}"]`).isVisible()).toBe(false);

    await third.click();
    expect(await expanded(page)).toEqual([false, false, true, false, false]);
    expect(await page.locator(`[id="${panelId}"]`).isVisible()).toBe(true);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await expanded(page)).toEqual([false, false, false, true, false]);
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    expect(await expanded(page)).toEqual([true, false, false, false, false]);
    await page.keyboard.press('Enter');
    expect(await expanded(page)).toEqual([false, false, false, false, false]);
    expect(await page.title()).toMatch(/^Help/);
  });

  it('Changelog shows every release of CHANGELOG.md, newest first, with its date', async () => {
    const entries = parseChangelog(fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'));
    await page.goto('/dashboard/changelog');
    await page.getByRole('heading', { name: 'Changelog', level: 1 }).waitFor();
    const shown = await page.locator('main article h2').allTextContents();
    expect(shown).toEqual(entries.map((e) => `v${e.version}`));
    const dates = await page
      .locator('main article time')
      .evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')));
    expect(dates).toEqual(entries.map((e) => e.date));
    const firstChange = entries[0]!.changes[0]!.replace(/[`*]/g, '');
    expect(await page.locator('main article').first().textContent()).toContain(firstChange);
  });

  it('Upgrade to Pro offers the monthly and yearly plans, each opening the contact form with the plan filled in', async () => {
    await page.goto('/dashboard/upgrade-to-pro');
    await page.getByRole('heading', { name: 'Monthly' }).waitFor();
    const main = page.locator('main');
    expect(await main.textContent()).toMatch(/₹300\s*\/ month/);
    expect(await main.textContent()).toMatch(/₹3,200\s*\/ year/);
    const monthly = page.locator('main li', {
      has: page.getByRole('heading', { name: 'Monthly' }),
    });
    expect(await monthly.textContent()).toContain('Premium support for 1 month');
    expect(await monthly.textContent()).toContain('Image evaluation (not included)');
    const yearly = page.locator('main li', { has: page.getByRole('heading', { name: 'Yearly' }) });
    expect(await yearly.textContent()).toContain('Premium support for 12 months');
    expect(await yearly.textContent()).not.toContain('not included');
    const buttons = page.getByRole('button', { name: /Get started with the/ });
    expect(await buttons.count()).toBe(2);
    await buttons.last().click();
    // the request goes to the team through the contact form, with the plan and the teacher filled in
    const form = page.getByRole('form', { name: 'Ask for the Yearly plan' });
    await form.waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/upgrade-to-pro');
    expect(await form.getByLabel('Name').inputValue()).toBe('Tara');
    expect(await form.getByLabel('Email').inputValue()).toMatch(/^pages-.*@example\.com$/);
    expect(await form.getByLabel('Message').inputValue()).toContain('Yearly plan (₹3,200 / year)');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-phone');
    await form.getByLabel('Phone').fill('+91 98450 12345');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(contactMessages.sent).waitFor();
    const stored = withDatabase(inject('dataDir'), (db) =>
      db
        .prepare("select message from contact_message where name = 'Tara' order by created_at desc")
        .get(),
    ) as { message: string } | undefined;
    expect(stored?.message).toContain('Yearly plan');
  });

  it('Upgrade to Pro is for teachers: a student is told so and offered no plan', async () => {
    const baseURL = inject('baseURL');
    const studentContext = await newContext(browser, baseURL);
    const student = await studentContext.newPage();
    const email = `pages-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await signUpInContext(student, baseURL, { name: 'Sam', email, role: 'student' });
    await student.goto('/dashboard/upgrade-to-pro');
    await student.getByRole('heading', { name: 'Upgrade to Pro', level: 1 }).waitFor();
    await student.getByText('Plans are for teachers and schools').waitFor();
    expect(await student.getByRole('link', { name: /Get started/ }).count()).toBe(0);
    expect(await student.getByRole('button', { name: /Get started/ }).count()).toBe(0);
    await studentContext.close();
  });

  it('Documentation leads to the teachers’ and students’ guides', async () => {
    await page.goto('/dashboard/documentation');
    await page.getByRole('link', { name: /For teachers/ }).click();
    await page.waitForURL('**/dashboard/documentation/teachdoc');
    await page.getByRole('heading', { name: 'Markwise for teachers', level: 1 }).waitFor();
    for (const step of [
      'Create the assignment',
      'Share the class code',
      'Grading with Evaluate Now',
      'Review and correct marks',
      'Publish, regrades and export',
    ])
      await page.getByRole('heading', { name: step }).waitFor();
    await page.getByRole('link', { name: '← Documentation' }).click();
    await page.getByRole('link', { name: /For students/ }).click();
    await page.waitForURL('**/dashboard/documentation/studoc');
    await page.getByRole('heading', { name: 'Markwise for students', level: 1 }).waitFor();
    expect(await page.locator('main').textContent()).toContain('one PDF file under 500 kB');
  });
});

// The 404 page belongs to the dashboard shell work; until it lands in this branch the route is a stub.
const notFoundIsStub = fs
  .readFileSync(path.join(root, 'src/web/app/routes/not-found.tsx'), 'utf8')
  .includes('TODO(owner)');

describe.skipIf(notFoundIsStub)('the 404 page', () => {
  const browser = useBrowser();

  it.each(['/some/unknown', '/dashboard/unknown'])(
    'answers %s and leads back home',
    async (url) => {
      const { context, page } = await teacherContext(browser(), 'phone');
      await page.goto(url);
      await page.getByRole('heading', { name: messages.notFoundTitle }).waitFor();
      await page.getByRole('link', { name: messages.backToHome }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await context.close();
    },
  );
});
