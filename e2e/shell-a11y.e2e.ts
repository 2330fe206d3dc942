import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { signUpInContext, useBrowser } from './support/browser';

const viewports = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };

describe('accessibility of the account pages and the dashboard shell (axe-core)', () => {
  const browser = useBrowser();

  async function open(viewport: { width: number; height: number }) {
    const context = await browser().newContext({
      baseURL: inject('baseURL'),
      viewport,
    });
    return { context, page: await context.newPage() };
  }
  const settle = (page: Page) => page.waitForLoadState('networkidle');

  for (const [size, viewport] of Object.entries(viewports)) {
    it(`has no serious violation on the forms with their banners (${size})`, async () => {
      const { context, page } = await open(viewport);
      await page.goto('/signup');
      await page.getByLabel('Password', { exact: true }).fill('123');
      await page.getByLabel('Confirm Password', { exact: true }).fill('123');
      await page.getByLabel('Name', { exact: true }).fill('A');
      await page.getByLabel('Email', { exact: true }).fill('a@example.com');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.getByRole('alert').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/login?error=access_denied');
      await page.getByRole('alert').waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`has no serious violation on the role page and the dashboard with its panels open (${size})`, async () => {
      const { context, page } = await open(viewport);
      const email = `a11y-shell-${crypto.randomBytes(4).toString('hex')}@example.com`;
      await signUpInContext(page, inject('baseURL'), { name: 'Asha Verma', email });
      await page.goto('/role');
      await page.getByRole('heading', { name: 'Welcome to Markwise!' }).waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Student' }).click();
      await page.getByRole('heading', { level: 1, name: /Asha Verma$/ }).waitFor();
      await page.getByText('No Assignments Found').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.locator('#user-menu').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Navigation' }).click();
        await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      }
      await context.close();
    });
  }
});
