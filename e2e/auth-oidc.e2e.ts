import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  newContext,
  releaseBrowser,
  signUpInContext,
  useBrowser,
  workerBrowser,
} from './support/browser';
import {
  providerUser,
  providerUserFor,
  startOidcProvider,
  type TestOidcProvider,
} from './support/oidc';
import { freePort, startServer, type RunningServer } from './support/server';

const path = (page: Page) => new URL(page.url()).pathname;

/** Loads a page and waits until it knows whether external sign-in is configured. */
async function openAuthPage(page: Page, url: string) {
  const config = page.waitForResponse('**/api/config/public');
  await page.goto(url);
  await config;
  await page.getByRole('heading', { level: 1 }).waitFor();
}

describe('external sign-in through an OpenID Connect provider', () => {
  let browser: Browser;
  let provider: TestOidcProvider;
  let app: RunningServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await workerBrowser();
    const port = await freePort();
    provider = await startOidcProvider(`http://127.0.0.1:${port}`);
    app = await startServer({
      PORT: String(port),
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_LABEL: 'Google',
    });
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
    await app?.stop();
    await provider?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser, app.url);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  /** Completes the provider's development login (any login works) and its consent page. */
  async function signInAtProvider(login: string) {
    await page.waitForURL(`${provider.issuer}/interaction/**`);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('logs in with Google, chooses a role and greets the provider user by name', async () => {
    await openAuthPage(page, '/login');
    await page.getByRole('button', { name: 'Log In With Google' }).click();
    await signInAtProvider('priya');

    await page.waitForURL(`${app.url}/role`);
    await page.getByRole('heading', { name: 'Welcome to Markwise!' }).waitFor();
    await page.getByText(`Signed in as ${providerUser.email}`).waitFor();
    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({ name: providerUser.name, email: providerUser.email, role: null });

    await page.getByRole('button', { name: 'Student' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    const greeting = page.getByRole('heading', { level: 1, name: /, Priya Sharma$/ });
    expect(await greeting.textContent()).toMatch(
      /^Good (morning|afternoon|evening), Priya Sharma$/,
    );
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByText('Join Assignment')
      .waitFor();
  });

  it('offers "Sign In With Google" on the sign-up page and signs the same account in again', async () => {
    await openAuthPage(page, '/signup');
    await page.getByRole('button', { name: 'Sign In With Google' }).click();
    await signInAtProvider('priya');
    // The account and its role from the first sign-in are found again: straight on to the dashboard.
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: /, Priya Sharma$/ }).waitFor();
  });

  it('comes back to the log-in page with a message when the user cancels at the provider', async () => {
    await openAuthPage(page, '/login');
    await page.getByRole('button', { name: 'Log In With Google' }).click();
    await page.waitForURL(`${provider.issuer}/interaction/**`);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.waitForURL(`${app.url}/login?**`);
    expect(await page.getByRole('alert').textContent()).toBe(
      'The external sign-in did not complete. Please try again.',
    );
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });

  it('does not take over a password account with the same email, and says how to log in', async () => {
    const owner = providerUserFor('ravi');
    await signUpInContext(page, app.url, {
      name: 'Ravi Kumar',
      email: owner.email,
      role: 'teacher',
    });
    await page.request.post('/api/auth/sign-out', { headers: { origin: app.url }, data: {} });
    expect((await page.request.get('/api/me')).status()).toBe(401);

    await openAuthPage(page, '/signup');
    await page.getByRole('button', { name: 'Sign In With Google' }).click();
    await signInAtProvider('ravi');
    await page.waitForURL(`${app.url}/signup?**`);
    expect(new URL(page.url()).searchParams.get('error')).toBe('account_not_linked');
    expect(await page.getByRole('alert').textContent()).toBe(
      'An account with this email already exists. Log in with your email and password.',
    );
    expect((await page.request.get('/api/me')).status()).toBe(401);

    // The password still opens the account, untouched by the refused sign-in.
    await openAuthPage(page, '/login');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({ name: 'Ravi Kumar', email: owner.email, role: 'teacher' });
  });
});

describe('without external sign-in configured', () => {
  const browser = useBrowser();

  it('shows no Google buttons on the log-in and sign-up pages', async () => {
    const context = await newContext(browser(), inject('baseURL'));
    const page = await context.newPage();
    await openAuthPage(page, '/login');
    expect(path(page)).toBe('/login');
    expect(await page.getByRole('button', { name: /With Google/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();
    await openAuthPage(page, '/signup');
    expect(await page.getByRole('button', { name: /With Google/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).waitFor();
    await context.close();
  });
});
