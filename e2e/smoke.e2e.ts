import { describe, expect, inject, it } from 'vitest';
import { newContext, useBrowser } from './support/browser';

describe('the built app', () => {
  const browser = useBrowser();

  it('answers a deep link with the web app', async () => {
    const context = await newContext(browser(), inject('baseURL'));
    const page = await context.newPage();
    const res = await page.goto('/dashboard/changelog');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('no-cache');
    await page.waitForSelector('#root > *');
    await context.close();
  });
});
