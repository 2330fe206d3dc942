import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

/** Debian's Chromium, or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(chromiumPath);

/**
 * Features Playwright 1.65 turns off (its own `--disable-features`, which a second one replaces
 * rather than adds to), then the omnibox's WebUI popups: headless Chromium 156 preloads both in a
 * renderer of their own for every new context, which cost more CPU than the page under test (a
 * context with two page loads: 1.4 CPU-s with them, 0.8 without).
 */
const disabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** Launches headless Chromium with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${disabledFeatures.join(',')}`,
    ],
  });
}

/** A fresh browser context (own cookies) at the given base URL, with a phone or desktop viewport. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: 'phone' | 'tablet' | 'desktop' = 'desktop',
): Promise<BrowserContext> {
  const sizes = {
    phone: { width: 360, height: 740 },
    tablet: { width: 768, height: 1024 },
    desktop: { width: 1280, height: 800 },
  };
  return browser.newContext({ baseURL, viewport: sizes[viewport] });
}

/** Signs a user up through the real sign-up endpoint within the page's context (sets its session cookie), optionally choosing a role. */
export async function signUpInContext(
  page: Page,
  baseURL: string,
  opts: { name: string; email: string; password?: string; role?: 'teacher' | 'student' },
): Promise<void> {
  const password = opts.password ?? 'secret123';
  const headers = { origin: new URL(baseURL).origin };
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { name: opts.name, email: opts.email, password },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  if (opts.role) {
    const r = await page.request.put('/api/me/role', { headers, data: { role: opts.role } });
    if (!r.ok()) throw new Error(`role failed: ${r.status()} ${await r.text()}`);
  }
}

let launched: Promise<Browser> | undefined;

/**
 * The worker's browser: launched by the first test file of this Vitest worker that asks and kept
 * for the files after it (the e2e config shares modules within a worker), so a file does not pay
 * a Chromium start. Playwright stops it when the worker process exits. Give it back with
 * `releaseBrowser`, never `close()`.
 */
export async function workerBrowser(): Promise<Browser> {
  const browser = await (launched ??= launchBrowser());
  if (browser.isConnected()) return browser;
  launched = launchBrowser();
  return launched;
}

/** Closes every context still open in the worker's browser: what a test file leaves behind. */
export async function releaseBrowser(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((c) => c.close()));
}

/** The worker's browser for the tests of the calling `describe` block; their contexts closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });
  return () => browser!;
}

/** What `usePage` gives each test: its own context (cookies) and page in the shared browser. */
export interface PageForTest {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * A browser for the calling `describe` block and, for each of its tests, a fresh context at the
 * app's base URL and a page in it, closed after the test.
 */
export function usePage(viewport?: 'phone' | 'tablet' | 'desktop'): PageForTest {
  const browser = useBrowser();
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeEach(async () => {
    context = await newContext(browser(), inject('baseURL'), viewport);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });
  return {
    get browser() {
      return browser();
    },
    get context() {
      return context!;
    },
    get page() {
      return page!;
    },
  };
}
