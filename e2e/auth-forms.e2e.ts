import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, signUpInContext } from './support/browser';

const email = () => `form-${crypto.randomBytes(5).toString('hex')}@example.com`;
const path = (page: Page) => new URL(page.url()).pathname;
const banner = (page: Page) => page.getByRole('alert');

async function fillSignup(
  page: Page,
  form: { name: string; email: string; password: string; confirm: string },
) {
  await page.getByLabel('Name', { exact: true }).fill(form.name);
  await page.getByLabel('Email', { exact: true }).fill(form.email);
  await page.getByLabel('Password', { exact: true }).fill(form.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(form.confirm);
}

describe('log-in and sign-up forms', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    context = await newContext(browser, inject('baseURL'));
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  describe('sign-up', () => {
    it('refuses a password shorter than 6 characters and sends nothing', async () => {
      let posted = false;
      page.on('request', (r) => (posted ||= r.url().includes('/api/auth/sign-up')));
      await page.goto('/signup');
      await fillSignup(page, {
        name: 'Short',
        email: email(),
        password: '12345',
        confirm: '12345',
      });
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      expect(await banner(page).textContent()).toBe('Passwords should have at least 6 characters');
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(posted).toBe(false);
    });

    it('refuses a confirmation that does not match', async () => {
      await page.goto('/signup');
      await fillSignup(page, {
        name: 'Typo',
        email: email(),
        password: 'secret1',
        confirm: 'secret2',
      });
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      expect(await banner(page).textContent()).toBe('Passwords do not match');
      expect(path(page)).toBe('/signup');
    });

    it('says an existing email already has an account, with a link to log in', async () => {
      const taken = email();
      const other = await context.newPage();
      await signUpInContext(other, inject('baseURL'), { name: 'First', email: taken });
      await context.clearCookies();
      await page.goto('/signup');
      await fillSignup(page, {
        name: 'Second',
        email: taken,
        password: 'secret1',
        confirm: 'secret1',
      });
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      expect(await banner(page).textContent()).toBe('Email already exists. Please log in');
      await banner(page).getByRole('link', { name: 'log in' }).click();
      await expect.poll(() => path(page)).toBe('/login');
    });

    it('shows and hides each password', async () => {
      await page.goto('/signup');
      const password = page.getByLabel('Password', { exact: true });
      const confirm = page.getByLabel('Confirm Password', { exact: true });
      const toggle = page.getByRole('button', { name: 'Show password', exact: true });
      await password.fill('secret1');
      expect(await password.getAttribute('type')).toBe('password');
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      expect(await password.getAttribute('type')).toBe('text');
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await password.inputValue()).toBe('secret1');
      expect(await confirm.getAttribute('type')).toBe('password');
      await toggle.click();
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Show confirm password' }).click();
      expect(await confirm.getAttribute('type')).toBe('text');
    });
  });

  describe('log-in', () => {
    it('says "Wrong email or password" for a wrong password and stays on the page', async () => {
      const user = { name: 'Wrong', email: email(), password: 'secret1' };
      await signUpInContext(page, inject('baseURL'), user);
      await context.clearCookies();
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      expect(await banner(page).textContent()).toBe('Wrong email or password');
      expect(path(page)).toBe('/login');
      expect(await page.getByRole('button', { name: 'Log In', exact: true }).isEnabled()).toBe(
        true,
      );
    });

    it('disables the button while the log-in is on its way', async () => {
      const user = { name: 'Slow', email: email(), role: 'teacher' as const };
      await signUpInContext(page, inject('baseURL'), user);
      await context.clearCookies();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/auth/sign-in/email', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      const button = page.getByRole('button', { name: 'Log In', exact: true });
      await button.click();
      await expect.poll(() => button.isDisabled()).toBe(true);
      expect(await button.getAttribute('aria-busy')).toBe('true');
      release();
      await page.waitForURL('**/dashboard');
    });

    it('shows and hides the password', async () => {
      await page.goto('/login');
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('secret1');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('password');
    });
  });

  it('signs up, logs in, chooses Teacher once and reaches the dashboard', async () => {
    const user = { name: 'Meera Teacher', email: email(), password: 'secret1', confirm: 'secret1' };
    await page.goto('/signup');
    await fillSignup(page, user);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    const success = page.getByRole('status').filter({ hasText: 'Account created' });
    expect(await success.textContent()).toBe('Account created successfully. Log In');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');

    const visited: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && visited.push(path(page)));
    await page.getByRole('heading', { name: 'Welcome to Markwise!' }).waitFor();
    expect(path(page)).toBe('/role');
    await page.getByText('To get started, please select your role').waitFor();

    await page.getByRole('button', { name: 'Teacher' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: /, Meera Teacher$/ }).waitFor();
    expect(visited).toContain('/login');

    expect((await page.request.get('/api/me')).ok()).toBe(true);
    expect((await (await page.request.get('/api/me')).json()).role).toBe('teacher');

    // The role is chosen once: the role page now leads straight back to the dashboard.
    await page.goto('/role');
    await page.getByRole('heading', { name: /, Meera Teacher$/ }).waitFor();
    expect(path(page)).toBe('/dashboard');
  });
});
