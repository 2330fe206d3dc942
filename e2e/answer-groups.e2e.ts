import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import { classWithHandIns, evaluationFinished } from './support/classroom';

// Answer groups: three students say the same about question 1, two say another same thing, one is
// alike to nobody. The teacher opens "Mark by groups" and marks the biggest group with the
// keyboard only, taking one answer out; the next group gets the focus; "Regrade the rest with
// your marks" appears beside the groups and grades the others again there; axe finds nothing.
const PAPER =
  '1. Why does the puddle dry up on a sunny day? [2 marks]\n2. What is a standard in an experiment? [2 marks]';
const MODEL =
  '1. The water evaporates because the sun heats it.\n2. The standard is what every trial is compared with.';
const SAME = '1. The water evaporates because the sun heats it.';
const STUDENTS = {
  'Ada Same': `${SAME}\n2. The boat with no marbles.`,
  'Ben Same': `${SAME}\n2. What every trial is compared with.`,
  'Cy Same': '1. The water evaporates because the sun heats it up.\n2. I do not know.',
  'Di Ground': '1. It soaks into the ground below the puddle.\n2. The control.',
  'Ed Ground': '1. It soaks into the ground below the puddle.\n2. The first trial.',
  'Flo Dog': '1. A dog drank all of it in the night.\n2. A rule.',
};

