import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, signUpInContext } from './support/browser';

/** Holds every request matching `pattern` until the returned function is called. */
async function hold(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('while the app or the session loads', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    context = await newContext(browser, inject('baseURL'));
    page = await context.newPage();
    const email = `loading-${crypto.randomBytes(5).toString('hex')}@example.com`;
    await signUpInContext(page, inject('baseURL'), { name: 'Lena', email, role: 'teacher' });
  });
  afterEach(async () => {
    await context.close();
  });

  it('paints a loading frame before the scripts arrive', async () => {
    const release = await hold(page, '**/assets/*.js');
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.getByText('Loading…').waitFor();
    expect(await page.getByText('Markwise').first().isVisible()).toBe(true);
    release();
    await page.getByRole('heading', { level: 1, name: /, Lena$/ }).waitFor();
  });

  it('shows the loading screen, not a blank page, until the session is known', async () => {
    const release = await hold(page, '**/api/session');
    await page.goto('/dashboard');
    const status = page.getByTestId('loading-screen');
    await status.waitFor();
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.textContent()).toContain('Loading…');
    // It stays for as long as the session takes, and no longer.
    await page.waitForTimeout(2500);
    expect(await status.isVisible()).toBe(true);
    release();
    await page.getByRole('heading', { level: 1, name: /, Lena$/ }).waitFor();
    expect(await status.count()).toBe(0);
  });

  it('offers to try again when the session cannot be read', async () => {
    await page.route('**/api/session', (route) => route.abort('connectionrefused'), { times: 4 });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'We could not load your session' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: /, Lena$/ }).waitFor();
  });

  it('shows an error page, not a blank screen, when a page fails to load', async () => {
    await page.route('**/assets/dashboard-home-*.js', (route) => route.abort('failed'));
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back To Home' }).getAttribute('href')).toBe('/');
  });
});
