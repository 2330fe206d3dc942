import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyPointName } from '../../../grading/explain';
import { loadPdfJs } from '../../../grading/pdfjs';
import { encryptedPdf } from '../../../grading/testing/encrypted-pdf';
import { manyPages } from '../../../grading/testing/hostile-pdfs';
import type { AiResult } from '../../../shared/evaluations';
import { fileLimitMessages } from '../../../shared/file-limits';
import type { EvaluationRun } from '../../../shared/evaluations';
import { pageCommentMessages, type PageComment, type PageMarks } from '../../../shared/page-marks';
import { makePdf } from '../../../grading/testing/make-pdf';
import { textPng } from '../../../grading/testing/render-png';
import {
  PUDDLES,
  classWithAnswers,
  createAssignment,
  join,
  storeAnswerDirectly,
  submit,
} from '../../test/classroom';
import {
  buildTeacherApp,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';

// Marks on the page: a graded answer's key point highlighted where it was written, the teacher's
// pins and boxes on its pages, what its student sees before and after publishing, and the marked
// PDF read back (comments as annotations, marks in the text, placed right on a turned page).
const CONTRADICTED = 'The water evaporates because the sun heats it.';
const ANSWERS: Record<string, string[]> = {
  Cy: [
    '1. The water evaporates because the sun heats it.',
    '2. What every trial is compared with.',
  ],
  Di: ['1. It soaks into the ground.', '2. I do not know.'],
};

/** An answer on a portrait page and a landscape one turned a quarter (its text reads upright). */
async function turnedAnswer(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc
    .addPage([420, 595])
    .drawText('1. The sun heats the water.', { x: 40, y: 500, size: 12, font });
  const turned = doc.addPage([842, 595]);
  turned.setRotation(degrees(90));
  // on a page turned 90°, text drawn at 90° reads left to right as shown
  turned.drawText('2. What every trial is compared with.', {
    x: 100,
    y: 60,
    size: 12,
    font,
    rotate: degrees(90),
  });
  return Buffer.from(await doc.save());
}

type Call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) => Promise<Response>;