describe('marking by answer groups', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let context: BrowserContext;
  let teacher: Page;
  let code: string;

  beforeAll(async () => {
    browser = await workerBrowser();
    ({ context, teacher, code } = await classWithHandIns(browser, baseURL, {
      slug: 'groups',
      title: 'Puddles',
      totalMarks: 4,
      paper: PAPER,
      model: MODEL,
      students: STUDENTS,
      viewport: { width: 1280, height: 900 },
    }));
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement;
      const id = el?.getAttribute('aria-labelledby');
      return (id ? document.getElementById(id)?.textContent : el?.getAttribute('aria-label')) ?? '';
    });

  it('groups the class once it is graded, biggest group first', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await evaluationFinished(teacher);
    await teacher.getByRole('link', { name: 'Mark by groups' }).click();
    await teacher.getByRole('heading', { name: 'Mark by groups', level: 1 }).waitFor();
    const groups = teacher.getByRole('list', { name: 'Groups of question 1' });
    await groups.getByRole('heading', { name: /^Group 1 of 3: 3 answers/ }).waitFor();
    await expect
      .poll(() => groups.getByRole('heading', { level: 3 }).allInnerTexts())
      .toEqual(['Group 1 of 3: 3 answers', 'Group 2 of 3: 2 answers', 'Group 3 of 3: 1 answer']);
    await expect.poll(() => teacher.getByText('Alike to no other answer').count()).toBe(1);
  });

  it('marks a group with the keyboard only: next and previous, an answer out, a digit, Enter', async () => {
    // Tab reaches the first group (one stop for the list of groups)
    for (let i = 0; i < 40 && !(await focused(teacher)).startsWith('Group 1 of 3'); i++)
      await teacher.keyboard.press('Tab');
    expect(await focused(teacher)).toMatch(/^Group 1 of 3/);
    await teacher.keyboard.press('ArrowDown');
    expect(await focused(teacher)).toMatch(/^Group 2 of 3/);
    await teacher.keyboard.press('k');
    expect(await focused(teacher)).toMatch(/^Group 1 of 3/);
    // the representative, then the next answer, which is taken out
    await teacher.keyboard.press('n');
    expect(await focused(teacher)).toMatch(/^Representative answer by /);
    await teacher.keyboard.press('ArrowRight');
    const takenOut = (await focused(teacher)).replace(/^Answer by /, '');
    expect(Object.keys(STUDENTS)).toContain(takenOut);
    await teacher.keyboard.press('x');
    await teacher.keyboard.press('2');
    const group1 = teacher.getByRole('region', { name: /^Group 1 of 3/ });
    expect(await group1.getByRole('spinbutton', { name: /Marks for the group/ }).inputValue()).toBe(
      '2',
    );
    await expect.poll(() => group1.getByRole('button', { name: 'Mark 2 answers' }).count()).toBe(1);
    await teacher.keyboard.press('Enter');
    await teacher
      .getByRole('status')
      .filter({ hasText: 'Group 1: 2 answers given 2 marks.' })
      .waitFor();
    // the next group has the focus, ready for its mark
    await expect.poll(() => focused(teacher)).toMatch(/^Group 2 of 3/);
    await expect.poll(() => group1.getByText('(marked with its group)').count()).toBe(2);
    await expect.poll(() => group1.getByText('(proposed by Markwise)').count()).toBe(1);
    expect(await group1.getByLabel(`Answer by ${takenOut}`).innerText()).toContain(
      'proposed by Markwise',
    );
    expect(await seriousViolations(teacher)).toEqual([]);
    if (process.env.UPDATE_DOCS_SCREENSHOTS) {
      const dir = path.resolve(import.meta.dirname, '../docs/images');
      mkdirSync(dir, { recursive: true });
      // the groups' heading just under the app's top bar
      await teacher.evaluate(() => {
        document.getElementById('groups-h')?.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -80);
      });
      await teacher.screenshot({ path: path.join(dir, 'answer-groups.png') });
    }
  });

  it('offers to regrade the rest beside the groups once a group is marked; r reaches it, Enter runs it', async () => {
    const panel = teacher.getByRole('region', { name: 'Regrade the rest with your marks' });
    await panel.getByText('You marked 1 group (2 answers).').waitFor();
    // from the group in focus, r goes to the button, Enter presses it
    await expect.poll(() => focused(teacher)).toMatch(/^Group 2 of 3/);
    await teacher.keyboard.press('r');
    expect(await teacher.evaluate(() => document.activeElement?.textContent)).toBe(
      'Regrade the rest with your marks',
    );
    await teacher.keyboard.press('Enter');
    // the run shows here: its changes to unreviewed marks wait to be applied, if it has any
    const regraded = panel.getByText('Regraded with your marks.');
    const apply = panel.getByRole('button', { name: /^Apply / });
    await expect.poll(async () => (await regraded.count()) + (await apply.count())).toBe(1);
    if (await apply.count()) await apply.click();
    await regraded.waitFor();
    // the groups are the new run's, and her group marks stand in them
    const groups = teacher.getByRole('list', { name: 'Groups of question 1' });
    await groups.getByRole('heading', { name: /^Group 1 of \d/ }).waitFor();
    await expect.poll(() => groups.getByText('(marked with its group)').count()).toBe(2);
    expect(await seriousViolations(teacher)).toEqual([]);
  });

  it('fits a phone screen, the keys still work, and axe finds nothing', async () => {
    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
      storageState: await context.storageState(),
    });
    const page = await phone.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`/dashboard/gradetable/${code}/groups`);
    const group2 = page.getByRole('region', { name: /^Group 2 of 3/ });
    await group2.waitFor();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await group2.focus();
    await page.keyboard.press('1');
    expect(await group2.getByRole('spinbutton', { name: /Marks for the group/ }).inputValue()).toBe(
      '1',
    );
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Group 2: 2 answers given 1 mark.' })
      .waitFor();
    // opened again, the group offers the marks she gave, not the engine's, and says so
    await page.reload();
    const again = page.getByRole('region', { name: /^Group 2 of 3/ });
    await again.getByText('You marked every answer of this group 1 / 2.').waitFor();
    expect(await again.getByRole('spinbutton', { name: /Marks for the group/ }).inputValue()).toBe(
      '1',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/answer-groups-phone.png' });
    await phone.close();
  });

  it('shows the marks it gave in the grades', async () => {
    const res = await teacher.request.get(`/api/assignments/${code}/submissions`);
    const rows = (await res.json()).submissions as Array<{
      studentName: string;
      marksSource: string | null;
    }>;
    const teacherMarked = rows.filter((r) => r.marksSource === 'teacher').map((r) => r.studentName);
    // group 1 but the answer taken out, and group 2 (on the phone)
    expect(teacherMarked.filter((n) => n.endsWith('Same'))).toHaveLength(2);
    expect(teacherMarked.filter((n) => !n.endsWith('Same')).sort()).toEqual([
      'Di Ground',
      'Ed Ground',
    ]);
  });
});
