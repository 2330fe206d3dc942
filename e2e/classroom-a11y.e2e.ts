import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { makePdf } from '../src/server/test/uploads';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import { createByApi, joinByApi, originOf, userPage } from './support/classroom-pages';

/** Waits for the page to settle, then runs axe-core on it. */
async function violations(page: Page) {
  await page.waitForLoadState('networkidle');
  return seriousViolations(page);
}

describe.each(['phone', 'desktop'] as const)(
  'classroom pages are accessible (axe-core, %s)',
  (size) => {
    const baseURL = inject('baseURL');
    let browser: Browser;
    let teacher: Page;
    let student: Page; // has handed in
    let newcomer: Page; // joined, has not handed in
    let code: string;

    beforeAll(async () => {
      browser = await workerBrowser();
      const pdf = await makePdf(['1. Name the three states of matter.']);
      ({ page: teacher } = await userPage(browser, baseURL, {
        name: 'Ms Dubois',
        role: 'teacher',
        size,
      }));
      ({ page: student } = await userPage(browser, baseURL, {
        name: 'Omar Haddad',
        role: 'student',
        size,
      }));
      ({ page: newcomer } = await userPage(browser, baseURL, {
        name: 'Uma Patel',
        role: 'student',
        size,
      }));
      code = await createByApi(teacher, baseURL, {
        title: 'States of matter',
        questionPaper: pdf,
        modelAnswer: pdf,
      });
      await joinByApi(student, baseURL, code, pdf);
      await joinByApi(newcomer, baseURL, code);
      const { submissions } = (await (
        await teacher.request.get(`/api/assignments/${code}/submissions`)
      ).json()) as { submissions: { id: string }[] };
      await teacher.request.put(
        `/api/assignments/${code}/submissions/${submissions[0]!.id}/marks`,
        { headers: originOf(baseURL), data: { marks: 7 } },
      );
    });
    afterAll(async () => {
      if (browser) await releaseBrowser(browser);
    });

    it('the create form, with its errors shown and with the date picker open', async () => {
      await teacher.goto('/dashboard/create-assignment');
      await teacher.getByRole('button', { name: 'Create Assignment' }).click();
      await teacher.getByText(messages.titleRequired).waitFor();
      expect(await violations(teacher)).toEqual([]);
      await teacher.getByRole('button', { name: /^Deadline/ }).click();
      await teacher.getByRole('dialog').waitFor();
      expect(await violations(teacher)).toEqual([]);
    });

    it("the teacher's assignment page, its Update form and the delete question", async () => {
      await teacher.goto(`/dashboard/assignment/${code}`);
      await teacher.getByText('Assignments Filed').waitFor();
      expect(await violations(teacher)).toEqual([]);
      await teacher.getByRole('button', { name: 'Delete assignment' }).click();
      await teacher.getByRole('dialog').waitFor();
      expect(await violations(teacher)).toEqual([]);
      await teacher.getByRole('button', { name: 'Cancel' }).click();
      await teacher.getByRole('button', { name: 'Edit assignment' }).click();
      await teacher.getByRole('heading', { name: 'Update Assignment' }).waitFor();
      expect(await violations(teacher)).toEqual([]);
    });

    it('the grades table for the teacher, with the marks editor open', async () => {
      await teacher.goto(`/dashboard/gradetable/${code}`);
      await teacher.getByRole('button', { name: 'Edit marks of Omar Haddad' }).click();
      await teacher.getByLabel('Marks for Omar Haddad (0 to 10)').waitFor();
      expect(await violations(teacher)).toEqual([]);
    });

    it("the student's upload form, with its alert shown", async () => {
      await newcomer.goto(`/dashboard/assignment/${code}`);
      await newcomer.getByRole('button', { name: 'Submit Assignment' }).click();
      await newcomer.getByText(messages.selectFileToSubmit).waitFor();
      expect(await violations(newcomer)).toEqual([]);
    });

    it("the student's join page, submitted assignment page and grades", async () => {
      await student.goto('/dashboard/join-assignment');
      await student.getByLabel('Enter class code provided by teacher.').fill('WRONG22');
      await student.getByRole('button', { name: 'Join Assignment' }).click();
      await student.getByText(messages.joinFailedTitle).waitFor();
      expect(await violations(student)).toEqual([]);
      await student.goto(`/dashboard/assignment/${code}`);
      await student.getByText(messages.submitted).waitFor();
      expect(await violations(student)).toEqual([]);
      await student.goto(`/dashboard/gradetable/${code}`);
      await student.getByText(messages.marksAfterDeadline).waitFor();
      expect(await violations(student)).toEqual([]);
    });
  },
);
