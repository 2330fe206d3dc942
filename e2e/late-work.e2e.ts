import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf } from '../src/server/test/uploads';
import { releaseBrowser, workerBrowser } from './support/browser';
import { setDeadlineInDb } from './support/classroom';
import { createByApi, joinByApi, originOf, userPage } from './support/classroom-pages';
import { violations } from './support/review-screen';

const HOUR = 3_600_000;
/** "YYYY-MM-DDTHH:MM" of an instant in the browser's zone (the runner's; the pages share it). */
const localInput = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

/**
 * Issue 23, item 5: the teacher accepts late work with a penalty and gives one student an
 * extension; that student hands in late without a penalty, the other with it shown.
 */
describe('extensions and late work', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let lena: Page;
  let omar: Page;
  let code: string;
  const pdf = makePdf(['1. A queue is first in, first out.']);

  beforeAll(async () => {
    browser = await workerBrowser();
    ({ page: teacher } = await userPage(browser, baseURL, {
      name: 'Ms Tanaka',
      role: 'teacher',
      axe: true,
    }));
    code = await createByApi(teacher, baseURL, {
      title: 'Queues, handed in late',
      questionPaper: await makePdf(['Q1. What is a queue? [10 marks]']),
      modelAnswer: await pdf,
    });
    ({ page: lena } = await userPage(browser, baseURL, { name: 'Lena Fischer', role: 'student' }));
    ({ page: omar } = await userPage(browser, baseURL, {
      name: 'Omar Haddad',
      role: 'student',
      size: 'phone',
    }));
    await joinByApi(lena, baseURL, code);
    await joinByApi(omar, baseURL, code);
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
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

    await teacher.getByRole('button', { name: 'Give extension to Lena Fischer' }).click();
    await teacher
      .getByLabel(/^New deadline for Lena Fischer/)
      .fill(localInput(Date.now() + 9 * 24 * HOUR));
    await teacher.getByRole('button', { name: 'Save extension' }).click();
    await teacher.getByText(/Lena Fischer — extended to/).waitFor();
    expect(await violations(teacher)).toEqual([]);
  });

  it('after the deadline Lena hands in on time; Omar hands in late on his phone', async () => {
    setDeadlineInDb(inject('dataDir'), code, new Date(Date.now() - 26 * HOUR));
    await lena.goto('/dashboard');
    await lena.getByText('Your extended deadline:').waitFor();
    const lenaHandIn = await lena.request.post(`/api/assignments/${code}/submission`, {
      headers: originOf(baseURL),
      multipart: { answer: { name: 'a.pdf', mimeType: 'application/pdf', buffer: await pdf } },
    });
    expect(lenaHandIn.status()).toBe(201);

    await omar.goto(`/dashboard/assignment/${code}`);
    await omar.getByText('Your deadline has passed').waitFor();
    await omar.locator('#answer-file').setInputFiles({
      name: 'answer.pdf',
      mimeType: 'application/pdf',
      buffer: await pdf,
    });
    await omar.getByRole('button', { name: 'Submit Assignment' }).click();
    await omar
      .getByRole('dialog')
      .getByRole('button', { name: /hand in|submit/i })
      .click();
    await omar.getByText(/That was 1 day 2 h late/).waitFor();
  });

  it('the teacher sees the penalty beside the raw marks, and "late by" in the review', async () => {
    const rows = (await (await teacher.request.get(`/api/assignments/${code}/submissions`)).json())
      .submissions as Array<{ id: string; studentName: string }>;
    for (const row of rows)
      await teacher.request.put(`/api/assignments/${code}/submissions/${row.id}/marks`, {
        headers: originOf(baseURL),
        data: { marks: 8 },
      });
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByText('8 / 10 − 20% late').waitFor();
    await teacher.getByText('6.4 / 10').waitFor();
    await teacher.getByText('Late by 1 day 2 h').waitFor();
    expect(await teacher.getByText('Late by').count()).toBe(1);
    await teacher.getByRole('button', { name: 'Details for Omar Haddad' }).click();
    await teacher
      .getByText(/late by 1 day 2 h/)
      .first()
      .waitFor();

    const published = await teacher.request.post(`/api/assignments/${code}/publish`, {
      headers: originOf(baseURL),
      data: {},
    });
    expect(published.status()).toBe(200);
    await omar.goto(`/dashboard/gradetable/${code}`);
    await omar.getByText('6.4 / 10').first().waitFor();
    await lena.goto(`/dashboard/gradetable/${code}`);
    await lena.getByText('8 / 10').first().waitFor();
    expect(await lena.getByText(/late by|% late/i).count()).toBe(0);
  });
});
