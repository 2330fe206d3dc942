import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { makePdf } from '../src/server/test/uploads';
import { releaseBrowser, workerBrowser } from './support/browser';
import { setDeadlineInDb } from './support/classroom';
import {
  createByApi,
  describedBy,
  joinByApi,
  originOf,
  refusedInZone,
  textFile,
  userPage,
} from './support/classroom-pages';

/** The words of an element's text that the browser split over two lines (should be none). */
function wordsSplitOverLines(el: Locator): Promise<string[]> {
  return el.evaluate((root) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) split.push(m[0]);
      }
    }
    return split;
  });
}

/** How many lines an element's text takes. */
function lineCount(el: Locator): Promise<number> {
  return el.evaluate((root) => {
    const range = document.createRange();
    range.selectNodeContents(root);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

/** The focused element's aria-label, else its id, else its tag ("BODY" when focus was dropped). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? (el?.id || el?.tagName) ?? null;
  });

describe('classroom pages: keyboard focus, phone layout, stale alerts and released marks', () => {
  const baseURL = inject('baseURL');
  const dataDir = inject('dataDir');
  let browser: Browser;
  let teacher: Page; // desktop
  let phoneTeacher: Page; // the same teacher's assignment seen on a phone
  let ravi: Page; // phone, submits
  let sam: Page; // joins, has not submitted
  let code: string;
  let pdf: Buffer;

  beforeAll(async () => {
    browser = await workerBrowser();
    pdf = await makePdf(['1. Plants make glucose from light, water and carbon dioxide.']);
    const t = await userPage(browser, baseURL, { name: 'Mrs Teacher', role: 'teacher' });
    teacher = t.page;
    // a second context on the same account, at phone size
    const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    await phone.addCookies(await t.context.cookies());
    phoneTeacher = await phone.newPage();
    code = await createByApi(teacher, baseURL, {
      title: 'Photosynthesis test',
      questionPaper: pdf,
      modelAnswer: pdf,
    });
    ({ page: ravi } = await userPage(browser, baseURL, {
      name: 'Ravi Kumar',
      role: 'student',
      size: 'phone',
    }));
    await joinByApi(ravi, baseURL, code, pdf);
    const priya = await userPage(browser, baseURL, { name: 'Priya Sharma', role: 'student' });
    await joinByApi(priya.page, baseURL, code, pdf);
    await priya.context.close();
    ({ page: sam } = await userPage(browser, baseURL, {
      name: 'Sam Lee',
      role: 'student',
      size: 'phone',
    }));
    await joinByApi(sam, baseURL, code);
    const rows = (await (
      await teacher.request.get(`/api/assignments/${code}/submissions`)
    ).json()) as { submissions: { id: string }[] };
    for (const row of rows.submissions) {
      const res = await teacher.request.put(
        `/api/assignments/${code}/submissions/${row.id}/marks`,
        { headers: originOf(baseURL), data: { marks: 4 } },
      );
      expect(res.status()).toBe(200);
    }
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('after saving or cancelling a mark, focus returns to that row’s Edit button; 1.25 passes the browser’s check', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    const edit = teacher.getByRole('button', { name: 'Edit marks of Ravi Kumar' });
    await edit.focus();
    await teacher.keyboard.press('Enter');
    const input = teacher.getByLabel('Marks for Ravi Kumar (0 to 10)');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.fill('1.25');
    expect(await input.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true);
    await teacher.keyboard.press('Enter');
    await teacher.getByText('1.25 / 10').waitFor();
    await expect.poll(() => focused(teacher)).toBe('Edit marks of Ravi Kumar');

    await teacher.keyboard.press('Enter');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await teacher.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(teacher)).toBe('Edit marks of Ravi Kumar');
  });

  it('the update form takes focus when it opens and gives it back to Edit when it closes', async () => {
    await teacher.goto(`/dashboard/assignment/${code}`);
    const edit = teacher.getByRole('button', { name: 'Edit assignment' });
    await edit.focus();
    await teacher.keyboard.press('Enter');
    await teacher.getByRole('heading', { name: 'Update Assignment' }).waitFor();
    await expect.poll(() => focused(teacher)).toBe('update-title');

    await teacher.getByRole('button', { name: 'Cancel' }).focus();
    await teacher.keyboard.press('Enter');
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);

    await teacher.keyboard.press('Enter');
    await expect.poll(() => focused(teacher)).toBe('update-title');
    await teacher.keyboard.type(' (revised)');
    await teacher.keyboard.press('Enter');
    await teacher.getByText('The assignment has been updated.').waitFor();
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('at 360 px the grades table breaks names only between words, also with the marks editor open', async () => {
    await phoneTeacher.goto(`/dashboard/gradetable/${code}`);
    await phoneTeacher.getByText('Not Submitted yet').waitFor();
    const region = phoneTeacher.getByRole('region', { name: 'Grades' });
    const names = ['Ravi Kumar', 'Priya Sharma', 'Sam Lee'];
    const cells = names.map((name) => region.getByText(name, { exact: true }));
    for (const header of ['Student Name', 'Marks Obtained'])
      expect(await lineCount(phoneTeacher.getByRole('columnheader', { name: header }))).toBe(1);
    for (const cell of cells) expect(await wordsSplitOverLines(cell)).toEqual([]);

    await phoneTeacher.getByRole('button', { name: 'Edit marks of Priya Sharma' }).click();
    await phoneTeacher.getByRole('button', { name: 'Save marks for Priya Sharma' }).waitFor();
    for (const cell of cells) expect(await wordsSplitOverLines(cell)).toEqual([]);
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // the student's own view, with "Marks appear once your teacher publishes them." in the marks column
    await ravi.goto(`/dashboard/gradetable/${code}`);
    await ravi.getByText(messages.marksAfterDeadline).waitFor();
    const own = ravi
      .getByRole('region', { name: 'Grades' })
      .getByText('Ravi Kumar', { exact: true });
    expect(await wordsSplitOverLines(own)).toEqual([]);
  });

  it('a refused file is explained in its drop zone, and a valid file takes the message down at once', async () => {
    await sam.goto(`/dashboard/assignment/${code}`);
    const answer = sam.getByLabel('Your answer (PDF)');
    await answer.setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(['long answer'], 512_001),
    });
    await refusedInZone(answer, messages.fileTooLarge);
    const tooLarge = sam.getByRole('alert').filter({ hasText: messages.fileTooLarge });
    // the message sits under the box (above the submit button), not over the buttons
    const [box, message, submit] = await Promise.all([
      sam.locator('label', { has: answer }).boundingBox(),
      tooLarge.boundingBox(),
      sam.getByRole('button', { name: 'Submit Assignment' }).boundingBox(),
    ]);
    expect(message!.y).toBeGreaterThanOrEqual(box!.y + box!.height);
    expect(message!.y + message!.height).toBeLessThanOrEqual(submit!.y);
    await answer.setInputFiles({ name: 'good.pdf', mimeType: 'application/pdf', buffer: pdf });
    await sam.getByText('Selected: good.pdf').waitFor();
    // the message used to stay for its full 4 s beside the new choice
    await tooLarge.waitFor({ state: 'hidden', timeout: 1_000 });
    expect(await describedBy(answer)).not.toContain(messages.fileTooLarge);

    await teacher.goto('/dashboard/create-assignment');
    const paper = teacher.getByLabel('Question paper (PDF)');
    await paper.setInputFiles(textFile);
    await refusedInZone(paper, messages.selectPdf);
    const wrongType = teacher.getByRole('alert').filter({ hasText: messages.selectPdf });
    await paper.setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: pdf });
    await teacher.getByText('Selected: paper.pdf').waitFor();
    await wrongType.waitFor({ state: 'hidden', timeout: 1_000 });
  });

  it('before the deadline a submitted student is told marks come later; after it, where to find them', async () => {
    await ravi.goto(`/dashboard/assignment/${code}`);
    await ravi.getByText(messages.marksComeAfterDeadline).waitFor();
    expect(await ravi.getByRole('link', { name: messages.seeYourMarks }).count()).toBe(0);

    setDeadlineInDb(dataDir, code, new Date(Date.now() - 60_000));
    await ravi.goto(`/dashboard/assignment/${code}`);
    await ravi.getByText(messages.marksAvailable).waitFor();
    expect(await ravi.getByText(messages.marksComeAfterDeadline).count()).toBe(0);
    // the deadline and its badge read as two words
    const deadline = ravi
      .locator('dt', { hasText: 'Deadline' })
      .locator('xpath=following-sibling::dd[1]');
    expect(await deadline.textContent()).toMatch(
      /\d{2}:\d{2} \([\w/+-]+\), closed \d+ minutes? ago Past$/,
    );

    await ravi.getByRole('link', { name: messages.seeYourMarks }).click();
    await ravi.waitForURL(`**/dashboard/gradetable/${code}`);
    await ravi.getByText(messages.marksAfterDeadline).waitFor();
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Publish marks' }).click();
    // Publishing the whole class asks first.
    await teacher
      .getByRole('dialog', { name: 'Publish marks?' })
      .getByRole('button', { name: 'Publish marks' })
      .click();
    await teacher.getByText(/^Published \d+;/).waitFor();
    await ravi.reload();
    await ravi.getByText('1.25 / 10').waitFor();
  });
});
