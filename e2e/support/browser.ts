import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { directSignUp, type DirectSignUp } from '../../src/server/test/direct-sign-up';

/** Debian's Chromium, or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(chromiumPath);

/**
 * Features Playwright 1.65 turns off (its own `--disable-features`, which a second one replaces
 * rather than adds to), then the omnibox's WebUI popups: headless Chromium 156 preloads both in a
 * renderer of their own for every new context, which cost more CPU than the page under test (a
 * context with two page loads: 1.4 CPU-s with them, 0.8 without); and the spare renderer it keeps
 * started for the next navigation, a third process per context that the tests never use.
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
  'SpareRendererForSitePerProcess',
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
      // Chromium's own accessibility tree: axe and Playwright's role queries work it out in the
      // page's JavaScript, and keeping it up to date cost about 4% of the browser tests' CPU
      // (three paired runs of six files: 3.6 to 7.1 CPU-s of 111 to 128 less).
      '--disable-renderer-accessibility',
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

/** better-auth's sign-up in this worker, on the shared server's database (made on first use). */
let accounts: DirectSignUp | undefined;

/**
 * Signs a user up within the page's context (sets its session cookies), optionally choosing a
 * role. On the shared server, better-auth's own sign-up runs in this worker on the server's
 * database and with its secret (src/server/test/direct-sign-up.ts), so the server does not hash
 * a password for each of the 150 users the browser tests make; `http` (and any other server)
 * goes through POST /api/auth/sign-up/email, which also sends the address verification email.
 * auth-forms.e2e.ts signs up by typing the form.
 */
export async function signUpInContext(
  page: Page,
  baseURL: string,
  opts: {
    name: string;
    email: string;
    password?: string;
    role?: 'teacher' | 'student';
    http?: boolean;
  },
): Promise<void> {
  const password = opts.password ?? 'secret123';
  const headers = { origin: new URL(baseURL).origin };
  if (opts.http || baseURL !== inject('baseURL')) {
    const res = await page.request.post('/api/auth/sign-up/email', {
      headers,
      data: { name: opts.name, email: opts.email, password },
    });
    if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  } else {
    accounts ??= directSignUp({ DATA_DIR: inject('dataDir'), PUBLIC_URL: baseURL });
    const { cookies } = await accounts.signUp({ name: opts.name, email: opts.email, password });
    await page
      .context()
      .addCookies(cookies.map((c) => ({ name: c.name, value: c.value, url: baseURL })));
  }
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
  const browser = await (launched ??= launchBrowser().then(reusingContexts));
  if (browser.isConnected()) return browser;
  pool.length = 0;
  launched = launchBrowser().then(reusingContexts);
  return launched;
}

/** A context a test closed, kept with its page for the next test asking for the same options. */
interface Kept {
  key: string;
  context: BrowserContext;
  page: Page;
}

/** The worker's kept contexts (a few: each holds a renderer), the least recently closed first. */
const pool: Kept[] = [];
const POOL_SIZE = 4;

type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;
type Viewport = NonNullable<ContextOptions['viewport']>;

/** Playwright's viewport when a context does not name one. */
const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 720 };

/**
 * What a kept context must share with the options a test asks for: all of them but the viewport,
 * which a page can change.
 */
function poolKey(options: ContextOptions): string {
  const { viewport: _viewport, ...rest } = options;
  return JSON.stringify(rest);
}

/**
 * Makes `browser.newContext` hand out a context another test has closed, when it asked for the
 * same options but the viewport (its page is resized), and `context.close` give it back: a new
 * context costs Chromium a window and a renderer process, about 0.4 s of CPU, and the browser
 * tests ask for about 210. Kept by their full options, 157 were made; by all but the viewport,
 * with the oldest kept one closed when a fifth comes back (not the one coming back), 50 (and the
 * browser tests 40 CPU-s less). A context comes back as a new one would be, for what the app
 * keeps (it keeps nothing but cookies): its cookies cleared, its page on the app's health check
 * with the default timeouts, and it hands out that page as its first `newPage()`. A context whose
 * test changed what a reset does not undo (routes, init scripts, permissions, the fake clock, the
 * viewport by hand, exposed functions, listeners) is closed for good.
 */
function reusingContexts(browser: Browser): Browser {
  const create = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const key = poolKey(options);
    const viewport = options.viewport === null ? null : (options.viewport ?? DEFAULT_VIEWPORT);
    // A null viewport (the window's own size) cannot be set on a page: only a context made so.
    const at = viewport ? pool.findLastIndex((k) => k.key === key) : -1;
    if (at >= 0) {
      const [kept] = pool.splice(at, 1);
      await handOut(kept!, viewport!);
      return kept!.context;
    }
    const context = await create({ reducedMotion: 'reduce', ...options });
    if (viewport) keepOnClose(context, key);
    return context;
  };
  return browser;
}

