import type { Browser, Page } from 'playwright-core';
import { makePdf } from '../../src/server/test/uploads';
import { workerBrowser } from './browser';
import { createByApi, joinByApi, userPage } from './classroom-pages';

/** The people and the assignment the refusal tests (classroom-*errors.e2e.ts) work with. */
export interface RefusalClass {
  browser: Browser;
  /** Mr Adeyemi, who set "Boiling points". */
  teacher: Page;
  /** Priya Nair, on a phone: joined, has not submitted. */
  student: Page;
  /** Sam Lee, a student who never joined. */
  outsider: Page;
  /** Ms Berg, a teacher who does not own it. */
  otherTeacher: Page;
  code: string;
  /** The PDF used as question paper and model answer. */
  pdf: Buffer;
}

/** Signs the four users in, in the worker's browser; give `browser` back with releaseBrowser when done. */
export async function openRefusalClass(baseURL: string): Promise<RefusalClass> {
  const browser = await workerBrowser();
  const pdf = await makePdf(['1. Water boils at 100 degrees Celsius at sea level.']);
  const { page: teacher } = await userPage(browser, baseURL, {
    name: 'Mr Adeyemi',
    role: 'teacher',
  });
  const { page: student } = await userPage(browser, baseURL, {
    name: 'Priya Nair',
    role: 'student',
    size: 'phone',
  });
  const { page: outsider } = await userPage(browser, baseURL, { name: 'Sam Lee', role: 'student' });
  const { page: otherTeacher } = await userPage(browser, baseURL, {
    name: 'Ms Berg',
    role: 'teacher',
  });
  const code = await createByApi(teacher, baseURL, {
    title: 'Boiling points',
    questionPaper: pdf,
    modelAnswer: pdf,
  });
  await joinByApi(student, baseURL, code);
  return { browser, teacher, student, outsider, otherTeacher, code, pdf };
}
