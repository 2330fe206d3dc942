import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { newContext, releaseBrowser, signUpInContext, workerBrowser } from './support/browser';

const email = () => `redirect-${crypto.randomBytes(5).toString('hex')}@example.com`;

/** Opens a path and waits until the app settles on a page: its address once a heading shows. */
async function landOn(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return new URL(page.url()).pathname;
}

describe('page redirects', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
  });
  const open = async () => {
    context = await newContext(browser, inject('baseURL'));
    page = await context.newPage();
  };
  afterEach(async () => {
    await context.close();
  });

  describe('without a session', () => {
    it('shows the log-in and sign-up pages', async () => {
      await open();
      expect(await landOn(page, '/login')).toBe('/login');
      expect(await landOn(page, '/signup')).toBe('/signup');
    });

    it('sends /role to log-in', async () => {
      await open();
      expect(await landOn(page, '/role')).toBe('/login');
    });

    it('sends /dashboard and its nested pages to log-in, naming the page wanted', async () => {
      await open();
      expect(await landOn(page, '/dashboard')).toBe('/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard');
      expect(await landOn(page, '/dashboard/changelog?x=1')).toBe('/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/changelog?x=1');
    });

    it('returns to the page wanted after logging in', async () => {
      await open();
      const user = { name: 'Back Again', email: email(), role: 'student' as const };
      await signUpInContext(page, inject('baseURL'), user);
      await page.request.post('/api/auth/sign-out', {
        headers: { origin: new URL(inject('baseURL')).origin },
        data: {},
      });
      expect(await landOn(page, '/dashboard/support')).toBe('/login');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/support');
    });

    it('returns to the page wanted after signing up and choosing a role', async () => {
      await open();
      expect(await landOn(page, '/dashboard/changelog')).toBe('/login');
      await page.getByRole('link', { name: 'Sign Up' }).click();
      await page.getByLabel('Name', { exact: true }).fill('New Here');
      await page.getByLabel('Email', { exact: true }).fill(email());
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByLabel('Confirm Password', { exact: true }).fill('secret123');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.getByRole('button', { name: /Teacher/ }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/changelog');
    });

    it('never sends anyone to another site after logging in', async () => {
      await open();
      const user = { name: 'Careful', email: email(), role: 'teacher' as const };
      await signUpInContext(page, inject('baseURL'), user);
      await page.request.post('/api/auth/sign-out', {
        headers: { origin: new URL(inject('baseURL')).origin },
        data: {},
      });
      for (const next of ['https://evil.example/', '//evil.example/dashboard', '/login']) {
        await page.goto(`/login?next=${encodeURIComponent(next)}`);
        await page.getByLabel('Email').fill(user.email);
        await page.getByLabel('Password', { exact: true }).fill('secret123');
        await page.getByRole('button', { name: 'Log In', exact: true }).click();
        await expect.poll(() => page.url()).toBe(`${inject('baseURL')}/dashboard`);
        await page.request.post('/api/auth/sign-out', {
          headers: { origin: new URL(inject('baseURL')).origin },
          data: {},
        });
      }
    });
  });

  describe('signed in without a role', () => {
    it('sends /login and /signup to /role', async () => {
      await open();
      await signUpInContext(page, inject('baseURL'), { name: 'No Role', email: email() });
      expect(await landOn(page, '/login')).toBe('/role');
      expect(await landOn(page, '/signup')).toBe('/role');
    });

    it('shows /role and sends /dashboard to /role', async () => {
      await open();
      await signUpInContext(page, inject('baseURL'), { name: 'No Role', email: email() });
      expect(await landOn(page, '/role')).toBe('/role');
      expect(await landOn(page, '/dashboard')).toBe('/role');
      expect(await landOn(page, '/dashboard/support')).toBe('/role');
    });
  });

  it('lets a signed-in user without a role sign out from the role page', async () => {
    await open();
    const user = { name: 'Wrong Account', email: email() };
    await signUpInContext(page, inject('baseURL'), user);
    await page.goto('/role');
    await page.getByText(`Signed in as ${user.email}.`).waitFor();
    await page.getByRole('button', { name: 'Not you? Sign out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect((await page.request.get('/api/me')).status()).toBe(401);
    expect(await landOn(page, '/role')).toBe('/login');
  });

  describe('signed in with a role', () => {
    it('sends /login and /signup to /role, and /role on to /dashboard', async () => {
      await open();
      const user = { name: 'Has Role', email: email(), role: 'student' as const };
      await signUpInContext(page, inject('baseURL'), user);
      expect(await landOn(page, '/login')).toBe('/dashboard');
      expect(await landOn(page, '/signup')).toBe('/dashboard');
      expect(await landOn(page, '/role')).toBe('/dashboard');
    });

    it('shows the dashboard', async () => {
      await open();
      const user = { name: 'Has Role', email: email(), role: 'teacher' as const };
      await signUpInContext(page, inject('baseURL'), user);
      expect(await landOn(page, '/dashboard')).toBe('/dashboard');
      expect(await landOn(page, '/dashboard/changelog')).toBe('/dashboard/changelog');
    });

    it('replaces the history entry, so Back does not bounce between pages', async () => {
      await open();
      await signUpInContext(page, inject('baseURL'), {
        name: 'Back',
        email: email(),
        role: 'student',
      });
      await landOn(page, '/dashboard/changelog');
      expect(await landOn(page, '/login')).toBe('/dashboard');
      await page.goBack();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/changelog');
    });
  });

  it('shows the 404 page for an unknown address, with a way back home', async () => {
    await open();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back To Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });
});