const spent = new WeakSet<BrowserContext>(); // changed beyond what a reset undoes
const inPool = new WeakSet<BrowserContext>();

/** Marks the context spent when any of `names` is called on `target`. */
function spendOn(context: BrowserContext, target: object, names: string[]) {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const method = methods[name];
    if (typeof method !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      spent.add(context);
      return (method as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

function keepOnClose(context: BrowserContext, key: string) {
  const close = context.close.bind(context);
  spendOn(context, context, [
    'route',
    'routeFromHAR',
    'routeWebSocket',
    'addInitScript',
    'grantPermissions',
    'setGeolocation',
    'setOffline',
    'setExtraHTTPHeaders',
    'setHTTPCredentials',
    'exposeBinding',
    'exposeFunction',
    'setDefaultTimeout',
    'setDefaultNavigationTimeout',
  ]);
  spendOn(context, context.clock, [
    'install',
    'fastForward',
    'pauseAt',
    'resume',
    'runFor',
    'setFixedTime',
    'setSystemTime',
  ]);
  const pageListeners = new WeakMap<Page, number>();
  context.on('page', (page) => {
    pageListeners.set(page, listenerCounts(page));
    spendOn(context, page, [
      'route',
      'routeFromHAR',
      'routeWebSocket',
      'addInitScript',
      'exposeBinding',
      'exposeFunction',
      'emulateMedia',
      'setExtraHTTPHeaders',
      'setViewportSize',
    ]);
  });
  const contextListeners = listenerCounts(context); // with ours
  const newPage = context.newPage.bind(context);
  own.set(context, { newPage, close });
  context.close = async (options) => {
    if (inPool.has(context)) return;
    const [page, ...others] = context.pages();
    // Listeners a test added (Playwright's own must stay: they are not ours to remove).
    const listened =
      listenerCounts(context) > contextListeners ||
      context.pages().some((p) => listenerCounts(p) > (pageListeners.get(p) ?? 0));
    if (spent.has(context) || listened || !page || options?.reason) {
      await close(options);
      return;
    }
    try {
      inPool.add(context);
      await Promise.all(others.map((p) => p.close()));
      // A page of the same origin keeps the page's renderer process; about:blank would swap it.
      await page.goto(restingUrl(key));
      await context.clearCookies();
      page.setDefaultTimeout(PLAYWRIGHT_TIMEOUT);
      page.setDefaultNavigationTimeout(PLAYWRIGHT_TIMEOUT);
      pool.push({ key, context, page });
      // Full: the context kept longest goes, so the kinds of context in use now stay.
      if (pool.length > POOL_SIZE) await closeKept(pool.shift()!);
    } catch {
      inPool.delete(context);
      await close(options).catch(() => undefined);
    }
  };
}

/** Where a kept page waits: the health check of the context's app, or about:blank. */
function restingUrl(key: string): string {
  const { baseURL } = JSON.parse(key) as { baseURL?: string };
  return baseURL ? new URL('/api/health', baseURL).href : 'about:blank';
}

/** Events a test listens to on a page or a context. */
const TEST_EVENTS = [
  'console',
  'dialog',
  'download',
  'filechooser',
  'framenavigated',
  'load',
  'domcontentloaded',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
  'weberror',
  'page',
];

/** How many listeners `target` has for the events a test listens to. */
function listenerCounts(target: Page | BrowserContext): number {
  const emitter = target as unknown as { listenerCount(event: string): number };
  return TEST_EVENTS.reduce((sum, event) => sum + emitter.listenerCount(event), 0);
}

/** Playwright's own default for actions and navigations. */
const PLAYWRIGHT_TIMEOUT = 30_000;

/**
 * Gives a kept context to a test: its first `newPage()` is the page it kept, and every page it
 * has is at the viewport the test asked for (a context's viewport is fixed when it is made: a
 * page of it is resized instead, as `page.setViewportSize` does).
 */
async function handOut({ context, page }: Kept, viewport: Viewport) {
  inPool.delete(context);
  const { newPage } = own.get(context)!;
  const sized = async (p: Page) => {
    const now = p.viewportSize();
    // The prototype's method: the test's own call on the page marks the context spent.
    if (now?.width !== viewport.width || now.height !== viewport.height)
      await Object.getPrototypeOf(p).setViewportSize.call(p, viewport);
    return p;
  };
  await sized(page);
  context.newPage = async () => {
    context.newPage = async () => sized(await newPage());
    return page;
  };
}

/** Closes a kept context for good. */
async function closeKept({ context }: Kept) {
  inPool.delete(context);
  await own
    .get(context)!
    .close()
    .catch(() => undefined);
}

/** Each kept context's own `newPage` and `close` (closing for good), before they were replaced. */
const own = new WeakMap<
  BrowserContext,
  { newPage: BrowserContext['newPage']; close: BrowserContext['close'] }
>();

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
