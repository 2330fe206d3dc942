import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf } from '../src/server/test/uploads';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import { createByApi, originOf, userPage } from './support/classroom-pages';
import { withDatabase } from './support/database';

/** Waits for the page to settle, then runs axe-core on it. */
async function violations(page: Page) {
  await page.waitForLoadState('networkidle');
  return seriousViolations(page);
}

// A teacher makes a class and puts an assignment in it; students join from the link and from an
// emailed invitation, and find the assignment on their dashboards.
describe('classes', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let student: Page;
  let invitee: { page: Page; email: string };

  beforeAll(async () => {
    browser = await workerBrowser();
    ({ page: teacher } = await userPage(browser, baseURL, {
      name: 'Ms Okafor',
      role: 'teacher',
      axe: true,
    }));
    ({ page: student } = await userPage(browser, baseURL, {
      name: 'Lena Park',
      role: 'student',
      axe: true,
    }));
    invitee = await userPage(browser, baseURL, { name: 'Tom Reyes', role: 'student', axe: true });
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('a class is made, given an assignment, and joined from its link and an invitation', async () => {
    await teacher.goto('/dashboard/classes');
    await teacher.getByLabel('Class name').fill('Geography');
    await teacher.getByLabel('Section (optional)').fill('9C');
    expect(await violations(teacher)).toEqual([]);
    await teacher.getByRole('button', { name: 'Create class' }).click();
    await teacher.getByRole('heading', { name: 'Geography', level: 1 }).waitFor();
    const classId = teacher.url().split('/').pop()!;
    const joinUrl = await teacher.getByRole('link', { name: /\/join\// }).innerText();

    // The assignment goes in through the API with the class chosen (the form sends the same field).
    const pdf = await makePdf(['1. Name three rivers.']);
    const code = await createByApi(teacher, baseURL, {
      title: 'Rivers',
      questionPaper: pdf,
      modelAnswer: pdf,
      classId,
    });
    await teacher.reload();
    await teacher.getByRole('link', { name: 'Rivers' }).waitFor();

    await student.goto(joinUrl);
    await student.getByText('You joined the class.').waitFor();
    expect(await violations(student)).toEqual([]);
    await student.goto('/dashboard');
    await student.getByText('Rivers').first().waitFor();

    await teacher.getByLabel('Email addresses').fill(`${invitee.email}\nnot-an-address`);
    await teacher.getByRole('button', { name: 'Send invitations' }).click();
    await teacher.getByText('1 invitation sent.').waitFor();
    await teacher.getByText(/Line 2 \(not-an-address\)/).waitFor();
    await teacher.getByRole('rowheader', { name: /Lena Park/ }).waitFor();
    expect(await violations(teacher)).toEqual([]);

    const link = withDatabase(inject('dataDir'), (db) => {
      const row = db
        .prepare('select text_body from mail_message where to_address = ? order by created_at desc')
        .get(invitee.email) as { text_body: string };
      return /https?:\/\/\S+\/invitations\/\S+/.exec(row.text_body)![0];
    });
    await invitee.page.goto(new URL(link).pathname);
    await invitee.page.getByText('invited').waitFor();
    expect(await violations(invitee.page)).toEqual([]);
    await invitee.page.getByRole('button', { name: 'Join the class' }).click();
    await invitee.page.getByText('You joined the class.').waitFor();
    await invitee.page.goto('/dashboard');
    await invitee.page.getByText('Rivers').first().waitFor();
    const cards = await (
      await invitee.page.request.get('/api/assignments', { headers: originOf(baseURL) })
    ).json();
    expect(cards.assignments.map((c: { code: string }) => c.code)).toEqual([code]);
  });
});
