import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signUpInContext, usePage } from './support/browser';

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
  const t = usePage();

  describe('sign-up', () => {
    it('refuses a password shorter than 6 characters and sends nothing', async () => {
      let posted = false;
      t.page.on('request', (r) => (posted ||= r.url().includes('/api/auth/sign-up')));
      await t.page.goto('/signup');
      await fillSignup(t.page, {
        name: 'Short',
        email: email(),
        password: '12345',
        confirm: '12345',
      });
      await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      expect(await banner(t.page).textContent()).toBe(
        'Passwords should have at least 6 characters',
      );
      expect(
        await t.page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid'),
      ).toBe('true');
      expect(posted).toBe(false);
    });

    it('refuses a confirmation that does not match', async () => {
      await t.page.goto('/signup');
      await fillSignup(t.page, {
        name: 'Typo',
        email: email(),
        password: 'secret1',
        confirm: 'secret2',
      });
      await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      expect(await banner(t.page).textContent()).toBe('Passwords do not match');
      expect(path(t.page)).toBe('/signup');
    });

    it('says an existing email already has an account, with a link to log in', async () => {
      const taken = email();
      const other = await t.context.newPage();
      await signUpInContext(other, inject('baseURL'), { name: 'First', email: taken });
      await t.context.clearCookies();
      await t.page.goto('/signup');
      await fillSignup(t.page, {
        name: 'Second',
        email: taken,
        password: 'secret1',
        confirm: 'secret1',
      });
      await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      expect(await banner(t.page).textContent()).toBe('Email already exists. Please log in');
      await banner(t.page).getByRole('link', { name: 'log in' }).click();
      await expect.poll(() => path(t.page)).toBe('/login');
    });

    it('shows and hides each password', async () => {
      await t.page.goto('/signup');
      const password = t.page.getByLabel('Password', { exact: true });
      const confirm = t.page.getByLabel('Confirm Password', { exact: true });
      const toggle = t.page.getByRole('button', { name: 'Show password', exact: true });
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
      await t.page.getByRole('button', { name: 'Show confirm password' }).click();
      expect(await confirm.getAttribute('type')).toBe('text');
    });
  });

  describe('log-in', () => {
    it('says "Wrong email or password" for a wrong password and stays on the page', async () => {
      const user = { name: 'Wrong', email: email(), password: 'secret1' };
      await signUpInContext(t.page, inject('baseURL'), user);
      await t.context.clearCookies();
      await t.page.goto('/login');
      await t.page.getByLabel('Email', { exact: true }).fill(user.email);
      await t.page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await t.page.getByRole('button', { name: 'Log In', exact: true }).click();
      expect(await banner(t.page).textContent()).toBe('Wrong email or password');
      expect(path(t.page)).toBe('/login');
      expect(await t.page.getByRole('button', { name: 'Log In', exact: true }).isEnabled()).toBe(
        true,
      );
    });

    it('disables the button while the log-in is on its way', async () => {
      const user = { name: 'Slow', email: email(), role: 'teacher' as const };
      await signUpInContext(t.page, inject('baseURL'), user);
      await t.context.clearCookies();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await t.page.route('**/api/auth/sign-in/email', async (route) => {
        await held;
        await route.continue();
      });
      await t.page.goto('/login');
      await t.page.getByLabel('Email', { exact: true }).fill(user.email);
      await t.page.getByLabel('Password', { exact: true }).fill('secret123');
      const button = t.page.getByRole('button', { name: 'Log In', exact: true });
      await button.click();
      await expect.poll(() => button.isDisabled()).toBe(true);
      expect(await button.getAttribute('aria-busy')).toBe('true');
      release();
      await t.page.waitForURL('**/dashboard');
    });

    it('shows and hides the password', async () => {
      await t.page.goto('/login');
      const password = t.page.getByLabel('Password', { exact: true });
      await password.fill('secret1');
      await t.page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      await t.page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('password');
    });
  });

  it('signs up, logs in, chooses Teacher once and reaches the dashboard', async () => {
    const user = { name: 'Meera Teacher', email: email(), password: 'secret1', confirm: 'secret1' };
    await t.page.goto('/signup');
    await fillSignup(t.page, user);
    await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    const success = t.page.getByRole('status').filter({ hasText: 'Account created' });
    expect(await success.textContent()).toBe('Account created successfully. Log In');
    expect(await t.page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(await t.page.getByLabel('Password', { exact: true }).inputValue()).toBe('');

    const visited: string[] = [];
    t.page.on('framenavigated', (f) => f === t.page.mainFrame() && visited.push(path(t.page)));
    await t.page.getByRole('heading', { name: 'Welcome to Markwise!' }).waitFor();
    expect(path(t.page)).toBe('/role');
    await t.page.getByText('To get started, please select your role').waitFor();

    await t.page.getByRole('button', { name: 'Teacher' }).click();
    await t.page.waitForURL('**/dashboard');
    await t.page.getByRole('heading', { name: /, Meera Teacher$/ }).waitFor();
    expect(visited).toContain('/login');

    expect((await t.page.request.get('/api/me')).ok()).toBe(true);
    expect((await (await t.page.request.get('/api/me')).json()).role).toBe('teacher');

    // The role is chosen once: the role page now leads straight back to the dashboard.
    await t.page.goto('/role');
    await t.page.getByRole('heading', { name: /, Meera Teacher$/ }).waitFor();
    expect(path(t.page)).toBe('/dashboard');
  });
});
