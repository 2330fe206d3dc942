import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/database';
import { inDays, setDeadline } from '../../test/classroom';
import { dialects, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { buildReviewClass, reviewRequests } from './review.fixture';

/** The model answer's key points (review.fixture.ts's MODEL), as the engine quotes them. */
const STACK = ['A stack is a last in, first out list', 'Items are pushed onto the top and popped'];
const QUEUE = ['A queue is a first in, first out list', 'Items join at the back and leave'];
const EVERY_POINT = [...STACK, ...QUEUE];

type AiQuestion = { number: string; marks: number; matched: string[]; missing: string[] };

/**
 * Stores an engine result for a submission as a grading run would (marks from the engine), so
 * what the engine said is known exactly. Each question is worth 5 of the 10 marks.
 */
async function storeAiResult(t: TestApp, id: string, questions: AiQuestion[]) {
  const marks = questions.reduce((sum, q) => sum + q.marks, 0);
  const result = {
    status: 'graded',
    marks,
    total: 10,
    confidence: 0.9,
    needsReview: false,
    reviewReasons: [],
    questions: questions.map((q) => ({ ...q, total: 5 })),
    feedback: 'The engine’s paragraph, quoting every key point.',
  };
  await t.db.kysely
    .updateTable('submission')
    .set({
      ai_result: JSON.stringify(result),
      ai_status: 'graded',
      ai_marks: marks,
      marks,
      marks_source: 'ai',
      graded_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

const all = (q: number) => ({ matched: q === 1 ? STACK : QUEUE, missing: [] });
const half = (q: number) => ({
  matched: [(q === 1 ? STACK : QUEUE)[0]!],
  missing: [(q === 1 ? STACK : QUEUE)[1]!],
});

type Shown = {
  marks: number | null;
  feedback: string | null;
  keyPoints: string;
  publishedAt: string;
  questions: Array<{
    number: string;
    marks: number | null;
    matched: string[];
    missing: string[];
    feedback: string | null;
  }>;
};
const withoutTime = (p: Shown) => ({ ...p, publishedAt: '' });

describe.each(dialects)('what a student reads follows the marks that stand (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let students: TestUser[];
  let code: string;
  let ids: string[];
  beforeAll(async () => {
    ({ t, teacher, students, code, ids } = await buildReviewClass(dialect));
    await storeAiResult(t, ids[0]!, [
      { number: '1', marks: 5, ...all(1) },
      { number: '2', marks: 2.5, ...half(2) },
    ]);
    await storeAiResult(t, ids[1]!, [
      { number: '1', marks: 2.5, ...half(1) },
      { number: '2', marks: 5, ...all(2) },
    ]);
    await storeAiResult(t, ids[2]!, [
      { number: '1', marks: 5, ...all(1) },
      { number: '2', marks: 5, ...all(2) },
    ]);
    // Quoted key points here; when students see them is tested below.
    await settings({ modelAnswerVisibility: 'after-publishing' });
  });
  afterAll(() => t.close());
  const { call, at, studentView } = reviewRequests(() => ({ t, students, code, ids }));
  const settings = (body: object, user = teacher) =>
    call(user, 'PUT', at('/review-settings'), {
      autoPublish: false,
      regradeDeadline: null,
      ...body,
    });
  const published = async (i: number) => (await studentView(i)).detail.published as Shown;
  const setFeedback = (id: string, q: string, body: object, user = teacher) =>
    call(user, 'PUT', at(`/submissions/${id}/questions/${q}/feedback`), body);

  it('drops the engine’s reasons from a question the teacher marked otherwise (0 / 5 is never "You covered" both points)', async () => {
    await call(teacher, 'PUT', at(`/submissions/${ids[0]}/questions/1`), { marks: 0 });
    await call(teacher, 'POST', at('/publish'), { submissionIds: [ids[0]] });
    const shown = await published(0);
    expect(shown.marks).toBe(2.5);
    expect(shown.questions[0]).toMatchObject({
      marks: 0,
      matched: [],
      missing: [],
      feedback: null,
    });
    expect(JSON.stringify(shown.questions[0])).not.toMatch(/covered|Stack is a last in/i);
    // Question 2's marks are the engine's: its reasons stand beside them.
    expect(shown.questions[1]).toMatchObject({
      marks: 2.5,
      matched: [QUEUE[0]],
      missing: [QUEUE[1]],
    });
    expect(shown.questions[1]!.feedback).toBe(
      `You covered "${QUEUE[0]}". To improve, also explain "${QUEUE[1]}".`,
    );
    expect(shown.feedback).toBeNull();
  });

  it('after a total typed over everything, no question shows marks or the engine’s reasons', async () => {
    await call(teacher, 'PUT', at(`/submissions/${ids[1]}/marks`), { marks: 9 });
    await call(teacher, 'POST', at('/publish'), { submissionIds: [ids[1]] });
    const shown = await published(1);
    expect(shown.marks).toBe(9);
    for (const q of shown.questions) {
      expect(q).toMatchObject({ marks: null, matched: [], missing: [], feedback: null });
    }
    expect(shown.feedback).toBeNull();
  });

  it('praises full marks only when the marks that stand are full', async () => {
    await call(teacher, 'POST', at('/publish'), { submissionIds: [ids[2]] });
    const shown = await published(2);
    expect(shown.marks).toBe(10);
    expect(shown.feedback).toBe('Well done: full marks.');
    expect(shown.questions.every((q) => q.missing.length === 0)).toBe(true);
  });

  it('lets the teacher write or hide the feedback per question, and previews exactly what the student reads', async () => {
    const own = 'Say what happens at each end of the stack.';
    const edited = await setFeedback(ids[1]!, '1', { text: own, hidden: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().review.questions[0]).toMatchObject({
      feedback: own,
      feedbackHidden: false,
    });
    // The marks are left as they were (the teacher's total of 9).
    expect(edited.json().marks).toBe(9);
    await call(teacher, 'PUT', at(`/submissions/${ids[1]}/questions/1`), { marks: null });
    await call(teacher, 'PUT', at(`/submissions/${ids[1]}/questions/2`), { marks: null });
    const hidden = await setFeedback(ids[1]!, '2', { text: null, hidden: true });
    const preview = hidden.json().review.preview as Shown;
    expect(preview.questions[0]).toMatchObject({
      marks: 2.5,
      feedback: own,
      matched: [STACK[0]],
      missing: [STACK[1]],
    });
    expect(preview.questions[1]).toMatchObject({
      marks: 5,
      feedback: null,
      matched: [],
      missing: [],
    });
    // Not published yet: the student still reads the earlier publication.
    expect((await published(1)).marks).toBe(9);
    await call(teacher, 'POST', at('/publish'), { submissionIds: [ids[1]] });
    expect(withoutTime(await published(1))).toEqual(withoutTime(preview));

    const back = await setFeedback(ids[1]!, '2', { text: null, hidden: false });
    expect(back.json().review.questions[1]).toMatchObject({
      feedback: null,
      feedbackHidden: false,
    });
    expect(back.json().review.preview.questions[1].feedback).toBe(
      `You covered "${QUEUE[0]}"; "${QUEUE[1]}".`,
    );
    expect(back.json().review.changedSincePublished).toBe(true);
  });

  it('refuses anyone but the owner, an unknown question and overlong words, and changes nothing', async () => {
    const review = async () => {
      const r = (await call(teacher, 'GET', at(`/submissions/${ids[2]}`))).json().review;
      return { ...r, preview: withoutTime(r.preview) };
    };
    const before = await review();
    const url = at(`/submissions/${ids[2]}/questions/1/feedback`);
    const body = { text: 'Mine', hidden: false };
    const anonymous = await t.app.inject({ method: 'PUT', url, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect((await setFeedback(ids[2]!, '1', body, students[2])).statusCode).toBe(403);
    const other = await signUp(t, { role: 'teacher', name: 'Mr Other' });
    // Another teacher is not told the assignment exists.
    expect((await setFeedback(ids[2]!, '1', body, other)).statusCode).toBe(404);
    expect((await setFeedback(ids[2]!, '9', body)).statusCode).toBe(404);
    expect((await setFeedback('no-such-answer', '1', body)).statusCode).toBe(404);
    const long = await setFeedback(ids[2]!, '1', { text: 'x'.repeat(2001), hidden: false });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/at most 2000 characters/);
    expect((await setFeedback(ids[2]!, '1', { text: 'Mine' })).statusCode).toBe(400);
    expect(await review()).toEqual(before);
  });
});

describe.each(dialects)('when students see the model answer (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let students: TestUser[];
  let code: string;
  let ids: string[];
  beforeAll(async () => {
    ({ t, teacher, students, code, ids } = await buildReviewClass(dialect));
    await storeAiResult(t, ids[0]!, [
      { number: '1', marks: 2.5, ...half(1) },
      { number: '2', marks: 2.5, ...half(2) },
    ]);
  });
  afterAll(() => t.close());
  const { call, at, studentView } = reviewRequests(() => ({ t, students, code, ids }));
  const settings = (body: object) =>
    call(teacher, 'PUT', at('/review-settings'), {
      autoPublish: false,
      regradeDeadline: null,
      ...body,
    });
  const visibility = async () =>
    (await call(teacher, 'GET', at('/submissions'))).json().assignment.modelAnswerVisibility;
  /** Everything the student's own requests carry. */
  const studentReads = async () => JSON.stringify(await studentView(0));
  const quotesAny = (text: string) => EVERY_POINT.some((p) => text.includes(p));

  it('by default names the key points without quoting them while hand-ins are open', async () => {
    expect(await visibility()).toBe('after-deadline');
    await call(teacher, 'POST', at('/publish'), { submissionIds: [ids[0]] });
    const text = await studentReads();
    expect(quotesAny(text)).toBe(false);
    const shown = (await studentView(0)).detail.published as Shown;
    expect(shown.keyPoints).toBe('named-until-deadline');
    expect(shown.questions[0]).toMatchObject({ matched: ['A stack is…'], missing: ['Items are…'] });
    expect(shown.questions[0]!.feedback).toBe(
      'You covered "A stack is…". To improve, also explain "Items are…".',
    );
    // The teacher's preview says the same, and the teacher's own view keeps the quotes.
    const owner = (await call(teacher, 'GET', at(`/submissions/${ids[0]}`))).json();
    expect(owner.review.preview).toMatchObject({
      keyPoints: 'named-until-deadline',
      questions: [{ matched: ['A stack is…'] }, { matched: ['A queue is…'] }],
    });
    expect(owner.ai.questions[0].matched).toEqual([STACK[0]]);
  });

  it('quotes them once the deadline has passed, and names them again when it is moved later', async () => {
    await setDeadline(t.db.kysely, code, inDays(-1));
    const shown = (await studentView(0)).detail.published as Shown;
    expect(shown.keyPoints).toBe('quoted');
    expect(shown.questions[0]).toMatchObject({ matched: [STACK[0]], missing: [STACK[1]] });
    expect(shown.questions[0]!.feedback).toContain(`"${STACK[1]}"`);
    await setDeadline(t.db.kysely, code, inDays(2));
    expect(quotesAny(await studentReads())).toBe(false);
  });

  it('never quotes them when the teacher says never, even after the deadline', async () => {
    expect((await settings({ modelAnswerVisibility: 'never' })).statusCode).toBe(204);
    await setDeadline(t.db.kysely, code, inDays(-1));
    expect(quotesAny(await studentReads())).toBe(false);
    expect(((await studentView(0)).detail.published as Shown).keyPoints).toBe('named');
  });

  it('quotes them as soon as the marks are published when the teacher says so', async () => {
    await setDeadline(t.db.kysely, code, inDays(2));
    expect((await settings({ modelAnswerVisibility: 'after-publishing' })).statusCode).toBe(204);
    expect(quotesAny(await studentReads())).toBe(true);
  });

  it('keeps the choice when saved without it, and refuses an unknown one without changing it', async () => {
    expect((await settings({})).statusCode).toBe(204);
    expect(await visibility()).toBe('after-publishing');
    const bad = await settings({ modelAnswerVisibility: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/never, after publishing or after the deadline/);
    expect(await visibility()).toBe('after-publishing');
    expect((await settings({ modelAnswerVisibility: 'never' })).statusCode).toBe(204);
    const student = await call(students[0]!, 'PUT', at('/review-settings'), {
      autoPublish: false,
      regradeDeadline: null,
      modelAnswerVisibility: 'after-publishing',
    });
    expect(student.statusCode).toBe(403);
    expect(await visibility()).toBe('never');
  });
});
