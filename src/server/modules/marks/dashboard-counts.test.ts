import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, getAs, type TestApp, type TestUser } from '../../test/test-app';
import { buildReviewClass, reviewRequests } from './review.fixture';

// A teacher's card says what waits for them; the list is kept between requests, so every change
// below must move the teacher's dashboard version (migration 2026_11_26_1000) to be seen.
describe.each(dialects)("the counts on a teacher's dashboard cards (%s)", (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let students: TestUser[];
  let code: string;
  let ids: string[];
  beforeAll(async () => ({ t, teacher, students, code, ids } = await buildReviewClass(dialect)));
  afterAll(() => t.close());
  const { call, at, evaluate } = reviewRequests(() => ({ t, students, code, ids }));
  const card = async (user: TestUser = teacher) =>
    (await getAs(t, '/api/assignments', user)).json().assignments[0];
  const counts = async () => {
    const { toReview, openRegrades } = await card();
    return { toReview, openRegrades };
  };

  it('counts the hand-ins nobody has reviewed, until the teacher marks or publishes them', async () => {
    expect(await counts()).toEqual({ toReview: 3, openRegrades: 0 });
    // The AI's proposals are not a review.
    await evaluate(teacher);
    expect(await counts()).toEqual({ toReview: 3, openRegrades: 0 });
    const marked = await call(teacher, 'PUT', at(`/submissions/${ids[0]}/questions/1`), {
      marks: 4,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await counts()).toEqual({ toReview: 2, openRegrades: 0 });
    await call(teacher, 'POST', at('/publish'), { submissionIds: [ids[1]] });
    expect(await counts()).toEqual({ toReview: 1, openRegrades: 0 });
    await call(teacher, 'PUT', at(`/submissions/${ids[2]}/marks`), { marks: 1 });
    expect(await counts()).toEqual({ toReview: 0, openRegrades: 0 });
    await call(teacher, 'POST', at('/publish'), {});
  });

  it('counts the open regrade requests until the teacher answers them', async () => {
    const asked = await call(students[0]!, 'POST', at(`/submissions/${ids[0]}/regrade-requests`), {
      question: '1',
      reason: 'I named both operations.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await counts()).toEqual({ toReview: 0, openRegrades: 1 });
    const answered = await call(
      teacher,
      'POST',
      at(`/regrade-requests/${asked.json().id}/answer`),
      {
        response: 'The marks stand.',
      },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await counts()).toEqual({ toReview: 0, openRegrades: 0 });
  });

  it('shows a student neither count', async () => {
    const own = await card(students[0]);
    expect(own).not.toHaveProperty('toReview');
    expect(own).not.toHaveProperty('openRegrades');
  });
});
