import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLimitMessages } from '../../../shared/file-limits';
import { messages } from '../../../shared/messages';
import { readingPreviewUrl, type ReadingPreview } from '../../../shared/reading-preview';
import { makePdf as makePagesPdf } from '../../../grading/testing/make-pdf';
import { textPng } from '../../../grading/testing/render-png';
import {
  buildTeacherApp,
  dialects,
  localFilesDir,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { createAssignment, join, rowCounts, submit } from '../../test/classroom';
import { filesUnder, makePdf, multipart, pngBytes, type FilePart } from '../../test/uploads';

describe.each(dialects)('reading preview before hand-in (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => ({ t, teacher } = await buildTeacherApp(dialect)));
  afterAll(() => t.close());

  const joinedStudent = async (code: string) => {
    const s = await signUp(t, { role: 'student' });
    await join(t, s, code);
    return s;
  };
  const preview = async (user: TestUser, code: string, file?: FilePart) => {
    const form = multipart(
      {},
      { answer: file ?? { filename: 'answer.pdf', content: await makePdf() } },
    );
    return t.app.inject({
      method: 'POST',
      url: readingPreviewUrl(code),
      headers: { ...form.headers, cookie: user.cookie },
      payload: form.payload,
    });
  };

  it('reads a typed answer exactly, stores nothing, and the hand-in is still open', async () => {
    const code = await createAssignment(t, teacher);
    const student = await joinedStudent(code);
    const before = await rowCounts(t.db.kysely);
    const stored = filesUnder(localFilesDir(t));
    const res = await preview(student, code, {
      filename: 'mine.pdf',
      content: await makePdf(['Osmosis moves water across a membrane.']),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ReadingPreview>();
    expect(body.unreadable).toBeNull();
    expect(body.pages).toHaveLength(1);
    expect(body.pages[0]).toMatchObject({ number: 1, source: 'text', hardToRead: null });
    expect(
      body.pages[0]!.lines.flat()
        .map((w) => w.text)
        .join(' '),
    ).toContain('Osmosis moves water');
    expect(body.pages[0]!.lines.flat().some((w) => w.unsure)).toBe(false);
    expect(await rowCounts(t.db.kysely)).toEqual(before);
    expect(filesUnder(localFilesDir(t))).toEqual(stored);
    expect((await submit(t, student, code)).statusCode).toBe(201);
  });

  it('reads a photographed page by OCR and says which page is blank', async () => {
    const code = await createAssignment(t, teacher);
    const student = await joinedStudent(code);
    const scan = await textPng(['Plants make sugar from light.'], 40);
    const white = await textPng([''], 40);
    const pdf = await makePagesPdf([{ png: scan }, { png: white }]);
    const res = await preview(student, code, { filename: 'photos.pdf', content: Buffer.from(pdf) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ReadingPreview>();
    const [first, second] = body.pages;
    expect(first).toMatchObject({ number: 1, source: 'ocr' });
    expect(first!.confidence).toBeGreaterThan(0.5);
    expect(
      first!.lines
        .flat()
        .map((w) => w.text)
        .join(' '),
    ).toMatch(/Plants make sugar/);
    expect(second).toMatchObject({ number: 2, hardToRead: 'blank', lines: [] });
  });

  it('is only for a joined student who may still hand in', async () => {
    const code = await createAssignment(t, teacher);
    expect((await preview(teacher, code)).statusCode).toBe(403);
    const stranger = await signUp(t, { role: 'student' });
    expect((await preview(stranger, code)).statusCode).toBe(404);
    const student = await joinedStudent(code);
    expect((await submit(t, student, code)).statusCode).toBe(201);
    const after = await preview(student, code);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(messages.alreadySubmitted);
  });

  const bad: Array<[string, () => Promise<Buffer>, number, string]> = [
    ['a photo sent as the answer', async () => pngBytes(), 415, fileLimitMessages.namedPdfButNot],
    [
      'a PDF over 500 kB',
      async () => Buffer.concat([await makePdf(), Buffer.alloc(512_001)]).subarray(0, 512_001),
      413,
      messages.fileTooLarge,
    ],
    [
      'a corrupt PDF',
      async () => Buffer.from('%PDF-1.7\n1 0 obj garbage'),
      400,
      messages.corruptPdf,
    ],
  ];
  it.each(bad)(
    'refuses %s as the hand-in does, changing nothing',
    async (_n, content, status, message) => {
      const code = await createAssignment(t, teacher);
      const student = await joinedStudent(code);
      const before = await rowCounts(t.db.kysely);
      const res = await preview(student, code, {
        filename: 'answer.pdf',
        content: await content(),
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toBe(message);
      expect(await rowCounts(t.db.kysely)).toEqual(before);
    },
  );
});
