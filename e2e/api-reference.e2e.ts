import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';

describe('the API reference at /api/docs', () => {
  const browser = useBrowser();

  it('lists the operations from /api/openapi.json, offline and under our CSP', async () => {
    const baseURL = inject('baseURL');
    const context = await browser().newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const outside: string[] = [];
    const cspErrors: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== new URL(baseURL).origin && !r.url().startsWith('data:'))
        outside.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
        cspErrors.push(m.text());
    });
    await page.goto('/api/docs');
    await page
      .getByRole('heading', { name: /Markwise API/ })
      .first()
      .waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/assignments/join' }).waitFor();
    const health = page.locator('.opblock-summary', { hasText: '/api/health' }).first();
    expect(await health.textContent()).toContain('Whether the server and its database answer');
    await health.click();
    await page
      .getByText('Up: {"status": "ok"}')
      .or(page.locator('.responses-table'))
      .first()
      .waitFor();
    expect(outside).toEqual([]);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violation', async () => {
    const context = await browser().newContext({ baseURL: inject('baseURL') });
    const page = await context.newPage();
    await page.goto('/api/docs');
    await page.locator('.opblock').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // …and with an operation opened: its parameters, body and replies.
    await page
      .locator('.opblock-summary', { hasText: '/api/assignments/{code}/submissions/{id}/marks' })
      .click();
    await page.locator('.opblock-body .parameters').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/contract-docs.png', fullPage: false });
    await context.close();
  });
});
