import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLimitMessages } from '../../../shared/file-limits';
import { messages } from '../../../shared/messages';
import { buildTeacherApp, dialects, type TestApp, type TestUser } from '../../test/test-app';
import { assignmentForm, postAssignment } from '../../test/classroom';
import { jpegBytes, makePdf, pdfNamed, pngBytes } from '../../test/uploads';

// What POST /api/assignments keeps; what it refuses is in assignments.create-refusals.test.ts.
describe.each(dialects)('POST /api/assignments (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  beforeAll(async () => ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' })));
  afterAll(() => t.close());

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
});
