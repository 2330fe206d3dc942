import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLimitMessages } from '../../../shared/file-limits';
import { messages } from '../../../shared/messages';
import {
  buildTeacherApp,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
  localFilesDir,
} from '../../test/test-app';
import {
  createAssignment,
  inDays,
  join,
  rowCounts,
  setDeadline,
  submit,
} from '../../test/classroom';
import { decodeReading } from '../../../grading';
import { makePdf as makePagesPdf } from '../../../grading/testing/make-pdf';
import { textPng } from '../../../grading/testing/render-png';
import { filesUnder, makePdf, pngBytes } from '../../test/uploads';

describe.each(dialects)('submissions (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => ({ t, teacher } = await buildTeacherApp(dialect)));
  afterAll(() => t.close());

  const joinedStudent = async (code: string, name?: string) => {
    const s = await signUp(t, { role: 'student', name });
    await join(t, s, code);
    return s;
  };
  const answersOnDisk = () => filesUnder(localFilesDir(t)).filter((f) => f.startsWith('answer'));

  describe('POST /api/assignments/:code/submission', () => {
    it('keeps exactly the uploaded bytes, once; a second attempt is 409', async () => {
      const code = await createAssignment(t, teacher);
      const student = await joinedStudent(code);
      const pdf = await makePdf(['My answer about osmosis.']);
      const first = await submit(t, student, code, { filename: 'mine.pdf', content: pdf });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ marks: null, needsReview: false });
      const again = await submit(t, student, code);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'already_submitted',
        message: messages.alreadySubmitted,
      });
      const file = await t.app.inject({
        url: `/api/assignments/${code}/submissions/${first.json().id}/file`,
        headers: { cookie: teacher.cookie },
      });
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(pdf)).toBe(true);
      const row = await t.db.kysely
        .selectFrom('file')
        .select('sha256')
        .where('original_name', '=', 'mine.pdf')
        .executeTakeFirstOrThrow();
      expect(row.sha256).toBe(crypto.createHash('sha256').update(pdf).digest('hex'));
      const detail = await t.app.inject({
        url: `/api/assignments/${code}`,
        headers: { cookie: student.cookie },
      });
      expect(detail.json()).toMatchObject({ viewer: 'student', hasSubmitted: true });
    });

    it('reads a text answer as it is handed in; a scanned one by OCR just after', async () => {
      const code = await createAssignment(t, teacher);
      const handIn = async (content: Buffer) => {
        const res = await submit(t, await joinedStudent(code), code, {
          filename: 'answer.pdf',
          content,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ id: string }>().id;
      };
      const reading = async (id: string) => {
        const row = await t.db.kysely
          .selectFrom('submission')
          .select('reading')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return decodeReading(row.reading);
      };
      const typed = await handIn(await makePdf(['1. Osmosis moves water.', '2. Diffusion.']));
      expect(await reading(typed)).toMatchObject({
        status: 'ok',
        text: '1. Osmosis moves water.\n\n2. Diffusion.',
        pages: [{ source: 'text' }, { source: 'text' }],
      });
      // a scan is handed in at once and read in the background (jobs/read-on-arrival.ts)
      const scanned = await handIn(
        Buffer.from(await makePagesPdf([{ png: await textPng(['Osmosis moves water']) }])),
      );
      await expect
        .poll(async () => (await reading(scanned))?.pages[0]?.source, { timeout: 20_000 })
        .toBe('ocr');
      expect(await reading(scanned)).toMatchObject({
        status: 'ok',
        text: expect.stringMatching(/Osmosis moves water/),
      });
    });

    it('lets exactly one of two simultaneous submissions through and stores one file', async () => {
      const code = await createAssignment(t, teacher);
      const student = await joinedStudent(code);
      const before = answersOnDisk().length;
      const results = await Promise.all([submit(t, student, code), submit(t, student, code)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(answersOnDisk().length).toBe(before + 1);
    });

    it('refuses a submission after the deadline with a clear message', async () => {
      const code = await createAssignment(t, teacher);
      const student = await joinedStudent(code);
      await setDeadline(t.db.kysely, code, inDays(-0.01));
      const res = await submit(t, student, code);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'deadline_passed',
        message: messages.deadlinePassed,
      });
    });

    const bad: Array<[string, () => Promise<Buffer>, number, string]> = [
      ['a PNG named .pdf', async () => pngBytes(), 415, fileLimitMessages.namedPdfButNot],
      [
        'a text file named .pdf',
        async () => Buffer.from('hello teacher'),
        415,
        fileLimitMessages.namedPdfButNot,
      ],
      ['an empty file', async () => Buffer.alloc(0), 400, messages.emptyFile],
      [
        'a file of 512001 bytes',
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
    it.each(bad)('refuses %s and changes nothing', async (_name, content, status, message) => {
      const code = await createAssignment(t, teacher);
      const student = await joinedStudent(code);
      const before = await rowCounts(t.db.kysely);
      const stored = filesUnder(localFilesDir(t));
      const res = await submit(t, student, code, {
        filename: 'answer.pdf',
        content: await content(),
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toBe(message);
      expect(await rowCounts(t.db.kysely)).toEqual(before);
      expect(filesUnder(localFilesDir(t))).toEqual(stored);
      expect((await submit(t, student, code)).statusCode).toBe(201);
    });

    it('refuses a form without the answer file', async () => {
      const code = await createAssignment(t, teacher);
      const student = await joinedStudent(code);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/assignments/${code}/submission`,
        headers: { cookie: student.cookie, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--x--\r\n',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.selectFileToSubmit);
    });
  });

  describe('GET /api/assignments/:code/submissions', () => {
    it('gives the owner every submission and the joined students who have not submitted', async () => {
      const code = await createAssignment(t, teacher);
      const asha = await joinedStudent(code, 'Asha');
      await joinedStudent(code, 'Zoe');
      await joinedStudent(code, 'Bilal');
      await submit(t, asha, code);
      const res = await t.app.inject({
        url: `/api/assignments/${code}/submissions`,
        headers: { cookie: teacher.cookie },
      });
      expect(res.json()).toMatchObject({
        viewer: 'owner',
        assignment: { code, totalMarks: 20 },
        submissions: [{ studentName: 'Asha', marks: null, marksSource: null }],
        notSubmitted: [{ studentName: 'Bilal' }, { studentName: 'Zoe' }],
      });
      const detail = await t.app.inject({
        url: `/api/assignments/${code}`,
        headers: { cookie: teacher.cookie },
      });
      expect(detail.json()).toMatchObject({ submittedCount: 1, pendingCount: 2 });
    });

    it('shows a student their marks only once the teacher publishes them', async () => {
      const code = await createAssignment(t, teacher);
      const student = await joinedStudent(code);
      const id = (await submit(t, student, code)).json().id;
      await putMarks(code, id, 15);
      const url = `/api/assignments/${code}/submissions`;
      const before = await t.app.inject({ url, headers: { cookie: student.cookie } });
      expect(before.json()).toMatchObject({
        viewer: 'student',
        marksVisible: false,
        submissions: [{ id, marks: null, marksSource: null }],
      });
      await setDeadline(t.db.kysely, code, inDays(-1));
      const late = await t.app.inject({ url, headers: { cookie: student.cookie } });
      expect(late.json()).toMatchObject({ marksVisible: false, submissions: [{ marks: null }] });
      const page = () =>
        t.app.inject({ url: `/api/assignments/${code}`, headers: { cookie: student.cookie } });
      expect((await page()).json()).toMatchObject({ hasSubmitted: true, marksPublished: false });
      const publish = await t.app.inject({
        method: 'POST',
        url: `/api/assignments/${code}/publish`,
        headers: { cookie: teacher.cookie },
        payload: {},
      });
      expect(publish.json()).toEqual({ published: 1, unchanged: 0 });
      const after = await t.app.inject({ url, headers: { cookie: student.cookie } });
      expect(after.json()).toMatchObject({
        marksVisible: true,
        submissions: [{ id, marks: 15, publishedMarks: 15, published: true }],
      });
      // her assignment page says so, not that the marks are still to come
      expect((await page()).json()).toMatchObject({ hasSubmitted: true, marksPublished: true });
    });
  });

  const putMarks = (code: string, id: string, marks: unknown, user = teacher) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/assignments/${code}/submissions/${id}/marks`,
      headers: { cookie: user.cookie },
      payload: { marks },
    });

  describe('PUT /api/assignments/:code/submissions/:id/marks', () => {
    it('sets marks, records every change and leaves the AI proposal alone', async () => {
      const code = await createAssignment(t, teacher);
      const student = await joinedStudent(code);
      const id = (await submit(t, student, code)).json().id as string;
      await t.db.kysely
        .updateTable('submission')
        .set({ marks: 12, ai_marks: 12, marks_source: 'ai', needs_review: 1, ai_result: '{"x":1}' })
        .where('id', '=', id)
        .execute();
      const first = await putMarks(code, id, 14.5);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        id,
        marks: 14.5,
        marksSource: 'teacher',
        needsReview: false,
      });
      expect((await putMarks(code, id, 20)).statusCode).toBe(200);
      expect((await putMarks(code, id, 0)).statusCode).toBe(200);
      const changes = await t.db.kysely
        .selectFrom('mark_change')
        .selectAll()
        .where('submission_id', '=', id)
        .execute();
      // Sorted by value: three changes can share one millisecond.
      const trail = changes.map((c) => [c.from_marks, c.to_marks, c.changed_by, c.source]);
      expect(trail.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
        [12, 14.5, teacher.id, 'teacher'],
        [14.5, 20, teacher.id, 'teacher'],
        [20, 0, teacher.id, 'teacher'],
      ]);
      const row = await t.db.kysely
        .selectFrom('submission')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ ai_marks: 12, ai_result: '{"x":1}' });
    });

    it.each([[-1], [21], [7.333], ['abc'], [null]])(
      'refuses marks of %s and changes nothing',
      async (marks) => {
        const code = await createAssignment(t, teacher);
        const student = await joinedStudent(code);
        const id = (await submit(t, student, code)).json().id as string;
        const before = await rowCounts(t.db.kysely);
        const res = await putMarks(code, id, marks);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toMatch(/Marks/);
        expect(await rowCounts(t.db.kysely)).toEqual(before);
      },
    );

    it('is 404 for a submission of another assignment', async () => {
      const code = await createAssignment(t, teacher);
      const other = await createAssignment(t, teacher);
      const student = await joinedStudent(other);
      const id = (await submit(t, student, other)).json().id as string;
      expect((await putMarks(code, id, 1)).statusCode).toBe(404);
    });
  });
});
