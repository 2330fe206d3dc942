import crypto from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { longDate, toIsoDate } from '../../src/web/components/ui/calendar';
import { signUpInContext } from './browser';

const viewports = {
  phone: { width: 360, height: 740 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
};

/**
 * A signed-up user with a role, in their own browser context (own cookies) at the given size.
 */
export async function userPage(
  browser: Browser,
  baseURL: string,
  opts: {
    name: string;
    role: 'teacher' | 'student';
    size?: keyof typeof viewports;
    /** The browser's time zone ("Europe/London"); the machine's when not given. */
    timezoneId?: string;
  },
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser.newContext({
    baseURL,
    viewport: viewports[opts.size ?? 'desktop'],
    timezoneId: opts.timezoneId,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const email = `${opts.role}-${crypto.randomBytes(5).toString('hex')}@school.example`;
  await signUpInContext(page, baseURL, { name: opts.name, email, role: opts.role });
  return { context, page, email };
}

/** The Origin header the server wants on writes made with page.request. */
export const originOf = (baseURL: string) => ({ origin: new URL(baseURL).origin });

/**
 * Picks a deadline with the form's date picker the way a person does: open it, step through the
 * months with Next and Prev, click the day, Apply. Returns the chosen day ("YYYY-MM-DD").
 */
export async function pickDeadline(
  page: Page,
  opts: { label?: string; next: number; prev?: number; day: number },
): Promise<string> {
  const label = opts.label ?? 'Deadline';
  await page.getByRole('button', { name: new RegExp(`^${label}\\b`) }).click();
  const dialog = page.getByRole('dialog', { name: `${label}: choose a date` });
  await dialog.waitFor();
  for (let i = 0; i < opts.next; i++)
    await dialog.getByRole('button', { name: 'Next month' }).click();
  for (let i = 0; i < (opts.prev ?? 0); i++)
    await dialog.getByRole('button', { name: 'Prev month' }).click();
  const now = new Date();
  const target = new Date(now.getFullYear(), now.getMonth() + opts.next - (opts.prev ?? 0), 1);
  target.setDate(opts.day);
  const iso = toIsoDate(target);
  await dialog.getByRole('button', { name: longDate(iso), exact: true }).click();
  await dialog.getByText(`Selected: ${dayMonthYear(iso)}`).waitFor();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return iso;
}

/** "YYYY-MM-DD" as the app writes dates: "dd/mm/yyyy" (en-GB). */
export function dayMonthYear(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * Holds POST requests to `url` for `ms` before letting them through, so a test can watch the
 * page's progress bar on a server that answers in a few milliseconds. Returns the undo.
 */
export async function holdUploads(page: Page, url: string, ms: number) {
  await page.route(url, async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
  return () => page.unroute(url);
}

/** Whether the page is wider than the window, i.e. scrolls sideways. */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/** The number shown beside a label in a <dl> (e.g. "Assignments Filed"). */
export async function countShown(page: Page, label: string): Promise<string> {
  const term = page.locator('dt', { hasText: label });
  return (await term.locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

const pdfPart = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });

/**
 * Creates an assignment through the API in the teacher's page (their session), due in a week,
 * and returns its class code: for tests about what comes after creating.
 */
export async function createByApi(
  page: Page,
  baseURL: string,
  opts: {
    title: string;
    totalMarks?: number;
    questionPaper: Buffer;
    modelAnswer: Buffer;
    classId?: string;
  },
): Promise<string> {
  const res = await page.request.post('/api/assignments', {
    headers: originOf(baseURL),
    multipart: {
      title: opts.title,
      description: 'Answer every question.',
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      totalMarks: String(opts.totalMarks ?? 10),
      questionPaper: pdfPart('questions.pdf', opts.questionPaper),
      modelAnswer: pdfPart('model.pdf', opts.modelAnswer),
      ...(opts.classId ? { classId: opts.classId } : {}),
    },
  });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { code: string }).code;
}

/** Joins an assignment through the API as the page's (student) user, optionally handing in a PDF. */
export async function joinByApi(page: Page, baseURL: string, code: string, answer?: Buffer) {
  const headers = originOf(baseURL);
  const joined = await page.request.post('/api/assignments/join', { headers, data: { code } });
  if (!joined.ok()) throw new Error(`join failed: ${joined.status()} ${await joined.text()}`);
  if (!answer) return;
  const res = await page.request.post(`/api/assignments/${code}/submission`, {
    headers,
    multipart: { answer: pdfPart('answer.pdf', answer) },
  });
  if (res.status() !== 201) throw new Error(`submit failed: ${res.status()} ${await res.text()}`);
}

/** A plain-text file under a name a PDF field refuses: the wrong-type case of the upload forms. */
export const textFile = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') };

/** What a control's aria-describedby points at, as one text (hint, chosen file, error line). */
export function describedBy(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' '),
  );
}

/**
 * Waits until `text` is the file input's own error line: announced (role="alert"), tied to the
 * input by aria-describedby, and the only alert with those words (no toast elsewhere).
 */
export async function refusedInZone(input: Locator, text: string): Promise<void> {
  const page = input.page();
  const alerts = page.getByRole('alert').filter({ hasText: text });
  await alerts.first().waitFor();
  if ((await alerts.count()) !== 1)
    throw new Error(`"${text}" is shown ${await alerts.count()} times`);
  const said = await describedBy(input);
  if (!said.includes(text)) throw new Error(`the input is described by "${said}", not "${text}"`);
}
