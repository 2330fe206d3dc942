import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeReading, READER_VERSION } from '../../../grading';
import { inDays, join, setDeadline, submit } from '../../test/classroom';
import { dialects, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { makePdf } from '../../test/uploads';
import { buildReviewClass, MODEL, reviewRequests } from './review.fixture';

// A file is read once: an answer whose file has the same bytes as one read before takes that
// reading (the same scan handed in twice, a re-upload), so a regrade never reads it again.
describe.each(dialects)('a file read once (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let code: string;
  beforeAll(async () => ({ t, teacher, code } = await buildReviewClass(dialect)));
  afterAll(() => t.close());
  const { call, at, evaluate } = reviewRequests(() => ({ t, code }));

  it('takes the reading kept for the same bytes and leaves other files alone', async () => {
    await setDeadline(t.db.kysely, code, inDays(1));
    const bytes = await makePdf(['1. A stack is a list.', '2. A queue is a list.']);
    const other = await makePdf(['1. A stack is a pile.', '2. A queue is a line.']);
    const ids: string[] = [];
    for (const [i, content] of [bytes, bytes, other].entries()) {
      const s = await signUp(t, { role: 'student', name: `Same file ${i}` });
      await join(t, s, code);
      ids.push((await submit(t, s, code, { filename: 'a.pdf', content })).json().id as string);
    }
    // The first hand-in's kept reading (as a scan read by OCR would be kept): the model answer.
    const kept = {
      v: READER_VERSION,
      doc: { status: 'ok', text: MODEL, pages: [], ocrConfidence: null },
    };
    await t.db.kysely
      .updateTable('submission')
      .set({ reading: JSON.stringify(kept) })
      .where('id', '=', ids[0]!)
      .execute();
    // The others are read when graded, as scans are (a text PDF is read at hand-in).
    await t.db.kysely
      .updateTable('submission')
      .set({ reading: null })
      .where('id', 'in', ids.slice(1))
      .execute();
    await evaluate(teacher);
    const readingOf = async (id: string) =>
      decodeReading(
        (
          await t.db.kysely
            .selectFrom('submission')
            .select('reading')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).reading,
      );
    const second = await readingOf(ids[1]!);
    expect(second?.status === 'ok' && second.text).toBe(MODEL);
    const third = await readingOf(ids[2]!);
    expect(third?.status === 'ok' && third.text).toMatch(/A stack is a pile/);
    const rows = (await call(teacher, 'GET', at('/submissions'))).json().submissions as {
      id: string;
      marks: number | null;
    }[];
    const marks = (id: string) => rows.find((r) => r.id === id)?.marks;
    expect(marks(ids[1]!)).toBe(marks(ids[0]!));
    expect(marks(ids[2]!)).toBeLessThan(marks(ids[0]!)!);
  });
});
