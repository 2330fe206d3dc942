import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { signUpInContext, usePage } from './support/browser';

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

/**
 * Waits for `locator`, moving the page's clock (installed) on a second at a time meanwhile, so
 * the app's retries, which wait 1 s, 2 s… between attempts, come at once.
 */
async function shownAfterRetries(page: Page, locator: Locator): Promise<void> {
  for (let second = 0; second < 30 && !(await locator.isVisible()); second++)
    await page.clock.runFor(1000);
  await locator.waitFor();
}

describe('while the app or the session loads', () => {
  const t = usePage();
  beforeEach(async () => {
    const email = `loading-${crypto.randomBytes(5).toString('hex')}@example.com`;
    await signUpInContext(t.page, inject('baseURL'), { name: 'Lena', email, role: 'teacher' });
  });

  it('paints a loading frame before the scripts arrive', async () => {
    const release = await hold(t.page, '**/assets/*.js');
    await t.page.goto('/dashboard', { waitUntil: 'commit' });
    await t.page.getByText('Loading…').waitFor();
    expect(await t.page.getByText('Markwise').first().isVisible()).toBe(true);
    release();
    await t.page.getByRole('heading', { level: 1, name: /, Lena$/ }).waitFor();
  });

  it('shows the loading screen, not a blank page, until the session is known', async () => {
    const release = await hold(t.page, '**/api/session');
    await t.page.clock.install();
    await t.page.goto('/dashboard');
    const status = t.page.getByTestId('loading-screen');
    await status.waitFor();
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.textContent()).toContain('Loading…');
    // It stays for as long as the session takes, and no longer: 2.5 s pass at once, firing every
    // timer due.
    await t.page.clock.runFor(2500);
    expect(await status.isVisible()).toBe(true);
    release();
    await t.page.getByRole('heading', { level: 1, name: /, Lena$/ }).waitFor();
    expect(await status.count()).toBe(0);
  });

  it('offers to try again when the session cannot be read', async () => {
    await t.page.route('**/api/session', (route) => route.abort('connectionrefused'), { times: 4 });
    await t.page.clock.install();
    await t.page.goto('/dashboard');
    await shownAfterRetries(
      t.page,
      t.page.getByRole('heading', { name: 'We could not load your session' }),
    );
    await t.page.getByRole('button', { name: 'Try again' }).click();
    await shownAfterRetries(t.page, t.page.getByRole('heading', { level: 1, name: /, Lena$/ }));
  });

  it('shows an error page, not a blank screen, when a page fails to load', async () => {
    await t.page.route('**/assets/dashboard-home-*.js', (route) => route.abort('failed'));
    await t.page.goto('/dashboard');
    await t.page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await t.page.getByRole('link', { name: 'Back To Home' }).getAttribute('href')).toBe('/');
  });
});
