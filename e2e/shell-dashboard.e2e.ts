import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { newContext, releaseBrowser, signUpInContext, workerBrowser } from './support/browser';

type Role = 'teacher' | 'student';

const path = (page: Page) => new URL(page.url()).pathname;
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const greetingHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name: new RegExp(`, ${name}$`) });

describe('the dashboard shell', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
  });
  afterEach(async () => {
    await context?.close();
  });

  /** A new signed-in user with a role, on a fresh desktop-size context (optionally in a time zone). */
  async function signedIn(role: Role, name = 'Ravi Kumar', timezoneId?: string) {
    context = timezoneId
      ? await browser.newContext({
          baseURL: inject('baseURL'),
          viewport: { width: 1280, height: 800 },
          timezoneId,
        })
      : await newContext(browser, inject('baseURL'));
    const page = await context.newPage();
    const email = `shell-${crypto.randomBytes(5).toString('hex')}@example.com`;
    await signUpInContext(page, inject('baseURL'), { name, email, role });
    return { page, email };
  }

  it.each<[Role, string[], string]>([
    ['teacher', ['Classes', 'Create Assignment', 'Upgrade to Pro'], 'Join Assignment'],
    // students cannot buy a plan: Upgrade to Pro is a teacher's link
    ['student', ['Join Assignment', 'Classes'], 'Create Assignment'],
  ])('shows the %s sidebar links in order', async (role, own, other) => {
    const { page } = await signedIn(role);
    await page.goto('/dashboard');
    await greetingHeading(page, 'Ravi Kumar').waitFor();
    const links = await sidebar(page).getByRole('link').allTextContents();
    expect(links.map((l) => l.trim())).toEqual([
      'Dashboard',
      ...own,
      'Changelog',
      'Documentation',
      'Help',
    ]);
    expect(await sidebar(page).getByRole('link', { name: other }).count()).toBe(0);
    await sidebar(page).getByRole('link', { name: 'Help' }).click();
    await expect.poll(() => path(page)).toBe('/dashboard/support');
    // The URL changes before the lazily loaded page renders; the link is marked once it has.
    await expect
      .poll(() => sidebar(page).getByRole('link', { name: 'Help' }).getAttribute('aria-current'))
      .toBe('page');
  });

  it('greets by name and shows the empty state for a new account', async () => {
    const { page } = await signedIn('student', 'Anika Rao');
    await page.goto('/dashboard');
    const hour = await page.evaluate(() => new Date().getHours());
    const expected = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
    expect(await greetingHeading(page, 'Anika Rao').textContent()).toBe(`${expected}, Anika Rao`);
    await page.getByText('Welcome to your dashboard...').waitFor();
    await page.getByText('No Assignments Found').waitFor();
  });

  it.each([
    ['09:30', 'Good morning'],
    ['11:59', 'Good morning'],
    ['12:00', 'Good afternoon'],
    ['17:59', 'Good afternoon'],
    ['18:00', 'Good evening'],
  ])('says the right greeting at %s local time', async (time, expected) => {
    // The browser's own clock and time zone decide, not the server's.
    const { page } = await signedIn('teacher', 'Anika Rao', 'Asia/Kolkata');
    await page.clock.setFixedTime(new Date(`2026-03-10T${time}:00+05:30`));
    await page.goto('/dashboard');
    expect(await greetingHeading(page, 'Anika Rao').textContent()).toBe(`${expected}, Anika Rao`);
  });

  it('opens the avatar menu with name, ROLE and email, and signs out to the landing page', async () => {
    const { page, email } = await signedIn('teacher', 'Ravi Kumar');
    await page.goto('/dashboard');
    await greetingHeading(page, 'Ravi Kumar').waitFor();
    const button = page.getByRole('button', { name: 'Account menu' });
    const menu = page.locator('#user-menu');
    expect(await menu.isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByText('Ravi Kumar', { exact: true }).isVisible()).toBe(true);
    expect(await menu.getByText('TEACHER', { exact: true }).isVisible()).toBe(true);
    expect(await menu.getByText(email, { exact: true }).isVisible()).toBe(true);

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);

    await button.click();
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => path(page)).toBe('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('shows the sidebar beside the page on a desktop, without a toggle', async () => {
    const { page } = await signedIn('student');
    await page.goto('/dashboard');
    await greetingHeading(page, 'Ravi Kumar').waitFor();
    expect(await sidebar(page).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Navigation' }).isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Markwise dashboard' }).click();
    expect(path(page)).toBe('/dashboard');
  });
});
