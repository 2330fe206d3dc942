import crypto from 'node:crypto';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { contactMessages } from '../src/shared/contact-messages';
import { newContext, useBrowser } from './support/browser';

/** Contact messages stored by the running server, read straight from its SQLite file. */
function storedMessages(): Array<{ name: string; email: string; phone: string; message: string }> {
  const db = new Sqlite(path.join(inject('dataDir'), 'markwise.db'), { readonly: true });
  try {
    return db.prepare('select name, email, phone, message from contact_message').all() as never;
  } finally {
    db.close();
  }
}

async function fill(page: Page, values: Record<'Name' | 'Email' | 'Phone' | 'Message', string>) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
}

describe('the contact form', () => {
  const browser = useBrowser();

  it('sends a message, shows the success state and stores it in the database', async () => {
    const context = await newContext(browser(), inject('baseURL'), 'phone');
    const page = await context.newPage();
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Contact the Markwise team' });
    await form.waitFor();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Phone', { exact: true }).getAttribute('type')).toBe('tel');
    const message = `Can our school try Markwise? ${crypto.randomBytes(4).toString('hex')}`;
    await fill(page, {
      Name: 'Priya Nair',
      Email: 'priya@school.example',
      Phone: '+91 98450 12345',
      Message: message,
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText(contactMessages.sent).waitFor();
    expect(storedMessages()).toContainEqual({
      name: 'Priya Nair',
      email: 'priya@school.example',
      phone: '+91 98450 12345',
      message,
    });
    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    await context.close();
  });

  it('blocks a message with a missing field, says which, and sends nothing', async () => {
    const context = await newContext(browser(), inject('baseURL'), 'desktop');
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) posts.push(r.method());
    });
    await page.goto('/#contact');
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    // Only Ravi's: other files send messages to the same server at the same time.
    const ravis = () => storedMessages().filter((m) => m.name === 'Ravi').length;
    const before = ravis();
    await fill(page, { Name: 'Ravi', Email: 'ravi@school.example', Phone: '', Message: 'Hello' });
    await page.getByRole('button', { name: 'Send message' }).click();

    const phone = page.getByLabel('Phone', { exact: true });
    await page.getByText(contactMessages.phoneInvalid).waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-phone');
    expect(await page.getByRole('status').count()).toBe(0);

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await phone.fill('080 4000 1234');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(contactMessages.emailInvalid).waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBeNull();

    expect(posts).toEqual([]);
    expect(ravis()).toBe(before);
    await context.close();
  });

  it('keeps what was typed and says so when the message cannot be sent', async () => {
    const context = await newContext(browser(), inject('baseURL'), 'tablet');
    const page = await context.newPage();
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal_error', message: 'x' } }),
      }),
    );
    await page.goto('/#contact');
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    await fill(page, {
      Name: 'Anu',
      Email: 'anu@school.example',
      Phone: '0804000123',
      Message: 'Hi',
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('alert').getByText(contactMessages.failed).waitFor();
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Hi');
    await context.close();
  });
});
