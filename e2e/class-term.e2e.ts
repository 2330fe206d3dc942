import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf } from '../src/server/test/uploads';
import { releaseBrowser, workerBrowser } from './support/browser';
import { setDeadlineInDb } from './support/classroom';
import { createByApi, originOf, scrollsSideways, userPage } from './support/classroom-pages';
import { deliveredMail } from './support/outbox';
import { card, violations } from './support/review-screen';

const HOUR = 3_600_000;
/** "YYYY-MM-DDTHH:MM" of an instant in the browser's zone (the runner's; the pages share it). */
const localInput = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

const LENA = 'Lena Fischer';
const OMAR = 'Omar Haddad';
const PRIYA = 'Priya Venkataraman';

/**
 * Issue 23's term with a class, end to end: the teacher makes a class and invites two students
 * by email; they join from the links in their emails; an assignment set in the class reaches
 * both dashboards (and a third student's, who joins later from the class's own link); late work
 * is accepted with a penalty and Lena gets an extension; after the deadline Lena's hand-in
 * counts as on time and Omar's (on his phone) loses 20%; the teacher marks anonymously, then
 * publishes.
 */
describe('a class through one term', () => {
  const baseURL = inject('baseURL');
  const dataDir = inject('dataDir');
  let browser: Browser;
  let teacher: Page;
  let lena: { page: Page; email: string };
  let omar: { page: Page; email: string };
  let priya: { page: Page; email: string; close(): Promise<void> };
  let joinUrl: string;
  let classId: string;
  let code: string;
  const answer = makePdf(['1. A queue is first in, first out.']);

  beforeAll(async () => {
    browser = await workerBrowser();
    const [t, l, o, p] = await Promise.all([
      userPage(browser, baseURL, { name: 'Ms Okafor', role: 'teacher' }),
      userPage(browser, baseURL, { name: LENA, role: 'student' }),
      userPage(browser, baseURL, { name: OMAR, role: 'student', size: 'phone' }),
      userPage(browser, baseURL, { name: PRIYA, role: 'student' }),
    ]);
    teacher = t.page;
    lena = l;
    omar = o;
    priya = { ...p, close: () => p.context.close() };
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('the teacher creates a class and invites two students by pasting their addresses', async () => {
    await teacher.goto('/dashboard/classes');
    await teacher.getByLabel('Class name').fill('Computing');
    await teacher.getByLabel('Section (optional)').fill('10B');
    await teacher.getByLabel('Term (optional)', { exact: true }).fill('Spring 2027');
    expect(await violations(teacher)).toEqual([]);
    await teacher.getByRole('button', { name: 'Create class' }).click();
    await teacher.getByRole('heading', { name: 'Computing', level: 1 }).waitFor();
    await teacher.getByText('10B · Spring 2027 · Teacher: Ms Okafor').waitFor();
    classId = teacher.url().split('/').pop()!;
    joinUrl = await teacher.getByRole('link', { name: /\/join\// }).innerText();
    expect(joinUrl.startsWith(`${baseURL}/join/`)).toBe(true);

    await teacher
      .getByLabel('Email addresses')
      .fill(`${lena.email}\n${omar.email}\nnot-an-address`);
    await teacher.getByRole('button', { name: 'Send invitations' }).click();
    await teacher.getByText('2 invitations sent.').waitFor();
    await teacher.getByText(/Line 3 \(not-an-address\)/).waitFor();
    await teacher.getByText(`Invited, not joined yet: ${lena.email}, ${omar.email}`).waitFor();
    expect(await violations(teacher)).toEqual([]);
  });

  it('each reads her invitation email and joins from its link', async () => {
    const joinFromEmail = async ({ page, email }: { page: Page; email: string }, axe: boolean) => {
      const mail = await deliveredMail(dataDir, email, 'class_invitation');
      expect(mail.subject).toBe('Ms Okafor invited you to Computing on Markwise');
      const link = /https?:\/\/\S+\/invitations\/\S+/.exec(mail.text ?? '')?.[0];
      expect(link?.startsWith(`${baseURL}/invitations/`)).toBe(true);
      await page.goto(link!);
      await page.getByText(`Ms Okafor invited ${email} to Computing (10B).`).waitFor();
      if (axe) expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Join the class' }).click();
      await page.getByText('You joined the class.').waitFor();
    };
    await Promise.all([joinFromEmail(lena, true), joinFromEmail(omar, false)]);

    await teacher.reload();
    for (const name of [LENA, OMAR])
      await teacher.getByRole('rowheader', { name: new RegExp(name) }).waitFor();
    expect(await teacher.getByText('Invited, not joined yet').count()).toBe(0);
  });

  it('an assignment set in the class appears on both dashboards, and on a latecomer’s', async () => {
    // The create form is driven elsewhere (classroom-journey); here it is the class that matters.
    code = await createByApi(teacher, baseURL, {
      title: 'Queues',
      questionPaper: await makePdf(['Q1. What is a queue? [10 marks]']),
      modelAnswer: await answer,
      classId,
    });
    await teacher.reload();
    await teacher.getByRole('link', { name: 'Queues' }).waitFor();
    // The roster has a column for it, where each student has not handed in yet.
    await teacher.getByRole('columnheader', { name: /Queues/ }).waitFor();
    expect(await teacher.getByRole('cell', { name: 'Not handed in' }).count()).toBe(2);

    await Promise.all([lena.page.goto('/dashboard'), omar.page.goto('/dashboard')]);
    await card(lena.page, 'Queues').waitFor();
    await card(omar.page, 'Queues').waitFor();

    // Priya, never invited, joins later with the link on the board: the class's work is hers too.
    await priya.page.goto(joinUrl);
    await priya.page.getByText('You joined the class.').waitFor();
    await priya.page.getByText('Computing (10B), taught by Ms Okafor.').waitFor();
    expect(await violations(priya.page)).toEqual([]);
    await priya.page.getByRole('link', { name: 'dashboard', exact: true }).click();
    await card(priya.page, 'Queues').waitFor();
    const cards = await (
      await priya.page.request.get('/api/assignments', { headers: originOf(baseURL) })
    ).json();
    expect(cards.assignments.map((c: { code: string }) => c.code)).toEqual([code]);
    await priya.close();

    // A join link made of the code of an assignment in no class joins that assignment, as the
    // Join Assignment box does, instead of failing as no class's code.
    const single = await createByApi(teacher, baseURL, {
      title: 'Stacks',
      questionPaper: await makePdf(['Q1. What is a stack? [10 marks]']),
      modelAnswer: await answer,
    });
    const sam = await userPage(browser, baseURL, { name: 'Sam Ito', role: 'student' });
    await sam.page.goto(`/join/${single}`);
    await sam.page.getByText('You joined the assignment.').waitFor();
    await sam.page.getByRole('link', { name: 'Stacks' }).click();
    await sam.page.getByRole('heading', { name: 'Stacks' }).waitFor();
    await sam.context.close();
  });

  it('the teacher accepts late work at 10% a day and gives Lena an extension', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    const late = teacher.getByRole('form', { name: 'Late work settings' });
    await late.getByLabel('Accept late hand-ins').check();
    await late.getByLabel(/^Late hand-ins until/).fill(localInput(Date.now() + 10 * 24 * HOUR));
    await late.getByLabel('Late penalty').selectOption('per-day');
    await late.getByLabel('Percentage of the marks taken off').fill('10');
    await late.getByRole('button', { name: 'Save late work settings' }).click();
    await late.getByText('Saved.').waitFor();

    await teacher.getByRole('button', { name: `Give extension to ${LENA}` }).click();
    await teacher
      .getByLabel(new RegExp(`^New deadline for ${LENA}`))
      .fill(localInput(Date.now() + 9 * 24 * HOUR));
    await teacher.getByRole('button', { name: 'Save extension' }).click();
    await teacher.getByText(new RegExp(`${LENA} — extended to`)).waitFor();
    expect(await violations(teacher)).toEqual([]);
  });

  it('after the deadline Lena hands in within her extension; Omar hands in late on his phone', async () => {
    setDeadlineInDb(dataDir, code, new Date(Date.now() - 26 * HOUR));
    await lena.page.reload();
    await card(lena.page, 'Queues').getByText('Your extended deadline:').waitFor();
    // Handing in through the form is driven below (Omar) and in classroom-hand-in.
    const handedIn = await lena.page.request.post(`/api/assignments/${code}/submission`, {
      headers: originOf(baseURL),
      multipart: { answer: { name: 'a.pdf', mimeType: 'application/pdf', buffer: await answer } },
    });
    expect(handedIn.status()).toBe(201);

    await card(omar.page, 'Queues')
      .getByRole('link', { name: /View Assignment/ })
      .click();
    await omar.page.waitForURL(`**/dashboard/assignment/${code}`);
    await omar.page.getByText('Your deadline has passed').waitFor();
    await omar.page.locator('#answer-file').setInputFiles({
      name: 'answer.pdf',
      mimeType: 'application/pdf',
      buffer: await answer,
    });
    await omar.page.getByRole('button', { name: 'Submit Assignment' }).click();
    await omar.page
      .getByRole('dialog')
      .getByRole('button', { name: /hand in|submit/i })
      .click();
    await omar.page.getByText(/That was 1 day 2 h late/).waitFor();
  });

  /** Every part of each student's name, and each address, is absent from the page. */
  const expectNoNames = async (page: Page) => {
    const text = await page.locator('body').innerText();
    const html = await page.content();
    for (const part of [LENA, OMAR, PRIYA].flatMap((n) => n.split(' '))) {
      expect(text).not.toContain(part);
      expect(html).not.toContain(part);
    }
    for (const email of [lena.email, omar.email, priya.email]) expect(html).not.toContain(email);
  };

  it('the teacher marks anonymously: "Student N", no names, and the penalty on one answer', async () => {
    await teacher.reload();
    const form = teacher.getByRole('form', { name: 'Publishing settings' });
    await form.getByLabel('Mark anonymously').check();
    await form.getByRole('button', { name: 'Save publishing settings' }).click();
    await form.getByText('Saved.').waitFor();
    await teacher.getByText(/Names are hidden/).waitFor();
    const answers = teacher.getByRole('link', { name: /^View answer of Student \d+$/ });
    await answers.first().waitFor();
    expect(await answers.count()).toBe(2);
    await expectNoNames(teacher);

    const rows = (await (await teacher.request.get(`/api/assignments/${code}/submissions`)).json())
      .submissions as Array<{ id: string }>;
    for (const row of rows) {
      const marked = await teacher.request.put(
        `/api/assignments/${code}/submissions/${row.id}/marks`,
        { headers: originOf(baseURL), data: { marks: 8 } },
      );
      expect(marked.status()).toBe(200);
    }
    await teacher.reload();
    await teacher.getByText('8 / 10 − 20% late').waitFor();
    expect(await teacher.getByText('Late by 1 day 2 h').count()).toBe(1);
    const lateRow = teacher.getByRole('row').filter({ hasText: 'Late by 1 day 2 h' });
    const pseudonym = (await lateRow
      .getByRole('link', { name: /^View answer of Student \d+$/ })
      .getAttribute('aria-label'))!.replace('View answer of ', '');
    await teacher.getByRole('button', { name: `Details for ${pseudonym}` }).click();
    await teacher.getByText(new RegExp(`${pseudonym} · handed in`)).waitFor();
    await teacher
      .getByText(/late by 1 day 2 h/)
      .first()
      .waitFor();
    await expectNoNames(teacher);
  });

  it('publishing brings the names back, with the penalty on Omar’s marks and not on Lena’s', async () => {
    const published = await teacher.request.post(`/api/assignments/${code}/publish`, {
      headers: originOf(baseURL),
      data: {},
    });
    expect(published.status()).toBe(200);
    await teacher.reload();
    const row = (name: string) => teacher.getByRole('row').filter({ hasText: name });
    await row(OMAR).getByText('6.4 / 10').waitFor();
    expect(await row(OMAR).innerText()).toContain('(8 / 10 − 20% late)');
    expect(await row(OMAR).innerText()).toContain('Late by 1 day 2 h');
    expect(await row(LENA).innerText()).toContain('8 / 10');
    expect(await row(LENA).innerText()).not.toMatch(/late/i);
    expect(
      await teacher
        .getByRole('form', { name: 'Publishing settings' })
        .getByLabel('Mark anonymously')
        .isChecked(),
    ).toBe(false);

    await omar.page.goto(`/dashboard/gradetable/${code}`);
    await omar.page.getByText('6.4 / 10').first().waitFor();
    await omar.page.getByText('(8 / 10 − 20% late)').waitFor();
    await omar.page.getByText('Late by 1 day 2 h').waitFor();
    expect(await scrollsSideways(omar.page)).toBe(false);
    await lena.page.goto(`/dashboard/gradetable/${code}`);
    await lena.page.getByText('8 / 10').first().waitFor();
    expect(await lena.page.getByText(/late by|% late/i).count()).toBe(0);
  });
});
