import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { makePdf } from '../../src/server/test/uploads';
import { formatDate } from '../../src/web/lib/dates';
import { dayMonthYear, holdUploads, pickDeadline } from './classroom-pages';
import { withDatabase } from './database';
import { makePng } from './png';

/**
 * The longer steps of the classroom journey (e2e/classroom-journey.e2e.ts), kept here so the
 * story reads as one: each drives the pages as a person would and checks what it passes by.
 */

/** What the teacher typed into Create Assignment (the card shows its first 15 words). */
export const TITLE = 'Photosynthesis essay';
export const DESCRIPTION =
  'Read chapter four on photosynthesis and answer all five questions in full sentences, ' +
  'labelling every part of the leaf diagram you draw.';

/**
 * Fills in Create Assignment with a title, a deadline picked in the calendar, 20 marks, diagram
 * keywords, a description and all three files, and sends it while the upload is held so its
 * progress bar shows. Returns the new class code, the deadline ("YYYY-MM-DD") and the diagram.
 */
export async function createWithAllFiles(teacher: Page) {
  await teacher.goto('/dashboard/create-assignment');
  await teacher.getByRole('heading', { name: 'Create Assignment', level: 1 }).waitFor();
  const created = teacher.getByLabel('Creation date');
  expect(await created.inputValue()).toBe(formatDate(new Date()));
  expect(await created.getAttribute('readonly')).not.toBeNull();

  await teacher.getByLabel('Title').fill(TITLE);
  const deadline = await pickDeadline(teacher, { next: 2, prev: 1, day: 15 });
  expect(await teacher.getByRole('button', { name: /^Deadline/ }).innerText()).toContain(
    dayMonthYear(deadline),
  );
  await teacher.getByLabel('Total marks').fill('20');
  await teacher.getByLabel('Diagram keywords (optional)').fill('chlorophyll, stomata ,xylem');
  await teacher.getByLabel('Description (optional)').fill(DESCRIPTION);
  const png = makePng();
  await teacher.getByLabel('Question paper (PDF)').setInputFiles({
    name: 'questions.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf(['1. What is photosynthesis? [10 marks]', '2. Draw a leaf.']),
  });
  await teacher.getByLabel('Model answer (PDF)').setInputFiles({
    name: 'model-answer.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf(['1. Plants turn light, water and carbon dioxide into glucose.']),
  });
  await teacher.getByLabel('Model diagram (optional image)').setInputFiles({
    name: 'leaf.png',
    mimeType: 'image/png',
    buffer: png,
  });
  for (const name of ['questions.pdf', 'model-answer.pdf', 'leaf.png'])
    await teacher.getByText(`Selected: ${name}`).waitFor();

  const release = await holdUploads(teacher, '**/api/assignments', 800);
  const response = teacher.waitForResponse(
    (r) => r.url().endsWith('/api/assignments') && r.request().method() === 'POST',
  );
  await teacher.getByRole('button', { name: 'Create Assignment' }).click();
  const bar = teacher.getByRole('progressbar');
  await bar.waitFor();
  expect(await bar.getAttribute('aria-label')).toMatch(/^(Uploading|Checking and saving) files$/);
  expect(await teacher.getByRole('button', { name: 'Creating…' }).isDisabled()).toBe(true);
  const reply = await response;
  await release();
  expect(reply.status()).toBe(201);
  const code = ((await reply.json()) as { code: string }).code;
  return { code, deadline, png };
}

/** The audit trail of one answer's marks, oldest first, from the server's database. */
export function markChangesOf(dataDir: string, submissionId: string) {
  return withDatabase(dataDir, (db) =>
    db
      .prepare(
        'select from_marks, to_marks from mark_change where submission_id = ? order by created_at',
      )
      .all(submissionId),
  );
}

/** The storage keys of every file of the assignment: its three papers and the answers. */
export function storageKeysOf(dataDir: string, code: string): string[] {
  return withDatabase(dataDir, (db) =>
    db
      .prepare(
        `select f.storage_key as key from file f join assignment a on a.code = ?
         where f.id in (a.question_file_id, a.model_answer_file_id, a.diagram_file_id)
            or f.id in (select file_id from submission where assignment_id = a.id)`,
      )
      .all(code)
      .map((r) => (r as { key: string }).key),
  );
}

/** How many rows are left of an assignment, one of its submissions and the files with `keys`. */
export function rowsLeftOf(dataDir: string, code: string, submissionId: string, keys: string[]) {
  return withDatabase(dataDir, (db) => ({
    assignments: db.prepare('select count(*) as n from assignment where code = ?').get(code),
    submissions: db.prepare('select count(*) as n from submission where id = ?').get(submissionId),
    files: db
      .prepare(
        `select count(*) as n from file where storage_key in (${keys.map(() => '?').join()})`,
      )
      .get(...keys),
  }));
}
