import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { signUpInContext, useBrowser } from './support/browser';

/** Every link to `pathPart` in the emails to `to` in the shared server's outbox (no SMTP_URL). */
async function linksFromOutbox(to: string, pathPart: string): Promise<string[]> {
  const dir = path.join(inject('dataDir'), 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
  const links: string[] = [];
  for (const file of files) {
    const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
    if (!(mail.to && 'text' in mail.to ? mail.to.text : '').includes(to)) continue;
    const link = new RegExp(`https?://\\S+${pathPart}\\S+`).exec(mail.text ?? '')?.[0];
    if (link) links.push(link);
  }
  return links;
}

const axeClean = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
};

describe('email address and email settings', () => {
  const browser = useBrowser();

  it('a student confirms her address from the banner’s resent email and turns receipts off', async () => {
    const baseURL = inject('baseURL');
    const email = `verify-${crypto.randomBytes(5).toString('hex')}@example.com`;
    const context = await browser().newContext({ baseURL });
    const page = await context.newPage();
    await signUpInContext(page, baseURL, { name: 'Isha Sen', email, role: 'student', http: true });

    await page.goto('/dashboard');
    const banner = page.getByRole('complementary', { name: 'Please confirm your email address' });
    await banner.waitFor();
    await axeClean(page);
    await banner.getByRole('button', { name: 'Resend the email' }).click();
    await expect
      .poll(() => banner.getByRole('status').textContent())
      .toBe('Sent. Check your inbox (and your spam folder).');
    // The sign-up's email and the resent one, each with its own working link.
    let links: string[] = [];
    await expect
      .poll(async () => (links = await linksFromOutbox(email, '/api/auth/verify-email')).length, {
        timeout: 15_000,
      })
      .toBe(2);
    await page.goto(links[1]!);
    await page.waitForURL('**/dashboard?verified=1');
    await page.getByText('Your email address is confirmed. Thank you.').waitFor();
    expect(await banner.count()).toBe(0);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Email settings' }).click();
    await page.waitForURL('**/dashboard/settings');
    const receipts = page.getByRole('checkbox', { name: 'Hand-in receipts' });
    expect(await receipts.isChecked()).toBe(true);
    await axeClean(page);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/email-settings') && r.request().method() === 'PUT',
    );
    // A plain click: the switch is a controlled input that React moves once the change is
    // taken (optimistically, before the save), which uncheck() may look at too early.
    await receipts.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => receipts.isChecked()).toBe(false);
    await page.reload();
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Hand-in receipts' }).isChecked())
      .toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Marks published' }).isChecked()).toBe(true);
    await context.close();
  });
});
