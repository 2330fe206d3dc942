import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, signUpInContext, useBrowser } from './support/browser';

const sections = ['home', 'about', 'features', 'team', 'contact'];

/** The visible top navigation (the desktop bar or the open phone menu). */
const topNav = (page: Page) => page.getByRole('navigation', { name: 'Page sections' });

/** Which top-navigation link is marked as the section in view. */
const activeLink = (page: Page) =>
  page.locator('header a[aria-current="location"]:visible').first().textContent();

/** Whether the element's top edge is within the viewport (below the sticky bar). */
const topInView = (page: Page, id: string) =>
  page.evaluate((id) => {
    const top = document.getElementById(id)!.getBoundingClientRect().top;
    return top >= -2 && top < window.innerHeight / 2;
  }, id);

describe('the landing page', () => {
  const browser = useBrowser();

  it('shows home, about, features, team, contact and footer in that order, with a title and description', async () => {
    const context = await newContext(browser(), inject('baseURL'));
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const order = await page.evaluate(() =>
      [...document.querySelectorAll('section[id], footer')].map((el) => el.id || el.tagName),
    );
    expect(order).toEqual([...sections, 'FOOTER']);
    expect(await page.title()).toMatch(/Markwise/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/model answer/);
    await expect.poll(() => page.locator('#team li').count()).toBe(6);
    await context.close();
  });

  it('loads the public pages signed out without a single error in the console', async () => {
    const context = await newContext(browser(), inject('baseURL'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    for (const path of ['/', '/login', '/signup']) {
      const session = page.waitForResponse('**/api/session');
      await page.goto(path);
      expect((await session).status()).toBe(200);
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scrolls to a section from its link and marks the link of the section in view', async () => {
    const context = await newContext(browser(), inject('baseURL'), 'desktop');
    const page = await context.newPage();
    await page.goto('/');
    await topNav(page).getByRole('link', { name: 'Home' }).waitFor();
    expect(await activeLink(page)).toBe('Home');

    await topNav(page).getByRole('link', { name: 'Features' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#features');
    await expect.poll(() => topInView(page, 'features')).toBe(true);
    await expect.poll(() => activeLink(page)).toBe('Features');

    // Scrolling by hand moves the mark too.
    await page.evaluate(() =>
      document.getElementById('team')!.scrollIntoView({ behavior: 'instant' }),
    );
    await expect.poll(() => activeLink(page)).toBe('Team');
    await page.evaluate(() =>
      window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
    );
    await expect.poll(() => activeLink(page)).toBe('Contact');
    expect(await page.locator('header a[aria-current]:visible').count()).toBe(1);
    await context.close();
  });

  it('opens at the section named in the address', async () => {
    const context = await newContext(browser(), inject('baseURL'), 'tablet');
    const page = await context.newPage();
    await page.goto('/#team');
    await page.locator('#team h2').waitFor();
    await expect.poll(() => topInView(page, 'team')).toBe(true);
    await expect.poll(() => activeLink(page)).toBe('Team');
    await context.close();
  });

  it('folds the links into a keyboard-usable menu on a phone that closes after a choice', async () => {
    const context = await newContext(browser(), inject('baseURL'), 'phone');
    const page = await context.newPage();
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    expect(await topNav(page).count()).toBe(0);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await topNav(page).getByRole('link', { name: 'About' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Menu',
    );

    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await topNav(page).getByRole('link', { name: 'Team' }).click();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await topNav(page).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#team');
    await expect.poll(() => topInView(page, 'team')).toBe(true);
    await context.close();
  });

  it('offers Get Started to a visitor, leading to /signup', async () => {
    const context = await newContext(browser(), inject('baseURL'));
    const page = await context.newPage();
    await page.goto('/');
    const cta = page.locator('header').getByRole('link', { name: 'Get Started' });
    await cta.waitFor();
    expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    await cta.click();
    await page.waitForURL('**/signup');
    await context.close();
  });

  it('offers Dashboard to a signed-in user, leading to /dashboard', async () => {
    const baseURL = inject('baseURL');
    const context = await newContext(browser(), baseURL);
    const page = await context.newPage();
    const email = `landing-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await signUpInContext(page, baseURL, { name: 'Lena', email, role: 'teacher' });
    await page.goto('/');
    const cta = page.locator('header').getByRole('link', { name: 'Dashboard' });
    await cta.waitFor();
    expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
    await cta.click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  it('fits 360, 768 and 1280 pixel screens without sideways scrolling or layout shift', async () => {
    for (const size of ['phone', 'tablet', 'desktop'] as const) {
      const context = await newContext(browser(), inject('baseURL'), size);
      const page = await context.newPage();
      await page.addInitScript(() => {
        (window as unknown as { shift: number }).shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            (window as unknown as { shift: number }).shift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/');
      await page.locator('header').getByRole('link', { name: 'Get Started' }).waitFor();
      await page.waitForTimeout(300);
      const { overflow, shift } = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        shift: (window as unknown as { shift: number }).shift,
      }));
      expect(overflow, size).toBeLessThanOrEqual(0);
      expect(shift, size).toBeLessThan(0.02);
      await context.close();
    }
  });
});
