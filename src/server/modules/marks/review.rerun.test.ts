import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READER_VERSION } from '../../../grading';
import { inDays, join, setDeadline, submit } from '../../test/classroom';
import { dialects, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { makePdf } from '../../test/uploads';
import { buildReviewClass, MODEL, reviewRequests } from './review.fixture';

// A re-run of the grading after marks are published proposes; it never republishes by itself.
describe.each(dialects)('the teacher decides (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let code: string;
  beforeAll(async () => ({ t, teacher, code } = await buildReviewClass(dialect)));
  afterAll(() => t.close());
  const { call, at, evaluate } = reviewRequests(() => ({ t, code }));

  it('turns a re-run after publishing into a proposal: the student sees nothing new until it is published', async () => {
    await setDeadline(t.db.kysely, code, inDays(1)); // a late joiner hands in before a new deadline
    const s = await signUp(t, { role: 'student', name: 'Student 4' });
    await join(t, s, code);
    const text = '1. A stack is a list.\n2. A queue is a list.';
    const id = (
      await submit(t, s, code, { filename: 'a.pdf', content: await makePdf(text.split('\n')) })
    ).json().id as string;
    const seen = async () =>
      (await call(s, 'GET', at(`/submissions/${id}`))).json().published?.marks;
    await evaluate(teacher);
    await call(teacher, 'POST', at('/publish'), { submissionIds: [id] });
    const shown = (await seen()) as number;
    // The answer now reads as the model answer (as if a misread scan had been read again).
    const reading = {
      v: READER_VERSION,
      doc: { status: 'ok', text: MODEL, pages: [], ocrConfidence: null },
    };
    await t.db.kysely
      .updateTable('submission')
      .set({ reading: JSON.stringify(reading) })
      .where('id', '=', id)
      .execute();
    await evaluate(teacher);
    const row = (await call(teacher, 'GET', at('/submissions')))
      .json()
      .submissions.find((r: { id: string }) => r.id === id);
    expect(row.marks).toBeGreaterThan(shown);
    expect(row).toMatchObject({ publishedMarks: shown, changedSincePublished: true });
    expect(await seen()).toBe(shown);
    await call(teacher, 'POST', at('/publish'), { submissionIds: [id] });
    expect(await seen()).toBe(row.marks);
  });
});
