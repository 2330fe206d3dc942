import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { inDays, setDeadline } from '../../test/classroom';
import { dialects, type TestApp, type TestUser } from '../../test/test-app';
import { buildReviewClass, reviewRequests } from './review.fixture';

// One class reviewed from start to end: each test goes on from where the one before left off.
describe.each(dialects)('the teacher decides (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let students: TestUser[];
  let code: string;
  let ids: string[];
  beforeAll(async () => ({ t, teacher, students, code, ids } = await buildReviewClass(dialect)));
  afterAll(() => t.close());
  const { call, at, studentView, evaluate } = reviewRequests(() => ({ t, students, code, ids }));

  it('marks by hand per question before any AI run; the total follows and each change is audited', async () => {
    const put = (q: string, body: object) =>
      call(teacher, 'PUT', at(`/submissions/${ids[2]}/questions/${q}`), body);
    const first = await put('1', { marks: 0, comment: 'Say what you know, even a little.' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ marks: 0, marksSource: 'teacher' });
    const second = (await put('2', { marks: 1.5 })).json();
    expect(second.marks).toBe(1.5);
    expect(second.review.questions).toMatchObject([
      { number: '1', marks: 0, source: 'teacher', comment: 'Say what you know, even a little.' },
      { number: '2', marks: 1.5, source: 'teacher', total: 5 },
    ]);
    expect((await put('2', { marks: 5.5 })).statusCode).toBe(400);
    expect((await put('9', { marks: 1 })).statusCode).toBe(404);
    const audit = await t.db.kysely
      .selectFrom('mark_change')
      .select(['question', 'from_marks', 'to_marks', 'changed_by'])
      .where('submission_id', '=', ids[2]!)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => [a.question, a.from_marks, Number(a.to_marks), a.changed_by])).toEqual([
      ['1', null, 0, teacher.id],
      ['2', null, 1.5, teacher.id],
    ]);
  });

  it('shows students nothing before publishing, even after the deadline and an evaluation', async () => {
    await evaluate(teacher);
    const run = (await call(teacher, 'GET', at('/evaluations/latest'))).json().run;
    // Two of the three answers (the third is the teacher's already) are suggested to mark first.
    expect([...run.suggested].sort()).toEqual([ids[0], ids[1]].sort());
    await setDeadline(t.db.kysely, code, inDays(-1));
    for (const i of [0, 1, 2]) {
      const { row, detail } = await studentView(i);
      expect(row.marksVisible).toBe(false);
      expect(row.submissions[0]).toMatchObject({ marks: null, published: false });
      expect(detail).toMatchObject({ marksVisible: false, marks: null, ai: null, published: null });
    }
    const notices = (await call(students[0]!, 'GET', '/api/notices')).json();
    expect(notices).toEqual({ notices: [], unread: 0 });
  });

  it('publishes to the selected students only, with comments for their student alone, and tells them', async () => {
    await call(teacher, 'PUT', at(`/submissions/${ids[0]}/comment`), {
      comment: 'Clear and complete.',
    });
    const res = await call(teacher, 'POST', at('/publish'), { submissionIds: [ids[0], ids[2]] });
    expect(res.json()).toEqual({ published: 2, unchanged: 0 });
    const mine = await studentView(0);
    expect(mine.row.marksVisible).toBe(true);
    expect(mine.detail.published).toMatchObject({ comment: 'Clear and complete.', total: 10 });
    expect(mine.detail.marks).toBe(mine.detail.published.marks);
    expect(JSON.stringify(mine.detail)).not.toContain('Say what you know');
    const third = await studentView(2);
    expect(third.detail.published).toMatchObject({ marks: 1.5, comment: null });
    expect(third.detail.published.questions[0]).toMatchObject({
      comment: 'Say what you know, even a little.',
    });
    expect((await studentView(1)).detail.marksVisible).toBe(false);
    const notices = (await call(students[0]!, 'GET', '/api/notices')).json();
    expect(notices.unread).toBe(1);
    expect(notices.notices[0]).toMatchObject({ kind: 'published', assignmentCode: code });
    expect(notices.notices[0].text).toMatch(
      /^Your marks for "Stacks and queues" are published: [\d.]+ \/ 10\.$/,
    );
    expect((await call(students[0]!, 'POST', '/api/notices/read', {})).statusCode).toBe(204);
    expect((await call(students[0]!, 'GET', '/api/notices')).json().unread).toBe(0);
  });

  it('never changes published marks silently: a change waits until the teacher publishes or rejects it', async () => {
    const before = (await studentView(0)).detail.published.marks as number;
    const changed = (
      await call(teacher, 'PUT', at(`/submissions/${ids[0]}/questions/1`), { marks: 1 })
    ).json();
    expect(changed.review.changedSincePublished).toBe(true);
    const rows = (await call(teacher, 'GET', at('/submissions'))).json().submissions;
    expect(rows.find((r: { id: string }) => r.id === ids[0])).toMatchObject({
      published: true,
      publishedMarks: before,
      changedSincePublished: true,
    });
    expect((await studentView(0)).detail.published.marks).toBe(before);

    const rejected = (
      await call(teacher, 'POST', at(`/submissions/${ids[0]}/reject-changes`))
    ).json();
    expect(rejected).toMatchObject({ marks: before, review: { changedSincePublished: false } });

    await call(teacher, 'PUT', at(`/submissions/${ids[0]}/questions/1`), { marks: 1 });
    expect(
      (await call(teacher, 'POST', at('/publish'), { submissionIds: [ids[0]] })).json(),
    ).toEqual({
      published: 1,
      unchanged: 0,
    });
    const after = (await studentView(0)).detail.published.marks;
    expect(after).not.toBe(before);
    const notice = (await call(students[0]!, 'GET', '/api/notices')).json().notices[0];
    expect(notice).toMatchObject({ kind: 'changed', read: false });
    expect(notice.text).toContain(`changed: ${before} → ${after} / 10`);
  });

  it('offers to publish a change of comment or feedback alone, the marks the same', async () => {
    const row = async () =>
      (await call(teacher, 'GET', at('/submissions')))
        .json()
        .submissions.find((r: { id: string }) => r.id === ids[0]);
    expect(await row()).toMatchObject({ published: true, changedSincePublished: false });
    const marks = (await row()).marks as number;
    // the question's marks as they stand, with a comment: only the comment is new
    const saved = await call(teacher, 'PUT', at(`/submissions/${ids[0]}/questions/1`), {
      marks: 1,
      comment: 'Name the top of the stack.',
    });
    expect(saved.json().review.changedSincePublished).toBe(true);
    expect(await row()).toMatchObject({ marks, changedSincePublished: true });
    const res = await call(teacher, 'POST', at('/publish'), { submissionIds: [ids[0]] });
    expect(res.json()).toEqual({ published: 1, unchanged: 0 });
    expect(await row()).toMatchObject({ marks, changedSincePublished: false });
    const notice = (await call(students[0]!, 'GET', '/api/notices')).json().notices[0];
    expect(notice.text).toContain('updated the feedback');
    // the overall comment alone, too
    await call(teacher, 'PUT', at(`/submissions/${ids[0]}/comment`), { comment: 'Well argued.' });
    expect(await row()).toMatchObject({ marks, changedSincePublished: true });
  });

  it('turns key points into rubric items; a rubric change re-scores every answer marked with it', async () => {
    const rubric = (await call(teacher, 'GET', at('/rubric'))).json();
    expect(
      rubric.questions.map((q: { number: string; total: number }) => [q.number, q.total]),
    ).toEqual([
      ['1', 5],
      ['2', 5],
    ]);
    const items = rubric.questions[1].items as Array<{ id: string; points: number; text: string }>;
    expect(items.length).toBeGreaterThan(0);
    expect(items.reduce((s, i) => s + i.points, 0)).toBeCloseTo(5);
    const added = await call(teacher, 'POST', at('/rubric/items'), {
      question: '2',
      text: 'Gives an everyday example of a queue',
      points: 1,
      alternatives: ['a line at a shop'],
    });
    expect(added.statusCode).toBe(201);
    const extra = added.json().item;
    for (const id of [ids[1], ids[2]]) {
      const res = await call(teacher, 'PUT', at(`/submissions/${id}/questions/2`), {
        items: [extra.id],
      });
      expect(res.json().review.questions[1]).toMatchObject({
        marks: 1,
        items: [extra.id],
        source: 'teacher',
      });
    }
    const change = (
      await call(teacher, 'PATCH', at(`/rubric/items/${extra.id}`), { points: 2 })
    ).json();
    expect(change.item).toMatchObject({ points: 2, alternatives: ['a line at a shop'] });
    expect(
      change.moved
        .map((m: { submissionId: string; from: number; to: number }) => [
          m.submissionId,
          m.from,
          m.to,
        ])
        .sort(),
    ).toEqual(
      [
        [ids[1], 1, 2],
        [ids[2], 1, 2],
      ].sort(),
    );
    const third = (await call(teacher, 'GET', at(`/submissions/${ids[2]}`))).json();
    expect(third.marks).toBe(2); // 0 for question 1 + 2 for question 2
    const removed = (await call(teacher, 'DELETE', at(`/rubric/items/${extra.id}`))).json();
    expect(removed.moved).toHaveLength(2);
    expect((await call(teacher, 'GET', at(`/submissions/${ids[2]}`))).json().marks).toBe(0);
    const comments = (await call(teacher, 'GET', at('/comments'))).json().comments;
    expect(comments).toContain('Say what you know, even a little.');
  });

  it('takes one regrade request per question, from that student, after publishing, and answers it', async () => {
    const ask = (i: number, sub: string, body: object) =>
      call(students[i]!, 'POST', at(`/submissions/${sub}/regrade-requests`), body);
    expect(
      (await ask(1, ids[1]!, { question: '1', reason: 'I wrote more.' })).json().error.message,
    ).toBe(messages.regradeNotPublished);
    expect((await ask(1, ids[0]!, { question: '1', reason: 'Not mine.' })).statusCode).toBe(404);
    expect(
      (
        await call(teacher, 'POST', at(`/submissions/${ids[0]}/regrade-requests`), {
          question: '1',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const first = await ask(2, ids[2]!, { question: '1', reason: 'I did explain push and pop.' });
    expect(first.statusCode).toBe(201);
    expect((await ask(2, ids[2]!, { question: '1', reason: 'Again.' })).json().error.message).toBe(
      messages.regradeAlreadyAsked,
    );
    const list = (await call(teacher, 'GET', at('/regrade-requests'))).json().requests;
    expect(list).toMatchObject([
      { studentName: 'Student 3', question: '1', status: 'open', fromMarks: 0 },
    ]);
    expect((await call(students[0]!, 'GET', at('/regrade-requests'))).json().requests).toEqual([]);
    const answered = (
      await call(teacher, 'POST', at(`/regrade-requests/${first.json().id}/answer`), {
        response: 'You are right about pop; one more mark.',
        marks: 1,
      })
    ).json();
    expect(answered).toMatchObject({
      status: 'answered',
      toMarks: 1,
      response: 'You are right about pop; one more mark.',
    });
    const seen = (await studentView(2)).detail.published;
    expect(seen.questions[0].marks).toBe(1);
    expect(
      (await call(students[2]!, 'GET', at('/regrade-requests'))).json().requests[0],
    ).toMatchObject({
      status: 'answered',
      response: 'You are right about pop; one more mark.',
    });
    const kinds = (await call(students[2]!, 'GET', '/api/notices'))
      .json()
      .notices.map((n: { kind: string }) => n.kind);
    expect(kinds).toContain('regrade-answered');
    const again = await call(teacher, 'POST', at(`/regrade-requests/${first.json().id}/answer`), {
      response: 'x',
    });
    expect(again.statusCode).toBe(409);
    await call(teacher, 'PUT', at('/review-settings'), {
      autoPublish: false,
      regradeDeadline: inDays(-0.01),
    });
    expect((await ask(2, ids[2]!, { question: '2', reason: 'Late.' })).json().error.message).toBe(
      messages.regradeClosed,
    );
  });

  it('publishes at the deadline when the assignment says so, without changing what was already published', async () => {
    await call(teacher, 'PUT', at('/review-settings'), {
      autoPublish: true,
      regradeDeadline: null,
    });
    await t.scheduler.runOnce();
    const { row, detail } = await studentView(1);
    expect(row.marksVisible).toBe(true);
    expect(detail.published.marks).toEqual(expect.any(Number));
    const notices = (await call(students[1]!, 'GET', '/api/notices')).json().notices;
    expect(notices.filter((n: { kind: string }) => n.kind === 'published')).toHaveLength(1);
  });

  it('shows how far the AI is from the teacher where both marked a question', async () => {
    const pairs = new Map<string, Array<[number, number]>>();
    for (const id of ids) {
      const detail = (await call(teacher, 'GET', at(`/submissions/${id}`))).json();
      for (const q of detail.review.questions) {
        if (q.source !== 'teacher' || q.aiMarks === null) continue;
        pairs.set(q.number, [...(pairs.get(q.number) ?? []), [q.aiMarks, q.marks]]);
      }
    }
    expect(pairs.size).toBeGreaterThan(0);
    const res = (await call(teacher, 'GET', at('/agreement'))).json();
    for (const [number, list] of pairs) {
      const diffs = list.map(([a, b]) => Math.abs(a - b));
      expect(res.questions.find((q: { number: string }) => q.number === number)).toEqual({
        number,
        answers: list.length,
        meanDifference: Math.round((diffs.reduce((x, y) => x + y, 0) / diffs.length) * 100) / 100,
        withinHalf: Math.round((diffs.filter((d) => d <= 0.5).length / diffs.length) * 100) / 100,
      });
    }
    expect((await call(students[0]!, 'GET', at('/agreement'))).statusCode).toBe(403);
  });
});
