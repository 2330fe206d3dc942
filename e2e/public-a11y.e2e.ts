import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { signUpInContext, useBrowser } from './support/browser';

const viewports = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };

/** Pages a visitor sees, then pages of the dashboard (checked signed in as a teacher). */
const publicPages = ['/', '/login', '/signup', '/forgot-password', '/reset-password?token=abc'];
const dashboardPages = [
  '/dashboard/upgrade-to-pro',
  '/dashboard/documentation',
  '/dashboard/documentation/teachdoc',
  '/dashboard/documentation/studoc',
  '/dashboard/support',
  '/dashboard/changelog',
];

describe('accessibility (axe-core): no serious or critical violation', () => {
  const browser = useBrowser();

  for (const [size, viewport] of Object.entries(viewports)) {
    it.each(publicPages)(`on %s (${size})`, async (url) => {
      const context = await browser().newContext({
        baseURL: inject('baseURL'),
        viewport,
      });
      const page = await context.newPage();
      await page.goto(url);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`on the upgrade, docs, help and changelog pages (${size})`, async () => {
      const baseURL = inject('baseURL');
      const context = await browser().newContext({ baseURL, viewport });
      const page = await context.newPage();
      const email = `a11y-${crypto.randomBytes(4).toString('hex')}@example.com`;
      await signUpInContext(page, baseURL, { name: 'Asha', email, role: 'teacher' });
      const found: Record<string, unknown> = {};
      for (const url of dashboardPages) {
        await page.goto(url);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        const violations = await seriousViolations(page);
        if (violations.length) found[url] = violations;
      }
      expect(found).toEqual({});
      await context.close();
    });
  }
});