describe.each(dialects)('marks on the page (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let other: TestUser;
  let cy: TestUser;
  let di: TestUser;
  let eve: TestUser;
  let code: string;
  const ids: Record<string, string> = {};
  let call: Call;

  beforeAll(async () => {
    ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' }));
    const made = await classWithAnswers(t, teacher, PUDDLES, ANSWERS);
    ({ code } = made);
    Object.assign(ids, made.ids);
    cy = made.students.Cy!;
    di = made.students.Di!;
    eve = await signUp(t, { role: 'student', name: 'Eve' });
    await join(t, eve, code);
    ids.Eve = await storeAnswerDirectly(t, eve, code, await turnedAnswer());
    const sam = await signUp(t, { role: 'student', name: 'Sam' });
    await join(t, sam, code);
    const scan = await textPng(['1. The water evaporates because', 'the sun heats it.']);
    const scanned = await makePdf([
      { png: scan, imageWidth: 480 },
      { text: '2. What every trial is compared with.' },
    ]);
    const handedIn = await submit(t, sam, code, {
      filename: 'scan.pdf',
      content: Buffer.from(scanned),
    });
    ids.Sam = handedIn.json().id as string;
    other = await signUp(t, { role: 'teacher', name: 'Mr Other' });
    await createAssignment(t, other);
    call = (user, method, url, body) =>
      t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, payload: body });
    await call(teacher, 'POST', `/api/assignments/${code}/evaluations`);
    for (let i = 0; i < 600; i++) {
      const res = await call(teacher, 'GET', `/api/assignments/${code}/evaluations/latest`);
      const run = res.json().run as EvaluationRun;
      if (run.status === 'finished') break;
      if (run.status === 'awaiting-confirmation')
        await call(teacher, 'POST', `/api/assignments/${code}/evaluations/confirm`);
      await sleep(50);
    }
    // The engine found that one of Di's sentences says the opposite of a key point: her teachers
    // see it amber on her page; she never does.
    const row = await t.db.kysely
      .selectFrom('submission')
      .select('ai_result')
      .where('id', '=', ids.Di!)
      .executeTakeFirstOrThrow();
    const ai = JSON.parse(row.ai_result!) as Extract<AiResult, { status: 'graded' }>;
    ai.questions[0]!.evidence = [
      { point: CONTRADICTED, kind: 'contradicted', quote: 'It soaks into the ground.' },
    ];
    await t.db.kysely
      .updateTable('submission')
      .set({ ai_result: JSON.stringify(ai) })
      .where('id', '=', ids.Di!)
      .execute();
  }, 120_000);
  afterAll(() => t.close());

  const base = (name: string) => `/api/assignments/${code}/submissions/${ids[name]}`;
  const marks = async (user: TestUser, name: string) => {
    const res = await call(user, 'GET', `${base(name)}/page-marks`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PageMarks;
  };
  const comments = () => t.db.kysely.selectFrom('page_comment').selectAll().execute();
  const pin = { page: 1, kind: 'pin', x: 0.5, y: 0.2, text: 'Say where the energy comes from.' };

  it('draws the stated key point where the answer states it, and where each question begins', async () => {
    const drawn = await marks(teacher, 'Cy');
    expect(drawn.pages).toHaveLength(2);
    expect(drawn.canComment).toBe(true);
    const q1 = drawn.highlights.filter((h) => h.question === '1');
    expect(q1.length).toBeGreaterThan(0);
    expect(q1.every((h) => h.page === 1 && h.kind === 'stated')).toBe(true);
    // makePdf writes each line at y = 700 of an 842-point page: 142 points from the top
    const top = 142 / 842;
    expect(q1[0]!.y).toBeLessThan(top);
    expect(q1[0]!.y + q1[0]!.h).toBeGreaterThan(top);
    expect(q1[0]!.point).toMatch(/evaporat/i);
    expect(drawn.questions.map((q) => [q.question, q.page])).toEqual([
      ['1', 1],
      ['2', 2],
    ]);
    expect(drawn.unplaced).toBe(0);
  });

  it('places highlights on a page turned a quarter, across it as shown', async () => {
    const drawn = await marks(teacher, 'Eve');
    expect(drawn.pages).toEqual([
      { number: 1, width: 420, height: 595 },
      { number: 2, width: 595, height: 842 },
    ]);
    const q2 = drawn.highlights.find((h) => h.question === '2');
    expect(q2).toBeDefined();
    expect(q2!.page).toBe(2);
    // drawn from user point (100, 60) going up: shown from x = 60/595 (after "2. "), y = 100/842
    expect(q2!.x).toBeGreaterThan(60 / 595);
    expect(q2!.x).toBeLessThan(90 / 595);
    expect(q2!.w).toBeGreaterThan(q2!.h * 5);
    expect(q2!.y + q2!.h).toBeGreaterThan(100 / 842);
    expect(q2!.y).toBeLessThan(100 / 842);
  });

  it('places the highlight of a scanned page on its OCR word boxes', async () => {
    const drawn = await marks(teacher, 'Sam');
    const q1 = drawn.highlights.filter((h) => h.question === '1');
    // the claim and its reason ("…because the sun heats it") are two key points, on two lines
    expect(q1.length).toBeGreaterThanOrEqual(2);
    expect(q1.every((h) => h.page === 1 && h.kind === 'stated')).toBe(true);
    // the image stands 56 points from the left and top of an A4 page, 480 points wide
    expect(q1[0]!.x).toBeGreaterThan(56 / 595);
    expect(q1[0]!.x).toBeLessThan(120 / 595);
    expect(q1[0]!.y).toBeGreaterThan(56 / 842);
    const last = q1.reduce((a, b) => (b.y > a.y ? b : a));
    expect(last.y).toBeGreaterThan(q1[0]!.y + q1[0]!.h / 2);
    expect(last.y + last.h).toBeLessThan(0.25);
    expect(drawn.questions.map((q) => [q.question, q.page])).toEqual([
      ['1', 1],
      ['2', 2],
    ]);
    // the answer's details say it was read from a scan, so its reading may hold misread words;
    // a typed answer's reading is exact
    const detail = async (who: string) =>
      (await call(teacher, 'GET', `/api/assignments/${code}/submissions/${ids[who]}`)).json();
    expect((await detail('Sam')).review.scanned).toBe(true);
    expect((await detail('Cy')).review.scanned).toBe(false);
  });

  it('refuses anyone but the assignment’s teachers, and other students see nothing', async () => {
    const url = `${base('Cy')}/page-comments`;
    expect((await call(null, 'POST', url, pin)).statusCode).toBe(401);
    expect((await call(null, 'GET', `${base('Cy')}/page-marks`)).statusCode).toBe(401);
    expect((await call(other, 'POST', url, pin)).statusCode).toBe(404);
    expect((await call(other, 'GET', `${base('Cy')}/page-marks`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `${base('Cy')}/marked.pdf`)).statusCode).toBe(404);
    expect((await call(cy, 'POST', url, pin)).statusCode).toBe(403);
    expect((await call(di, 'GET', `${base('Cy')}/page-marks`)).statusCode).toBe(404);
    expect((await call(di, 'GET', `${base('Cy')}/marked.pdf`)).statusCode).toBe(404);
    const unknown = `/api/assignments/${code}/submissions/nope/page-comments`;
    expect((await call(teacher, 'POST', unknown, pin)).statusCode).toBe(404);
    expect(await comments()).toEqual([]);
  });

  it('refuses a page the student never handed in, a place off the page, and empty or long text', async () => {
    const refused = async (body: object) => {
      const res = await call(teacher, 'POST', `${base('Cy')}/page-comments`, body);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json().error.message as string).replace(/^\w+: /, '');
    };
    expect(await refused({ ...pin, page: 3 })).toBe(pageCommentMessages.noSuchPage(3, 2));
    expect(await refused({ ...pin, page: 0 })).toMatch(/numbered from 1/);
    expect(await refused({ ...pin, x: 1.2 })).toBe(pageCommentMessages.outsidePage);
    expect(await refused({ ...pin, y: -0.1 })).toBe(pageCommentMessages.outsidePage);
    expect(await refused({ ...pin, text: '   ' })).toBe(pageCommentMessages.textRequired);
    expect(await refused({ ...pin, text: 'x'.repeat(1001) })).toBe(pageCommentMessages.textTooLong);
    expect(await refused({ ...pin, kind: 'box', w: 0.6, h: 0.1 })).toBe(
      pageCommentMessages.boxSize,
    );
    expect(await refused({ ...pin, w: 0.1 })).toBe(pageCommentMessages.pinSize);
    expect(await comments()).toEqual([]);
  });

  it('shows the comments to the student only once marks are published', async () => {
    const added = await call(teacher, 'POST', `${base('Cy')}/page-comments`, pin);
    expect(added.statusCode, added.body).toBe(201);
    const box = { page: 2, kind: 'box', x: 0.1, y: 0.1, w: 0.5, h: 0.1, text: 'Well put.' };
    expect((await call(teacher, 'POST', `${base('Cy')}/page-comments`, box)).statusCode).toBe(201);
    const teacherView = await marks(teacher, 'Cy');
    expect(teacherView.comments.map((c) => [c.page, c.kind, c.text, c.authorName])).toEqual([
      [1, 'pin', pin.text, 'Ms Rao'],
      [2, 'box', 'Well put.', 'Ms Rao'],
    ]);
    expect(teacherView.comments[1]).toMatchObject({ x: 0.1, y: 0.1, w: 0.5, h: 0.1 });

    const forDi = { ...pin, text: 'Where does the water go then?' };
    expect((await call(teacher, 'POST', `${base('Di')}/page-comments`, forDi)).statusCode).toBe(
      201,
    );
    const diTeacherView = await marks(teacher, 'Di');
    expect(diTeacherView.highlights.filter((h) => h.kind === 'contradicted')).not.toEqual([]);
    expect((await marks(di, 'Di')).comments).toEqual([]);

    const before = await marks(cy, 'Cy');
    expect(before).toMatchObject({ published: false, comments: [], highlights: [], questions: [] });
    expect(before.canComment).toBe(false);
    const early = await call(cy, 'GET', `${base('Cy')}/marked.pdf`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(pageCommentMessages.notPublished);

    const published = await call(teacher, 'POST', `/api/assignments/${code}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    const after = await marks(cy, 'Cy');
    expect(after.published).toBe(true);
    expect(after.comments.map((c) => c.text)).toEqual([pin.text, 'Well put.']);
    const stated = after.highlights.filter((h) => h.question === '1');
    expect(stated.length).toBeGreaterThan(0);
    expect(after.highlights.every((h) => h.kind === 'stated')).toBe(true);
    expect(after.questions.find((q) => q.question === '1')?.marks).toBeGreaterThan(0);
    // the key points are named by their first words while the model answer is hidden
    expect(stated[0]!.point).toBe(keyPointName(teacherView.highlights[0]!.point));
    expect(stated[0]!.point).not.toBe(teacherView.highlights[0]!.point);
    // Di sees her own pages with her own comment and nothing of Cy's, and never the sentence
    // her teachers see contradicting a key point
    const diView = await marks(di, 'Di');
    expect(diView.comments.map((c) => c.text)).toEqual(['Where does the water go then?']);
    expect(diView.highlights.filter((h) => h.kind === 'contradicted')).toEqual([]);
    expect(after.comments.map((c) => c.text)).not.toContain('Where does the water go then?');
  });

  it('draws for the student what was published, not a re-run since', async () => {
    const published = (await marks(cy, 'Cy')).highlights;
    expect(published.length).toBeGreaterThan(0);
    const row = await t.db.kysely
      .selectFrom('submission')
      .select('ai_result')
      .where('id', '=', ids.Cy!)
      .executeTakeFirstOrThrow();
    const ai = JSON.parse(row.ai_result!) as Extract<AiResult, { status: 'graded' }>;
    const rerun = {
      ...ai,
      questions: ai.questions.map((q) => ({ ...q, answerText: 'nothing like it', evidence: [] })),
    };
    const set = (json: string) =>
      t.db.kysely
        .updateTable('submission')
        .set({ ai_result: json })
        .where('id', '=', ids.Cy!)
        .execute();
    await set(JSON.stringify(rerun));
    try {
      expect((await marks(teacher, 'Cy')).highlights).toEqual([]);
      const view = await marks(cy, 'Cy');
      expect(view.highlights).toEqual(published);
      expect(view.questions.map((q) => q.question)).toEqual(['1', '2']);
    } finally {
      await set(row.ai_result!);
    }
  });

  it('shows the student the comments as published: one added or removed since waits for publishing', async () => {
    const published = ['Where does the water go then?'];
    const texts = (drawn: PageMarks) => drawn.comments.map((c) => c.text);
    const notes = async (user: TestUser) => {
      const res = await call(user, 'GET', `${base('Di')}/marked.pdf`);
      expect(res.statusCode, res.body).toBe(200);
      const pdf = await loadPdfJs().getDocument({ data: new Uint8Array(res.rawPayload) }).promise;
      const found = (await (await pdf.getPage(1)).getAnnotations()).map((a) => a.contentsObj?.str);
      await pdf.destroy();
      return found;
    };
    const changed = async () => {
      const list = await call(teacher, 'GET', `/api/assignments/${code}/submissions`);
      const row = (
        list.json().submissions as Array<{ id: string; changedSincePublished: boolean }>
      ).find((r) => r.id === ids.Di)!;
      const detail = await call(teacher, 'GET', base('Di'));
      return [row.changedSincePublished, detail.json().review.changedSincePublished as boolean];
    };
    expect(texts(await marks(di, 'Di'))).toEqual(published);
    expect(await changed()).toEqual([false, false]);

    const late = { ...pin, y: 0.6, text: 'Added after publishing.' };
    const added = await call(teacher, 'POST', `${base('Di')}/page-comments`, late);
    expect(added.statusCode, added.body).toBe(201);
    const [first] = (await marks(teacher, 'Di')).comments as [PageComment];
    expect(
      (await call(teacher, 'DELETE', `${base('Di')}/page-comments/${first.id}`)).statusCode,
    ).toBe(204);
    // the student still sees what was published, on her pages and in her marked PDF
    expect(texts(await marks(di, 'Di'))).toEqual(published);
    expect(await notes(di)).toEqual([`1. ${published[0]}`]);
    // the teachers see the comments as they stand, and that they wait to be published
    expect(texts(await marks(teacher, 'Di'))).toEqual([late.text]);
    expect(await notes(teacher)).toEqual([`1. ${late.text}`]);
    expect(await changed()).toEqual([true, true]);

    const again = await call(teacher, 'POST', `/api/assignments/${code}/publish`, {
      submissionIds: [ids.Di],
    });
    expect(again.json()).toEqual({ published: 1, unchanged: 0 });
    // only a comment changed: she is told so, not that her marks went from 7 to 7
    const notice = (await call(di, 'GET', '/api/notices')).json().notices[0];
    expect(notice).toMatchObject({ kind: 'changed', read: false });
    expect(notice.text).toMatch(/^Your teacher updated the feedback on ".+"; your marks stay /);
    expect(texts(await marks(di, 'Di'))).toEqual([late.text]);
    expect(await notes(di)).toEqual([`1. ${late.text}`]);
    expect(await changed()).toEqual([false, false]);
  });

  it('removes a comment for the teachers only', async () => {
    const [first] = (await marks(teacher, 'Cy')).comments as [PageComment];
    const url = `${base('Cy')}/page-comments/${first.id}`;
    expect((await call(other, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(cy, 'DELETE', url)).statusCode).toBe(403);
    expect(
      (await call(teacher, 'DELETE', `${base('Di')}/page-comments/${first.id}`)).statusCode,
    ).toBe(404);
    expect((await call(teacher, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(teacher, 'DELETE', url)).statusCode).toBe(404);
    expect((await comments()).filter((c) => c.submission_id === ids.Cy).map((c) => c.body)).toEqual(
      ['Well put.'],
    );
    expect((await call(teacher, 'POST', `${base('Cy')}/page-comments`, pin)).statusCode).toBe(201);
  });

  it('writes marks, highlights and comments into a copy, the stored answer unchanged', async () => {
    const file = await t.db.kysely
      .selectFrom('submission as s')
      .innerJoin('file as f', 'f.id', 's.file_id')
      .select(['f.sha256', 'f.storage_key'])
      .where('s.id', '=', ids.Cy!)
      .executeTakeFirstOrThrow();
    const stored = async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of await t.store.get(file.storage_key)) chunks.push(chunk as Buffer);
      return crypto.createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
    };
    expect(await stored()).toBe(file.sha256);
    for (const user of [teacher, cy]) {
      const res = await call(user, 'GET', `${base('Cy')}/marked.pdf`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('attachment');
      const pdf = await loadPdfJs().getDocument({ data: new Uint8Array(res.rawPayload) }).promise;
      expect(pdf.numPages).toBe(2);
      const notes = [
        ...(await (await pdf.getPage(1)).getAnnotations()),
        ...(await (await pdf.getPage(2)).getAnnotations()),
      ];
      expect(notes.map((a) => [a.subtype, a.contentsObj?.str])).toEqual([
        ['Text', `1. ${pin.text}`],
        ['Square', '2. Well put.'],
      ]);
      const text = (await (await pdf.getPage(1)).getTextContent()).items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ');
      expect(text).toMatch(/Marks: [\d.]+ \/ 4/);
      expect(text).toMatch(/Q1: [\d.]+ \/ 2/);
      expect(text).toContain(pin.text);
      await pdf.destroy();
    }
    expect(await stored()).toBe(file.sha256);
  });

  it('places a pin right on a turned page of a different size', async () => {
    const place = { page: 2, kind: 'pin', x: 0.25, y: 0.4, text: 'Turned page.' };
    expect((await call(teacher, 'POST', `${base('Eve')}/page-comments`, place)).statusCode).toBe(
      201,
    );
    const res = await call(teacher, 'GET', `${base('Eve')}/marked.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await loadPdfJs().getDocument({ data: new Uint8Array(res.rawPayload) }).promise;
    const page = await pdf.getPage(2);
    const [note] = await page.getAnnotations();
    const viewport = page.getViewport({ scale: 1 });
    const [x0, y0, x1, y1] = note!.rect as number[];
    const corners = [
      viewport.convertToViewportPoint(x0!, y0!),
      viewport.convertToViewportPoint(x1!, y1!),
    ];
    // the pin's square is centred on its point, as the review draws it
    const middle = (i: 0 | 1, size: number) => (corners[0]![i]! + corners[1]![i]!) / 2 / size;
    expect(middle(0, viewport.width)).toBeCloseTo(0.25, 3);
    expect(middle(1, viewport.height)).toBeCloseTo(0.4, 3);
    await pdf.destroy();
  });
  it('writes the marks that stand: a question the teacher marked has no engine highlight, a typed total none per question', async () => {
    const before = await marks(teacher, 'Sam');
    expect(before.highlights.some((h) => h.question === '1')).toBe(true);
    const q1 = before.questions.find((q) => q.question === '1')!;
    const set = await call(teacher, 'PUT', `${base('Sam')}/questions/1`, {
      marks: q1.marks === 0 ? 1 : 0,
    });
    expect(set.statusCode, set.body).toBe(200);
    const own = await marks(teacher, 'Sam');
    expect(own.highlights.filter((h) => h.question === '1')).toEqual([]);
    expect(own.questions.find((q) => q.question === '1')?.marks).toBe(q1.marks === 0 ? 1 : 0);
    const typed = await call(teacher, 'PUT', `${base('Sam')}/marks`, { marks: 3.5 });
    expect(typed.statusCode, typed.body).toBe(200);
    const total = await marks(teacher, 'Sam');
    expect(total.total).toEqual({ marks: 3.5, total: 4, late: null });
    expect(total.questions.map((q) => q.marks)).toEqual([null, null]);
    expect(total.highlights).toEqual([]);
    const res = await call(teacher, 'GET', `${base('Sam')}/marked.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await loadPdfJs().getDocument({ data: new Uint8Array(res.rawPayload) }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items
      .map((i) => ('str' in i ? i.str : ''))
      .join(' ');
    expect(text).toContain('Marks: 3.5 / 4');
    expect(text).toContain('Q1: - / 2');
    await pdf.destroy();
  });

  it('takes the late penalty off the total, on the page and in the marked PDF', async () => {
    await t.db.kysely
      .updateTable('assignment')
      .set({ late_penalty_kind: 'fixed', late_penalty_percent: 20 })
      .where('code', '=', code)
      .execute();
    await t.db.kysely
      .updateTable('submission')
      .set({ late_seconds: 3600 })
      .where('id', '=', ids.Sam!)
      .execute();
    const drawn = await marks(teacher, 'Sam');
    expect(drawn.total).toMatchObject({
      marks: 3.5,
      total: 4,
      late: { penaltyPercent: 20, penalisedMarks: 2.8, lateBy: '1 h' },
    });
    const res = await call(teacher, 'GET', `${base('Sam')}/marked.pdf`);
    const pdf = await loadPdfJs().getDocument({ data: new Uint8Array(res.rawPayload) }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items
      .map((i) => ('str' in i ? i.str : ''))
      .join(' ');
    expect(text).toContain('Marks: 2.8 / 4 (3.5 / 4 - 20% late)');
    await pdf.destroy();
    // Cy's published marks count after the penalty too
    await t.db.kysely
      .updateTable('submission')
      .set({ late_seconds: 3600 })
      .where('id', '=', ids.Cy!)
      .execute();
    const mine = await marks(cy, 'Cy');
    expect(mine.total?.late?.penaltyPercent).toBe(20);
    expect(mine.total?.late?.penalisedMarks).toBeCloseTo((mine.total!.marks ?? 0) * 0.8, 2);
  });

  it('reads the pages in a reader within the limits, once per file, and refuses a crafted PDF', async () => {
    // a fresh file is read once, in a reader; its pages are kept for the next look and comment
    const ned = await signUp(t, { role: 'student', name: 'Ned' });
    await join(t, ned, code);
    ids.Ned = await storeAnswerDirectly(
      t,
      ned,
      code,
      Buffer.from(await makePdf([{ text: `1. Puddle ${crypto.randomUUID()}.` }])),
    );
    const runs = vi.spyOn(t.pool, 'run');
    try {
      expect((await marks(teacher, 'Ned')).pages).toHaveLength(1);
      await marks(teacher, 'Ned');
      const onNed = await call(teacher, 'POST', `${base('Ned')}/page-comments`, pin);
      expect(onNed.statusCode, onNed.body).toBe(201);
      const read = runs.mock.calls.map(([task]) => task.type);
      expect(read).toEqual(['page-layouts']);
    } finally {
      runs.mockRestore();
    }
    const mallory = await signUp(t, { role: 'student', name: 'Mallory' });
    await join(t, mallory, code);
    ids.Mallory = await storeAnswerDirectly(t, mallory, code, manyPages(2500));
    const res = await call(teacher, 'GET', `${base('Mallory')}/page-marks`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(
      `${pageCommentMessages.unreadablePdf} ${fileLimitMessages.tooManyPages(2500, t.config.reading.limits.maxPages)}`,
    );
    const add = await call(teacher, 'POST', `${base('Mallory')}/page-comments`, pin);
    expect(add.statusCode, add.body).toBe(409);
    expect((await call(teacher, 'GET', `${base('Mallory')}/marked.pdf`)).statusCode).toBe(409);
    // the server is unharmed
    expect((await marks(teacher, 'Cy')).pages).toHaveLength(2);
  });

  it('refuses to write into a password-protected answer', async () => {
    const olga = await signUp(t, { role: 'student', name: 'Olga' });
    await join(t, olga, code);
    // no password to open it, but encrypted: what is added would not be
    ids.Olga = await storeAnswerDirectly(t, olga, code, Buffer.from(encryptedPdf('')));
    expect((await call(teacher, 'GET', `${base('Olga')}/page-marks`)).statusCode).toBe(200);
    const res = await call(teacher, 'GET', `${base('Olga')}/marked.pdf`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'unreadable_pdf',
      message: `${pageCommentMessages.unreadablePdf} ${fileLimitMessages.encrypted}`,
    });
  });

  it('names no student while the teacher marks anonymously', async () => {
    const on = await call(teacher, 'PUT', `/api/assignments/${code}/review-settings`, {
      anonymousMarking: true,
    });
    expect(on.statusCode, on.body).toBe(204);
    try {
      for (const name of ['Cy', 'Di', 'Sam']) {
        const res = await call(teacher, 'GET', `${base(name)}/page-marks`);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toMatch(/\b(Cy|Di|Sam|Eve)\b/);
        const pdf = await call(teacher, 'GET', `${base(name)}/marked.pdf`);
        expect(pdf.statusCode).toBe(200);
        expect(String(pdf.headers['content-disposition'])).not.toMatch(/Cy|Di|Sam/);
        const doc = await loadPdfJs().getDocument({ data: new Uint8Array(pdf.rawPayload) }).promise;
        for (let n = 1; n <= doc.numPages; n++) {
          const page = await doc.getPage(n);
          const words = [
            ...(await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')),
            ...(await page.getAnnotations()).map((a) => `${a.titleObj?.str ?? ''}`),
          ].join(' ');
          expect(words).not.toMatch(/\b(Cy|Di|Sam)\b/);
        }
        await doc.destroy();
      }
    } finally {
      await call(teacher, 'PUT', `/api/assignments/${code}/review-settings`, {
        anonymousMarking: false,
      });
    }
  });

  it('lets a co-teacher mark the pages, and nobody add or remove comments once the class is archived', async () => {
    const made = await call(teacher, 'POST', '/api/classes', { name: 'Physics' });
    expect(made.statusCode, made.body).toBe(201);
    const classId = made.json().id as string;
    await t.db.kysely
      .updateTable('assignment')
      .set({ class_id: classId })
      .where('code', '=', code)
      .execute();
    const co = await signUp(t, { role: 'teacher', name: 'Mr Co' });
    const added = await call(teacher, 'POST', `/api/classes/${classId}/co-teachers`, {
      email: co.email,
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const coView = await marks(co, 'Cy');
    expect(coView.canComment).toBe(true);
    expect(coView.highlights.length).toBeGreaterThan(0);
    const byCo = await call(co, 'POST', `${base('Cy')}/page-comments`, {
      ...pin,
      text: 'From Mr Co.',
    });
    expect(byCo.statusCode, byCo.body).toBe(201);
    expect((await call(co, 'GET', `${base('Cy')}/marked.pdf`)).statusCode).toBe(200);

    expect(
      (await call(teacher, 'POST', `/api/classes/${classId}/archive`)).statusCode,
    ).toBeLessThan(300);
    const archived = await marks(teacher, 'Cy');
    expect(archived.canComment).toBe(false);
    expect(archived.comments.map((c) => c.text)).toContain('From Mr Co.');
    const refused = await call(teacher, 'POST', `${base('Cy')}/page-comments`, pin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('class_archived');
    const gone = await call(teacher, 'DELETE', `${base('Cy')}/page-comments/${byCo.json().id}`);
    expect(gone.statusCode).toBe(409);
    expect((await marks(co, 'Cy')).canComment).toBe(false);
  });
});
