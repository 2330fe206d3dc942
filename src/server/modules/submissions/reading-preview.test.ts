import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLimitMessages } from '../../../shared/file-limits';
import { messages } from '../../../shared/messages';
import { readingPreviewUrl, type ReadingPreview } from '../../../shared/reading-preview';
import { decodeReading } from '../../../grading';
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
import { assignmentIdOf, createAssignment, join, rowCounts, submit } from '../../test/classroom';
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

  const keptPreviews = (assignmentId: string) =>
    t.db.kysely
      .selectFrom('reading_preview')
      .select(['student_id', 'sha256'])
      .where('assignment_id', '=', assignmentId)
      .execute();
  const assignmentId = (code: string) => assignmentIdOf(t.db.kysely, code);
  const handedInReading = async (code: string, student: TestUser) => {
    const row = await t.db.kysely
      .selectFrom('submission')
      .select('reading')
      .where('assignment_id', '=', await assignmentId(code))
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    return decodeReading(row.reading);
  };
  const pdf = (content: Buffer) => ({ filename: 'answer.pdf', content });
  const scanPdf = async (line: string) =>
    Buffer.from(await makePagesPdf([{ png: await textPng([line], 40) }]));

  it('reads a typed answer exactly, keeps nothing, and the hand-in is still open', async () => {
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
    // read while it was checked: the hand-in reads it the same way, nothing to keep
    expect(await keptPreviews(await assignmentId(code))).toEqual([]);
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

  it('keeps the OCR reading she was shown, and the hand-in of that very file takes it', async () => {
    const code = await createAssignment(t, teacher);
    const id = await assignmentId(code);
    const student = await joinedStudent(code);
    const other = await joinedStudent(code);
    const first = await scanPdf('Plants make sugar from light.');
    const second = await scanPdf('Roots take up water and minerals.');
    // shown twice: only her last reading is kept, one row for her
    expect((await preview(student, code, pdf(first))).statusCode).toBe(200);
    const shown = await preview(student, code, pdf(second));
    expect(shown.statusCode).toBe(200);
    expect((await preview(other, code, pdf(first))).statusCode).toBe(200);
    expect(await keptPreviews(id)).toHaveLength(2);
    expect((await submit(t, student, code, pdf(second))).statusCode).toBe(201);
    // the submission holds what she was shown: Evaluate Now will not read the scan again
    const reading = await handedInReading(code, student);
    expect(reading?.status).toBe('ok');
    const words = shown
      .json<ReadingPreview>()
      .pages[0]!.lines.flat()
      .map((w) => w.text);
    expect(reading?.status === 'ok' && reading.text.split(/\s+/)).toEqual(words);
    expect(await keptPreviews(id)).toEqual([expect.objectContaining({ student_id: other.id })]);
  });

  it('never gives a hand-in the reading of another file, or of another student', async () => {
    const code = await createAssignment(t, teacher);
    const id = await assignmentId(code);
    const student = await joinedStudent(code);
    const other = await joinedStudent(code);
    const shown = await scanPdf('Plants make sugar from light.');
    expect((await preview(student, code, pdf(shown))).statusCode).toBe(200);
    expect((await preview(other, code, pdf(shown))).statusCode).toBe(200);
    // she hands in another scan: it is read on its own (as it arrives), and her preview goes
    const handed = await scanPdf('Leaves lose water through stomata.');
    expect((await submit(t, student, code, pdf(handed))).statusCode).toBe(201);
    await expect
      .poll(async () => (await handedInReading(code, student))?.status, { timeout: 20_000 })
      .toBe('ok');
    const reading = await handedInReading(code, student);
    expect(reading?.status === 'ok' && reading.text).toMatch(/stomata/);
    expect(reading?.status === 'ok' && reading.text).not.toMatch(/Plants/);
    expect(await keptPreviews(id)).toEqual([expect.objectContaining({ student_id: other.id })]);
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
