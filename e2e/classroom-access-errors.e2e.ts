import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { releaseBrowser } from './support/browser';
import { openRefusalClass } from './support/refusal-class';

// Wrong class codes, pages a user may not see, and pages for the other role.
describe('classroom pages refuse bad input clearly', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let student: Page; // joined, has not submitted
  let outsider: Page; // a student who never joined
  let otherTeacher: Page;
  let code: string;

  beforeAll(async () => {
    ({ browser, teacher, student, outsider, otherTeacher, code } = await openRefusalClass(baseURL));
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('a wrong class code shows Not Valid ! for two seconds and joins nothing', async () => {
    await outsider.goto('/dashboard/join-assignment');
    const button = outsider.getByRole('button', { name: 'Join Assignment' });
    expect(await button.isDisabled()).toBe(true); // nothing typed yet
    await outsider.getByLabel('Enter class code provided by teacher.').fill('ZZZZ999');
    await button.click();
    const title = outsider.getByText(messages.joinFailedTitle);
    await title.waitFor();
    await outsider.getByText(messages.joinFailedText).waitFor();
    const shownAt = Date.now();
    await title.waitFor({ state: 'hidden', timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1_500);
    expect(new URL(outsider.url()).pathname).toBe('/dashboard/join-assignment');
  });

  it('an assignment the user may not see shows the 404 page', async () => {
    for (const [page, path] of [
      [outsider, `/dashboard/assignment/${code}`],
      [outsider, `/dashboard/gradetable/${code}`],
      [otherTeacher, `/dashboard/assignment/${code}`],
      [otherTeacher, `/dashboard/gradeTable/${code}`],
      [teacher, '/dashboard/assignment/NOSUCH2'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: messages.notFoundTitle }).waitFor();
      await page.getByRole('link', { name: messages.backToHome }).waitFor();
      expect(await page.getByText('Boiling points').count()).toBe(0);
    }
  });

  it('the teacher-only and student-only pages tell the other role where to go', async () => {
    await student.goto('/dashboard/create-assignment');
    await student.getByText('Only teachers create assignments.', { exact: false }).waitFor();
    expect(await student.getByLabel('Title').count()).toBe(0);
    await student.getByRole('link', { name: 'Join Assignment' }).last().click();
    await student.waitForURL('**/dashboard/join-assignment');
    await student.getByLabel('Enter class code provided by teacher.').waitFor();

    await teacher.goto('/dashboard/join-assignment');
    await teacher.getByText('Only students join assignments.', { exact: false }).waitFor();
    expect(await teacher.getByLabel('Enter class code provided by teacher.').count()).toBe(0);
    await teacher.getByRole('link', { name: 'Go to your assignments' }).click();
    await teacher.waitForURL((u) => u.pathname === '/dashboard');
  });
});
