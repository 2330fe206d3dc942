import fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { releaseBrowser, signUpInContext, workerBrowser } from './support/browser';
import {
  createAssignmentInPage,
  evaluationFinished,
  joinAndSubmit,
  pdfOf,
} from './support/classroom';

const TITLE = 'Stacks, queues and what the screens say';
const PAPER = 'Q1. What is a stack? [5 marks]\nQ2. What is a queue? [5 marks]';
const MODEL =
  '1. A stack is a last in, first out list. Items are pushed onto the top and popped from the top.\n' +
  '2. A queue is a first in, first out list. Items join at the back and leave from the front.';
const ANSWERS = [
  '1. A stack is last in first out: push on top, pop from the top.\n2. A queue is a line.',
  '1. A stack is a pile.\n2. A queue is first in first out.',
];
/** Typed in the teacher's own zone (Asia/Kolkata, UTC+05:30). */
const REGRADE_UNTIL = '2027-01-15T16:45';
const REGRADE_UNTIL_UTC = '2027-01-15T11:15:00.000Z';

/** Issue 21: what the teacher set is kept, and the grades screens agree with themselves. */
describe('every screen tells the truth: settings, progress, counts, export', () => {
  const baseURL = inject('baseURL');
  const origin = new URL(baseURL).origin;
  let browser: Browser;
  let teacherContext: BrowserContext;
  let teacher: Page;
  let student: Page;
  let code: string;
  const contextAs = async (
    cookiesOf: BrowserContext | null,
    viewport: { width: number; height: number },
  ) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      timezoneId: 'Asia/Kolkata',
    });
    if (cookiesOf) await context.addCookies(await cookiesOf.cookies());
    return context;
  };

  beforeAll(async () => {
    browser = await workerBrowser();
    const stamp = Date.now();
    teacherContext = await contextAs(null, { width: 1280, height: 800 });
    teacher = await teacherContext.newPage();
    teacher.setDefaultTimeout(20_000);
    await signUpInContext(teacher, baseURL, {
      name: 'Ms Iyer',
      email: `iyer-${stamp}@school.example`,
      role: 'teacher',
    });
    code = await createAssignmentInPage(teacher, baseURL, {
      title: TITLE,
      totalMarks: 10,
      questionPaper: await pdfOf(PAPER),
      modelAnswer: await pdfOf(MODEL),
    });
    for (const [i, answer] of ANSWERS.entries()) {
      const page = await (await contextAs(null, { width: 360, height: 740 })).newPage();
      page.setDefaultTimeout(20_000);
      await signUpInContext(page, baseURL, {
        name: `Pupil ${i + 1}`,
        email: `truth-pupil${i}-${stamp}@school.example`,
        role: 'student',
      });
      await joinAndSubmit(page, baseURL, code, await pdfOf(answer));
      if (i === 0) student = page;
      else await page.context().close();
    }
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  const stored = async () =>
    (await (await teacher.request.get(`/api/assignments/${code}/submissions`)).json()).assignment;

  it('keeps the publishing settings over a reload, and saving again keeps the stored date', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    const form = teacher.getByRole('region', { name: 'Publishing' });
    const auto = form.getByLabel('Publish marks automatically at the deadline');
    const until = form.getByLabel('Regrade requests until (Asia/Kolkata)');
    await auto.check();
    await until.fill(REGRADE_UNTIL);
    const save = form.getByRole('button', { name: 'Save publishing settings' });
    await save.click();
    await form.getByText('Saved.').waitFor();

    await teacher.reload();
    await until.waitFor();
    expect(await auto.isChecked()).toBe(true);
    expect(await until.inputValue()).toBe(REGRADE_UNTIL);
    // Saving what the form shows changes nothing stored.
    await save.click();
    await form.getByText('Saved.').waitFor();
    // The form takes the stored values back without losing the keyboard's place.
    expect(await save.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await stored()).toMatchObject({
      autoPublish: true,
      regradeDeadline: REGRADE_UNTIL_UTC,
    });

    await auto.uncheck();
    await form.getByRole('button', { name: 'Save publishing settings' }).click();
    await form.getByText('Saved.').waitFor();
    await teacher.reload();
    await until.waitFor();
    expect(await auto.isChecked()).toBe(false);
    expect(await until.inputValue()).toBe(REGRADE_UNTIL);
    expect(await stored()).toMatchObject({
      autoPublish: false,
      regradeDeadline: REGRADE_UNTIL_UTC,
    });
    expect(await seriousViolations(teacher)).toEqual([]);
  });

  it('draws the bar where its percentage and its count say, at every step of a run', async () => {
    const context = await contextAs(teacherContext, { width: 1280, height: 800 });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // Each change of the bar is recorded as it happens, before any animation could catch up.
    await page.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { progressSeen: unknown[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"][aria-valuemax]');
        if (!bar) return;
        const fill = bar.firstElementChild!.getBoundingClientRect().width;
        const percent = bar.parentElement!.firstElementChild!.lastElementChild!.textContent!;
        seen.push({
          label: bar.getAttribute('aria-valuetext'),
          now: Number(bar.getAttribute('aria-valuenow')),
          max: Number(bar.getAttribute('aria-valuemax')),
          percent: parseInt(percent, 10),
          drawn: (100 * fill) / bar.getBoundingClientRect().width,
        });
      }).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
    const run = {
      id: 'scripted-run',
      total: 5,
      error: null,
      createdAt: new Date().toISOString(),
      startedAt: new Date().toISOString(),
      finishedAt: null,
      suggested: [],
    };
    const steps = [
      { status: 'running', read: 1, done: 0, failed: 0 },
      { status: 'running', read: 4, done: 0, failed: 0 },
      { status: 'running', read: 5, done: 1, failed: 0 },
      { status: 'running', read: 5, done: 3, failed: 1 },
      { status: 'finished', read: 5, done: 4, failed: 1 },
    ];
    let polls = 0;
    await page.route('**/evaluations/latest', (route) =>
      route.fulfill({ json: { run: { ...run, ...steps[Math.min(polls++, steps.length - 1)] } } }),
    );
    await page.goto(`/dashboard/gradetable/${code}`);
    await evaluationFinished(page);
    const seen = (await page.evaluate(
      () => (window as unknown as { progressSeen: unknown[] }).progressSeen,
    )) as Array<{ label: string; now: number; max: number; percent: number; drawn: number }>;
    expect(new Set(seen.map((s) => s.label))).toEqual(
      new Set([
        'Reading answers 1 / 5',
        'Reading answers 4 / 5',
        'Graded 1 / 5',
        'Graded 3 / 5, 1 could not be read',
      ]),
    );
    for (const s of seen) {
      expect(s.percent, s.label).toBe(Math.floor((100 * s.now) / s.max));
      expect(
        Math.abs(s.drawn - s.percent),
        `${s.label}: ${s.percent}% drawn at ${s.drawn}%`,
      ).toBeLessThan(1);
    }
    await context.close();
  });

  it("counts on the teacher's card the answers to review, and asks before publishing the class", async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await evaluationFinished(teacher);
    // The teacher marks one question of Pupil 1's answer: that answer is reviewed.
    const rows = (await (await teacher.request.get(`/api/assignments/${code}/submissions`)).json())
      .submissions as Array<{ id: string; studentName: string }>;
    const pupil1 = rows.find((r) => r.studentName === 'Pupil 1')!;
    const marked = await teacher.request.put(
      `/api/assignments/${code}/submissions/${pupil1.id}/questions/1`,
      { headers: { origin }, data: { marks: 4 } },
    );
    expect(marked.status()).toBe(200);

    await teacher.goto('/dashboard');
    const card = teacher.locator('article').filter({ hasText: TITLE });
    expect(await countOn(card, 'To review')).toBe('1');
    expect(await countOn(card, 'Regrade requests')).toBe('0');

    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Publish marks' }).click();
    const dialog = teacher.getByRole('dialog', { name: 'Publish marks?' });
    await dialog
      .getByText(
        '2 students will see their marks; 1 of these 2 marks is the AI’s proposal, not reviewed by you.',
      )
      .waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await teacher.getByText('Not published', { exact: true }).count()).toBe(2);

    await teacher.getByRole('button', { name: 'Publish marks' }).click();
    await dialog.getByRole('button', { name: 'Publish marks' }).click();
    await teacher.getByText('Published 2; 0 were already up to date.').waitFor();
  });

  it('shows an open regrade request on the card, on a phone too', async () => {
    const own = (await (await student.request.get(`/api/assignments/${code}/submissions`)).json())
      .submissions[0] as { id: string };
    const asked = await student.request.post(
      `/api/assignments/${code}/submissions/${own.id}/regrade-requests`,
      { headers: { origin }, data: { question: '2', reason: 'A queue is first in, first out.' } },
    );
    expect(asked.status()).toBe(201);
    const context = await contextAs(teacherContext, { width: 360, height: 740 });
    const phone = await context.newPage();
    await phone.goto('/dashboard');
    const card = phone.locator('article').filter({ hasText: TITLE });
    await card.waitFor();
    expect(await countOn(card, 'To review')).toBe('0');
    expect(await countOn(card, 'Regrade requests')).toBe('1');
    expect(await seriousViolations(phone)).toEqual([]);
    await context.close();
  });

  it("exports marks per question, comments and regrades, with times in the teacher's zone", async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    const [download] = await Promise.all([
      teacher.waitForEvent('download'),
      teacher.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      'Student name,Email,Submitted at (Asia/Kolkata),Marks,Source,Total marks,Q1 marks (of 5),Q1 comment,Q2 marks (of 5),Q2 comment,Overall comment,Regrade requests,Late by,Late penalty (%),Marks after late penalty',
    );
    const pupil1 = lines.find((l) => l.startsWith('Pupil 1,'))!;
    expect(pupil1).toMatch(
      /^Pupil 1,[^,]+,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30,[\d.]+,teacher,10,4,,/,
    );
    // On time: no lateness, no penalty, and the marks themselves count.
    expect(pupil1).toMatch(/,Q2 open,,,[\d.]+$/);
  });
});

/** The number a card shows beside `label` ("To review: 2"). */
async function countOn(card: Locator, label: string): Promise<string | null> {
  return card
    .locator('dt', { hasText: `${label}:` })
    .evaluate((dt) => dt.nextElementSibling?.textContent ?? null);
}
