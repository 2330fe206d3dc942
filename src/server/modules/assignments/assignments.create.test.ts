import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLimitMessages } from '../../../shared/file-limits';
import { messages } from '../../../shared/messages';
import { buildTestApp, dialects, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { assignmentForm, inDays, postAssignment, rowCounts } from '../../test/classroom';
import { filesUnder, jpegBytes, makePdf, pngBytes, type FilePart } from '../../test/uploads';

const pdfNamed = (content: Buffer, filename = 'question.pdf'): FilePart => ({ filename, content });

describe.each(dialects)('POST /api/assignments (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    teacher = await signUp(t, { role: 'teacher', name: 'Ms Rao' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('publishes an assignment with a unique unambiguous code and keeps the exact bytes', async () => {
    const question = await makePdf(['Q1. What is osmosis?']);
    const form = await assignmentForm(
      { title: '  Osmosis  ', diagramKeywords: ' membrane, water ,Membrane,, ' },
      { questionPaper: pdfNamed(question, 'Frage für Klasse 7.pdf') },
    );
    const res = await postAssignment(t, teacher, form);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6,8}$/);
    expect(body).toMatchObject({
      title: 'Osmosis',
      teacherName: 'Ms Rao',
      totalMarks: 20,
      hasQuestionPaper: true,
      hasModelAnswer: true,
      hasDiagram: true,
      diagramKeywords: ['membrane', 'water'],
      viewer: 'owner',
      submittedCount: 0,
      pendingCount: 0,
    });
    const download = await t.app.inject({
      url: `/api/assignments/${body.code}/files/question-paper`,
      headers: { cookie: teacher.cookie },
    });
    expect(download.rawPayload.equals(question)).toBe(true);
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="Frage f_r Klasse 7.pdf"; filename*=UTF-8''Frage%20f%C3%BCr%20Klasse%207.pdf`,
    );
    const row = await t.db.kysely
      .selectFrom('file')
      .selectAll()
      .where('original_name', '=', 'Frage für Klasse 7.pdf')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ media_type: 'application/pdf', size: question.length });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('decides the type from the bytes, not from the browser: a PDF sent as image/png is a PDF', async () => {
    const form = await assignmentForm(
      {},
      {
        questionPaper: { filename: 'q', content: await makePdf(), contentType: 'image/png' },
        diagram: { filename: 'leaf.jpeg', content: jpegBytes(), contentType: 'application/pdf' },
      },
    );
    const res = await postAssignment(t, teacher, form);
    expect(res.statusCode, res.body).toBe(201);
    const types = await t.db.kysely.selectFrom('file').select('media_type').execute();
    expect(types.map((r) => r.media_type)).toContain('image/jpeg');
  });

  it('names the form field a refused file came in', async () => {
    const wrong = await postAssignment(
      t,
      teacher,
      await assignmentForm({}, { modelAnswer: pdfNamed(pngBytes()) }),
    );
    expect(wrong.json().error.details).toEqual([
      { path: 'modelAnswer', message: fileLimitMessages.namedPdfButNot },
    ]);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(512_001)]);
    const tooBig = await postAssignment(
      t,
      teacher,
      await assignmentForm({}, { diagram: { filename: 'd.jpg', content: big } }),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.details).toEqual([
      { path: 'diagram', message: messages.fileTooLarge },
    ]);
    const none = await postAssignment(
      t,
      teacher,
      await assignmentForm({}, { questionPaper: undefined }),
    );
    expect(none.json().error.details).toEqual([
      { path: 'questionPaper', message: messages.questionPaperRequired },
    ]);
  });

  it('accepts a file of exactly 512000 bytes and no diagram', async () => {
    const form = await assignmentForm(
      {},
      { questionPaper: pdfNamed(await makePdf(['x'], 512_000)), diagram: undefined },
    );
    const res = await postAssignment(t, teacher, form);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().hasDiagram).toBe(false);
  });

  const refused: Array<
    [string, () => Promise<{ payload: Buffer; headers: Record<string, string> }>, number, string]
  > = [
    [
      'a PNG renamed to .pdf',
      () => assignmentForm({}, { questionPaper: pdfNamed(pngBytes()) }),
      415,
      fileLimitMessages.namedPdfButNot,
    ],
    [
      'a text file named .pdf',
      async () =>
        assignmentForm({}, { modelAnswer: pdfNamed(Buffer.from('just some notes'), 'model.pdf') }),
      415,
      fileLimitMessages.namedPdfButNot,
    ],
    [
      'an empty file',
      () => assignmentForm({}, { questionPaper: pdfNamed(Buffer.alloc(0)) }),
      400,
      messages.emptyFile,
    ],
    [
      'a file of 512001 bytes',
      async () =>
        assignmentForm(
          {},
          {
            questionPaper: pdfNamed(
              Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512_001 - 9, 0x20)]),
            ),
          },
        ),
      413,
      messages.fileTooLarge,
    ],
    [
      'a corrupt PDF',
      () =>
        assignmentForm(
          {},
          { modelAnswer: pdfNamed(Buffer.from('%PDF-1.4\nthis is not really a PDF\n%%EOF')) },
        ),
      400,
      messages.corruptPdf,
    ],
    [
      'a truncated PDF',
      async () =>
        assignmentForm({}, { questionPaper: pdfNamed((await makePdf()).subarray(0, 400)) }),
      400,
      messages.corruptPdf,
    ],
    [
      'a PDF as the diagram',
      async () =>
        assignmentForm(
          {},
          { diagram: { filename: 'leaf.png', content: await makePdf(), contentType: 'image/png' } },
        ),
      415,
      messages.selectImage,
    ],
    [
      'a GIF as the diagram',
      () =>
        assignmentForm(
          {},
          {
            diagram: {
              filename: 'leaf.gif',
              content: Buffer.from('GIF89a-----'),
              contentType: 'image/gif',
            },
          },
        ),
      415,
      messages.selectImage,
    ],
    ['no title', () => assignmentForm({ title: undefined }), 400, messages.titleRequired],
    ['a blank title', () => assignmentForm({ title: '   ' }), 400, messages.titleRequired],
    [
      'a title of 201 characters',
      () => assignmentForm({ title: 'x'.repeat(201) }),
      400,
      messages.titleTooLong,
    ],
    ['no deadline', () => assignmentForm({ deadline: undefined }), 400, messages.deadlineRequired],
    [
      'a deadline that is not a date',
      () => assignmentForm({ deadline: 'next friday' }),
      400,
      messages.deadlineInvalid,
    ],
    [
      'a deadline in the past',
      () => assignmentForm({ deadline: inDays(-1) }),
      400,
      messages.deadlinePast,
    ],
    [
      'a deadline of yesterday as a date',
      () => assignmentForm({ deadline: inDays(-1).slice(0, 10) }),
      400,
      messages.deadlinePast,
    ],
    [
      'no total marks',
      () => assignmentForm({ totalMarks: undefined }),
      400,
      messages.totalMarksInvalid,
    ],
    [
      'total marks of -1',
      () => assignmentForm({ totalMarks: '-1' }),
      400,
      messages.totalMarksInvalid,
    ],
    [
      'total marks of 1001',
      () => assignmentForm({ totalMarks: '1001' }),
      400,
      messages.totalMarksInvalid,
    ],
    [
      'total marks of "abc"',
      () => assignmentForm({ totalMarks: 'abc' }),
      400,
      messages.totalMarksInvalid,
    ],
    [
      'total marks of 2.5',
      () => assignmentForm({ totalMarks: '2.5' }),
      400,
      messages.totalMarksInvalid,
    ],
    [
      'no question paper',
      () => assignmentForm({}, { questionPaper: undefined }),
      400,
      messages.questionPaperRequired,
    ],
    [
      'no model answer',
      () => assignmentForm({}, { modelAnswer: undefined }),
      400,
      messages.modelAnswerRequired,
    ],
    [
      'four files',
      async () => assignmentForm({}, { extra: pdfNamed(await makePdf()) }),
      400,
      messages.tooManyFiles,
    ],
    [
      'a file under an unknown name',
      async () => assignmentForm({}, { diagram: undefined, extra: pdfNamed(await makePdf()) }),
      400,
      messages.unexpectedFile,
    ],
    [
      'a JSON body instead of a form',
      async () => ({
        payload: Buffer.from('{"title":"x"}'),
        headers: { 'content-type': 'application/json' },
      }),
      415,
      'Send the form as multipart/form-data.',
    ],
  ];

  it.each(refused)(
    'refuses %s with its message and changes nothing',
    async (_name, form, status, message) => {
      const before = await rowCounts(t.db.kysely);
      const stored = filesUnder(t.config.filesDir);
      const res = await postAssignment(t, teacher, await form());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toContain(message);
      expect(await rowCounts(t.db.kysely)).toEqual(before);
      expect(filesUnder(t.config.filesDir)).toEqual(stored);
      expect(fs.existsSync(t.config.tmpDir) ? fs.readdirSync(t.config.tmpDir) : []).toEqual([]);
    },
  );
});
