import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { seriousViolations } from './support/axe';
import { signUpInContext, useBrowser } from './support/browser';

/** The reset link in the email to `to`, read from the shared server's outbox (no SMTP_URL there). */
async function linkFromOutbox(to: string): Promise<string> {
  const dir = path.join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      const recipients = mail.to && 'text' in mail.to ? mail.to.text : '';
      if (!recipients.includes(to)) continue;
      const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text ?? '')?.[0];
      // Her address verification email comes first: the reset one is the one with the link.
      if (!link) continue;
      return link;
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const axeClean = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
};

describe('forgotten password', () => {
  const browser = useBrowser();

  it('a student asks for a link, sets a new password from the email and logs in with it', async () => {
    const baseURL = inject('baseURL');
    const email = `forgot-${crypto.randomBytes(5).toString('hex')}@example.com`;
    // Her laptop, still signed in.
    const laptop = await browser().newContext({ baseURL });
    await signUpInContext(await laptop.newPage(), baseURL, {
      name: 'Ananya Rao',
      email,
      password: 'old-secret',
      role: 'student',
    });

    // Her phone, signed out: from the log-in page, by keyboard.
    const phone = await browser().newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
    });
    const page = await phone.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/forgot-password');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Forgot your password?');
    await axeClean(page);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').textContent()).toBe(messages.resetLinkSent);
    await axeClean(page);

    const link = await linkFromOutbox(email);
    expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Set a new password');
    await axeClean(page);
    await page.getByLabel('New Password', { exact: true }).fill('new-secret');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('new-secret');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(messages.passwordReset);
    await axeClean(page);

    await page.getByRole('link', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('new-secret');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/dashboard**');

    // The link works once.
    const again = await phone.newPage();
    await again.goto(link);
    await again.getByLabel('New Password', { exact: true }).fill('third-secret');
    await again.getByLabel('Confirm New Password', { exact: true }).fill('third-secret');
    await again.getByRole('button', { name: 'Set New Password' }).click();
    await expect.poll(() => again.getByRole('alert').textContent()).toBe(messages.resetLinkInvalid);
    expect(await again.getByRole('link', { name: 'Ask for a New Link' }).count()).toBe(1);
    await axeClean(again);

    // The laptop's session ended with the reset.
    const session = await laptop.request.get('/api/session');
    expect(await session.json()).toMatchObject({ user: null });
  });
});
