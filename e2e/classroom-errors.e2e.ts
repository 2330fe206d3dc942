import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileLimitMessages } from '../src/shared/file-limits';
import { messages } from '../src/shared/messages';
import { makePdf } from '../src/server/test/uploads';
import {
  createByApi,
  joinByApi,
  originOf,
  pickDeadline,
  refusedInZone,
  scrollsSideways,
  textFile,
  userPage,
} from './support/classroom-pages';
import { makePng } from './support/png';
import { releaseBrowser } from './support/browser';
import { openRefusalClass } from './support/refusal-class';

// The create and submit forms; who may see which page is in classroom-access-errors.e2e.ts.

const LONG_NAME = 'Wolfeschlegelsteinhausenbergerdorff-Konstantinopolitanska Maximiliana';

/** Drops a file on a drop zone the way a browser does: dragover, then drop with a DataTransfer. */
async function dropFile(zone: Locator, file: { name: string; type: string; bytes: Buffer }) {
  const dataTransfer = await zone.page().evaluateHandle(
    ({ name, type, bytes }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], name, { type }));
      return dt;
    },
    { name: file.name, type: file.type, bytes: [...file.bytes] },
  );
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

describe('classroom pages refuse bad input clearly', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let student: Page; // joined, has not submitted
  let code: string;
  let pdf: Buffer;

  beforeAll(async () => {
    ({ browser, teacher, student, code, pdf } = await openRefusalClass(baseURL));
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('the create form refuses a wrong file type, an oversize file and a wrong image format in the drop zone itself, keeping the earlier choice', async () => {
    await teacher.goto('/dashboard/create-assignment');
    // the form's own "please add" line first; a refused file then replaces it, not a toast
    await teacher.getByRole('button', { name: 'Create Assignment' }).click();
    const paperZone = teacher.locator('#field-questionPaper');
    await paperZone.getByText(messages.questionPaperRequired).waitFor();
    const paper = teacher.getByLabel('Question paper (PDF)');
    await paper.setInputFiles(textFile);
    await refusedInZone(paper, messages.selectPdf);
    expect(await paperZone.getByText(messages.questionPaperRequired).count()).toBe(0);
    expect(await teacher.getByText('Selected:').count()).toBe(0);

    await paper.setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: pdf });
    await teacher.getByText('Selected: paper.pdf').waitFor();
    expect(await paperZone.getByRole('alert').count()).toBe(0);
    await paper.setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(['too big'], 512_001),
    });
    await refusedInZone(paper, messages.fileTooLarge);
    await teacher.getByText('Selected: paper.pdf').waitFor();

    const model = teacher.getByLabel('Model answer (PDF)');
    await model.setInputFiles({
      name: 'answer.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK'),
    });
    await refusedInZone(model, messages.selectPdf);
    await teacher.locator('#field-modelAnswer').getByText(messages.selectPdf).waitFor();

    const diagram = teacher.getByLabel('Model diagram (optional image)');
    await diagram.setInputFiles({
      name: 'leaf.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await refusedInZone(diagram, messages.selectImage);
    await diagram.setInputFiles({ name: 'leaf.pdf', mimeType: 'application/pdf', buffer: pdf });
    await refusedInZone(diagram, messages.selectImage);
    expect(await teacher.getByText('Selected: leaf').count()).toBe(0);

    // the same checks apply to a file dragged onto the box, and the message shows under that box
    const zones = teacher.locator('label', { hasText: 'Click to upload or drag and drop' });
    await diagram.setInputFiles({ name: 'leaf.png', mimeType: 'image/png', buffer: makePng() });
    await teacher.getByText('Selected: leaf.png').waitFor();
    await dropFile(zones.nth(2), { name: 'scan.bmp', type: 'image/bmp', bytes: Buffer.from('BM') });
    await refusedInZone(diagram, messages.selectImage);
    await teacher.locator('#field-diagram').getByRole('alert').waitFor();
    await teacher.getByText('Selected: leaf.png').waitFor();
    await dropFile(zones.nth(2), { name: 'leaf2.png', type: 'image/png', bytes: makePng() });
    await teacher.getByText('Selected: leaf2.png').waitFor();
    expect(await teacher.locator('#field-diagram').getByRole('alert').count()).toBe(0);
  });

  it('the create form names each missing field, and shows the server’s refusal of a renamed non-PDF beside its field', async () => {
    await teacher.goto('/dashboard/create-assignment');
    await teacher.getByRole('button', { name: 'Create Assignment' }).click();
    for (const text of [
      messages.titleRequired,
      messages.deadlineRequired,
      messages.totalMarksInvalid,
      messages.questionPaperRequired,
      messages.modelAnswerRequired,
    ])
      await teacher.getByText(text).waitFor();
    expect(await teacher.getByLabel('Title').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );

    const before = await listCount(teacher);
    await teacher.getByLabel('Title').fill('Renamed file');
    await pickDeadline(teacher, { next: 1, day: 1 });
    await teacher.getByLabel('Total marks').fill('1001');
    await teacher.getByLabel('Question paper (PDF)').setInputFiles({
      name: 'essay.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('This is a text file with a .pdf name.'),
    });
    await teacher.getByLabel('Model answer (PDF)').setInputFiles({
      name: 'model.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await teacher.getByRole('button', { name: 'Create Assignment' }).click();
    await teacher.getByText(messages.totalMarksInvalid).waitFor();
    await teacher.getByLabel('Total marks').fill('10');
    await teacher.getByRole('button', { name: 'Create Assignment' }).click();
    const paperError = teacher
      .locator('#field-questionPaper')
      .getByText(fileLimitMessages.namedPdfButNot);
    await paperError.waitFor();
    expect(await listCount(teacher)).toBe(before);
    expect(teacher.url()).toMatch(/\/dashboard\/create-assignment$/);
  });

  it('submitting with no file asks for one under the drop zone; a wrong, oversize or damaged answer is refused there and nothing is handed in', async () => {
    await student.goto(`/dashboard/assignment/${code}`);
    const answer = student.getByLabel('Your answer (PDF)');
    await student.getByRole('button', { name: 'Submit Assignment' }).click();
    await refusedInZone(answer, messages.selectFileToSubmit);
    // focus goes to the file input, which the message describes
    expect(await answer.evaluate((el) => el === document.activeElement)).toBe(true);

    await answer.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: makePng() });
    await refusedInZone(answer, messages.selectPdf);
    expect(await student.getByText(messages.selectFileToSubmit).count()).toBe(0);
    await answer.setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(['long answer'], 512_001),
    });
    await refusedInZone(answer, messages.fileTooLarge);
    expect(await student.getByText('Selected:').count()).toBe(0);

    // passes the browser's check (a .pdf name) but not the server's reading of it
    await answer.setInputFiles({
      name: 'damaged.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\nthis is not really a PDF\n'),
    });
    await student.getByRole('button', { name: 'Submit Assignment' }).click();
    // the second look cannot show it either; the server's reading refuses it, and the check
    // says so and offers no hand-in
    const check = student.getByRole('dialog', { name: 'Hand in this answer?' });
    await check.getByText('This browser could not open the file to show it.').waitFor();
    await check.getByRole('alert').filter({ hasText: messages.corruptPdf }).waitFor();
    await check.getByText('Markwise would refuse this hand-in').waitFor();
    expect(await check.getByRole('button', { name: 'Hand in this answer' }).count()).toBe(0);
    await check.getByRole('button', { name: 'Choose another file' }).click();
    await check.waitFor({ state: 'detached' });
    await student.getByRole('heading', { name: 'Upload Assignment' }).waitFor();
    const detail = (await (await student.request.get(`/api/assignments/${code}`)).json()) as {
      hasSubmitted: boolean;
    };
    expect(detail.hasSubmitted).toBe(false);
  });

  it('at phone size the create form and the grades table do not scroll sideways', async () => {
    const { page: phoneTeacher } = await userPage(browser, baseURL, {
      name: 'Mrs Phone',
      role: 'teacher',
      size: 'phone',
    });
    await phoneTeacher.goto('/dashboard/create-assignment');
    await phoneTeacher
      .getByLabel('Title')
      .fill('A rather long assignment title for a small screen');
    await phoneTeacher.getByLabel('Question paper (PDF)').setInputFiles({
      name: `${'very-long-file-name-without-spaces-'.repeat(4)}.pdf`,
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await phoneTeacher.getByRole('button', { name: 'Create Assignment' }).click();
    await phoneTeacher.getByText(messages.deadlineRequired).waitFor();
    expect(await scrollsSideways(phoneTeacher)).toBe(false);
    await phoneTeacher.getByRole('button', { name: /^Deadline/ }).click();
    await phoneTeacher.getByRole('dialog').waitFor();
    expect(await scrollsSideways(phoneTeacher)).toBe(false);
    await phoneTeacher.keyboard.press('Escape');

    const phoneCode = await createByApi(phoneTeacher, baseURL, {
      title: 'Phone grades',
      totalMarks: 100,
      questionPaper: pdf,
      modelAnswer: pdf,
    });
    for (const [i, name] of [LONG_NAME, 'Bo', 'Zhang Wei Wei-Ling'].entries()) {
      const { page, context } = await userPage(browser, baseURL, { name, role: 'student' });
      await joinByApi(page, baseURL, phoneCode, i < 2 ? pdf : undefined);
      await context.close();
    }
    const rows = (await (
      await phoneTeacher.request.get(`/api/assignments/${phoneCode}/submissions`)
    ).json()) as { submissions: { id: string }[] };
    for (const row of rows.submissions) {
      await phoneTeacher.request.put(`/api/assignments/${phoneCode}/submissions/${row.id}/marks`, {
        headers: originOf(baseURL),
        data: { marks: 87.25 },
      });
    }
    await phoneTeacher.goto(`/dashboard/gradetable/${phoneCode}`);
    await phoneTeacher.getByText('Not Submitted yet').waitFor();
    expect(await scrollsSideways(phoneTeacher)).toBe(false);
    await phoneTeacher.getByRole('button', { name: `Edit marks of ${LONG_NAME}` }).click();
    await phoneTeacher.getByRole('button', { name: `Save marks for ${LONG_NAME}` }).waitFor();
    expect(await scrollsSideways(phoneTeacher)).toBe(false);
    const region = phoneTeacher.getByRole('region', { name: 'Grades' });
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

async function listCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/assignments');
  return ((await res.json()) as { assignments: unknown[] }).assignments.length;
}
