import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf } from '../src/server/test/uploads';
import { releaseBrowser, workerBrowser } from './support/browser';
import { createByApi, joinByApi, userPage } from './support/classroom-pages';
import { violations } from './support/review-screen';

const NAMES = ['Amara Okonkwo', 'Bjorn Lindqvist', 'Carmen Ruiz'];

/** Issue 23, item 6: the teacher marks with names hidden until she publishes. */
describe('anonymous marking', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let code: string;
  const emails: string[] = [];

  beforeAll(async () => {
    browser = await workerBrowser();
    const pdf = await makePdf(['1. A stack is last in, first out.']);
    ({ page: teacher } = await userPage(browser, baseURL, {
      name: 'Ms Adeyemi',
      role: 'teacher',
    }));
    code = await createByApi(teacher, baseURL, {
      title: 'Marked without names',
      questionPaper: await makePdf(['Q1. What is a stack? [10 marks]']),
      modelAnswer: pdf,
    });
    for (const name of NAMES) {
      const { page, context, email } = await userPage(browser, baseURL, {
        name,
        role: 'student',
      });
      emails.push(email);
      await joinByApi(page, baseURL, code, pdf);
      await context.close();
    }
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  const expectNoNames = async (page: Page) => {
    const text = await page.locator('body').innerText();
    const html = await page.content();
    for (const name of NAMES) {
      for (const part of name.split(' ')) {
        expect(text).not.toContain(part);
        expect(html).not.toContain(part);
      }
    }
    for (const email of emails) expect(html).not.toContain(email);
  };

  it('the teacher turns it on: the grades table and the review show "Student N" and no names', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByText(NAMES[0]!).first().waitFor();
    const form = teacher.getByRole('form', { name: 'Publishing settings' });
    await form.getByLabel('Mark anonymously').check();
    await form.getByRole('button', { name: 'Save publishing settings' }).click();
    await form.getByText('Saved.').waitFor();
    await teacher.getByText(/Names are hidden/).waitFor();
    await teacher
      .getByRole('link', { name: /^View answer of Student \d+$/ })
      .first()
      .waitFor();
    await expectNoNames(teacher);

    // Over a reload, the same order and the same pseudonyms.
    const labels = async () =>
      teacher
        .getByRole('link', { name: /^View answer of Student \d+$/ })
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const before = await labels();
    expect(before).toHaveLength(NAMES.length);
    await teacher.reload();
    await teacher
      .getByRole('link', { name: /^View answer of Student \d+$/ })
      .first()
      .waitFor();
    expect(await labels()).toEqual(before);
    expect(await form.getByLabel('Mark anonymously').isChecked()).toBe(true);

    // The review of one answer: its pseudonym, and still no name.
    const pseudonym = before[0]!.replace('View answer of ', '');
    await teacher.getByRole('button', { name: `Details for ${pseudonym}` }).click();
    await teacher.getByText(new RegExp(`${pseudonym} · handed in`)).waitFor();
    await expectNoNames(teacher);
    expect(await violations(teacher)).toEqual([]);
  });

  it('turning it off shows the names again at once', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    const form = teacher.getByRole('form', { name: 'Publishing settings' });
    await form.getByLabel('Mark anonymously').uncheck();
    await form.getByRole('button', { name: 'Save publishing settings' }).click();
    await form.getByText('Saved.').waitFor();
    for (const name of NAMES) await teacher.getByText(name).first().waitFor();
  });
});
