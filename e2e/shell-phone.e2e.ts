import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { newContext, releaseBrowser, signUpInContext, workerBrowser } from './support/browser';

const path = (page: Page) => new URL(page.url()).pathname;

describe('the dashboard shell on a phone', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await workerBrowser();
    context = await newContext(browser, inject('baseURL'), 'phone');
    page = await context.newPage();
    const email = `phone-${crypto.randomBytes(5).toString('hex')}@example.com`;
    await signUpInContext(page, inject('baseURL'), { name: 'Phone User', email, role: 'student' });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
  });
  beforeEach(async () => {
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: /Phone User$/ }).waitFor();
  });

  const toggle = () => page.getByRole('button', { name: 'Navigation' });
  const menuButton = () => page.getByRole('button', { name: 'Account menu' });
  const sidebarOpen = () => page.getByRole('navigation', { name: 'Dashboard' }).isVisible();
  const menuOpen = () => page.locator('#user-menu').isVisible();

  it('hides the sidebar behind the toggle', async () => {
    expect(await sidebarOpen()).toBe(false);
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
    await toggle().click();
    await expect.poll(sidebarOpen).toBe(true);
    expect(await toggle().getAttribute('aria-expanded')).toBe('true');
    await toggle().click();
    await expect.poll(sidebarOpen).toBe(false);
  });

  it('never shows the menu and the sidebar at the same time', async () => {
    await toggle().click();
    await expect.poll(sidebarOpen).toBe(true);
    await menuButton().click();
    await expect.poll(menuOpen).toBe(true);
    await expect.poll(sidebarOpen).toBe(false);

    await toggle().click();
    await expect.poll(sidebarOpen).toBe(true);
    await expect.poll(menuOpen).toBe(false);
  });

  it('keeps them exclusive when opened from the keyboard too', async () => {
    await toggle().focus();
    await page.keyboard.press('Enter');
    await expect.poll(sidebarOpen).toBe(true);
    await menuButton().focus();
    await page.keyboard.press('Enter');
    await expect.poll(menuOpen).toBe(true);
    await expect.poll(sidebarOpen).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(menuOpen).toBe(false);
  });

  it('closes the sidebar when one of its links is followed', async () => {
    await toggle().click();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Changelog' })
      .click();
    await expect.poll(() => path(page)).toBe('/dashboard/changelog');
    await expect.poll(sidebarOpen).toBe(false);
    expect(await toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the menu and the sidebar when the address changes by Back', async () => {
    await toggle().click();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Help' })
      .click();
    await expect.poll(() => path(page)).toBe('/dashboard/support');
    // The address changes just before the new page renders; open the menu on the rendered page.
    await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();

    await menuButton().click();
    await expect.poll(menuOpen).toBe(true);
    await page.goBack();
    await expect.poll(() => path(page)).toBe('/dashboard');
    await expect.poll(menuOpen).toBe(false);

    await toggle().click();
    await expect.poll(sidebarOpen).toBe(true);
    await page.goForward();
    await expect.poll(() => path(page)).toBe('/dashboard/support');
    await expect.poll(sidebarOpen).toBe(false);
  });

  it('closes the sidebar on a tap outside it', async () => {
    await toggle().click();
    await expect.poll(sidebarOpen).toBe(true);
    await page.mouse.click(340, 400);
    await expect.poll(sidebarOpen).toBe(false);
    expect(path(page)).toBe('/dashboard');
  });

  it('fits the phone screen without sideways scrolling', async () => {
    await menuButton().click();
    await expect.poll(menuOpen).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const box = await page.locator('#user-menu').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  });
});
