import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLimitMessages } from '../../../shared/file-limits';
import { messages } from '../../../shared/messages';
import {
  buildTeacherApp,
  dialects,
  localFilesDir,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { assignmentForm, inDays, postAssignment, rowCounts } from '../../test/classroom';
import { filesUnder, makePdf, pdfNamed, pngBytes } from '../../test/uploads';

// Every form POST /api/assignments refuses, each with its message and no trace left behind.
describe.each(dialects)('POST /api/assignments (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' })));
  afterAll(() => t.close());

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
      const stored = filesUnder(localFilesDir(t));
      const res = await postAssignment(t, teacher, await form());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toContain(message);
      expect(await rowCounts(t.db.kysely)).toEqual(before);
      expect(filesUnder(localFilesDir(t))).toEqual(stored);
      expect(fs.existsSync(t.config.tmpDir) ? fs.readdirSync(t.config.tmpDir) : []).toEqual([]);
    },
  );
});
