import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sharedStream } from '../src/grading/testing/hostile-pdfs';
import { messages } from '../src/shared/messages';
import { seriousViolations } from './support/axe';
import { newContext, releaseBrowser, signUpInContext, workerBrowser } from './support/browser';
import { createAssignmentInPage, joinAndSubmit, pdfOf } from './support/classroom';
import { storeAnswerInDb } from './support/database';

describe('Stopping an evaluation', () => {
  const baseURL = inject('baseURL');
  const dataDir = inject('dataDir');
  let browser: Browser;
  let teacher: Page;
  let code: string;

  beforeAll(async () => {
    browser = await workerBrowser();
    const stamp = Date.now();
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 800 },
    });
    teacher = await context.newPage();
    teacher.setDefaultTimeout(15_000);
    await signUpInContext(teacher, baseURL, {
      name: 'Mr Iyer',
      email: `iyer-${stamp}@school.example`,
      role: 'teacher',
    });
    code = await createAssignmentInPage(teacher, baseURL, {
      title: 'Stacks',
      totalMarks: 10,
      questionPaper: await pdfOf('1. What is a stack? [10 marks]'),
      modelAnswer: await pdfOf(
        '1. A stack is a list where the last item added is the first removed.',
      ),
    });
    // One honest answer, and one (stored before the reading limits) that takes a minute to read.
    for (const [i, answer] of ['1. A stack is last in, first out.', null].entries()) {
      const page = await (await newContext(browser, baseURL, 'phone')).newPage();
      const email = `stack${i}-${stamp}@school.example`;
      await signUpInContext(page, baseURL, { name: `Student ${i + 1}`, email, role: 'student' });
      if (answer) await joinAndSubmit(page, baseURL, code, await pdfOf(answer));
      else {
        const joined = await page.request.post('/api/assignments/join', {
          headers: { origin: new URL(baseURL).origin },
          data: { code },
        });
        expect(joined.status()).toBe(200);
        storeAnswerInDb(dataDir, code, email, sharedStream(50));
      }
      await page.context().close();
    }
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('stops a slow run from the grades table with one click', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await teacher.getByText(messages.evaluating).waitFor();
    const stop = teacher.getByRole('button', { name: 'Stop evaluation' });
    await stop.waitFor();
    expect(await seriousViolations(teacher)).toEqual([]);
    await stop.click();
    await teacher.getByText(/^The evaluation was cancelled\./).waitFor();
    await teacher
      .getByText('Marks given before you stopped it are kept.', { exact: false })
      .waitFor();
    expect(await stop.count()).toBe(0);
    expect(await teacher.getByText(messages.evaluating).count()).toBe(0);
    // A new run can start at once.
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await teacher.getByRole('button', { name: 'Stop evaluation' }).click();
    await teacher.getByText(/^The evaluation was cancelled\./).waitFor();
  });
});
