import { afterEach, describe, expect, it } from 'vitest';
import { createAssignment, inDays, join, setDeadline, submit } from '../../test/classroom';
import { buildTestApp, dialects, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { ANSWERS, call, classroom, finished, waitForRun } from './evaluations.fixture';

describe.each(dialects)('the marks of grading runs (%s)', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it("keeps the teacher's marks on a re-run and keeps the AI's proposal beside them", async () => {
    t = await buildTestApp(dialect);
    const { teacher, code } = await classroom(t, ANSWERS);
    await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    await waitForRun(t, teacher, code, finished);
    const rows = (await call(t, teacher, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions;
    const target = rows[0];
    const put = await call(
      t,
      teacher,
      'PUT',
      `/api/assignments/${code}/submissions/${target.id}/marks`,
      { marks: 9.5 },
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      marks: 9.5,
      marksSource: 'teacher',
      aiMarks: target.aiMarks,
    });

    const again = await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    expect(again.json().run.total).toBe(3);
    await waitForRun(t, teacher, code, (r) => finished(r) && r.id === again.json().run.id);
    const after = (await call(t, teacher, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions;
    expect(after.find((r: { id: string }) => r.id === target.id)).toMatchObject({
      marks: 9.5,
      marksSource: 'teacher',
      aiMarks: target.aiMarks,
    });
  });

  it('keeps runs and marks from students: no start, no progress, no marks before publishing', async () => {
    t = await buildTestApp(dialect);
    const { teacher, code, students } = await classroom(t, ANSWERS.slice(0, 2));
    const [me, other] = students as [TestUser, TestUser];
    expect((await call(t, me, 'POST', `/api/assignments/${code}/evaluations`)).statusCode).toBe(
      403,
    );
    await call(t, teacher, 'POST', `/api/assignments/${code}/evaluations`);
    await waitForRun(t, teacher, code, finished);
    expect(
      (await call(t, me, 'GET', `/api/assignments/${code}/evaluations/latest`)).statusCode,
    ).toBe(403);
    expect((await call(t, me, 'GET', `/api/assignments/${code}/grades.csv`)).statusCode).toBe(403);

    const own = (await call(t, me, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions[0];
    expect(own).toMatchObject({ marks: null, aiMarks: null, aiStatus: null });
    const before = (
      await call(t, me, 'GET', `/api/assignments/${code}/submissions/${own.id}`)
    ).json();
    expect(before).toMatchObject({ marks: null, aiMarks: null, ai: null, marksVisible: false });

    const theirs = (await call(t, other, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions[0];
    expect(
      (await call(t, me, 'GET', `/api/assignments/${code}/submissions/${theirs.id}`)).statusCode,
    ).toBe(404);

    await setDeadline(t.db.kysely, code, inDays(-1));
    const stillHidden = (
      await call(t, me, 'GET', `/api/assignments/${code}/submissions/${own.id}`)
    ).json();
    expect(stillHidden).toMatchObject({ marks: null, marksVisible: false, published: null });
    await call(t, teacher, 'POST', `/api/assignments/${code}/publish`, {});
    const after = (
      await call(t, me, 'GET', `/api/assignments/${code}/submissions/${own.id}`)
    ).json();
    expect(after.marksVisible).toBe(true);
    expect(after.marks).toEqual(expect.any(Number));
    // The student reads the publication, never the AI's review flags.
    expect(after).toMatchObject({ ai: null, review: null, needsReview: false });
    expect(after.published.feedback).toEqual(expect.any(String));
    expect(after.published.marks).toBe(after.marks);
    expect(
      (await call(t, me, 'GET', `/api/assignments/${code}/submissions/${theirs.id}`)).statusCode,
    ).toBe(404);
  });

  it('exports grades as CSV, quoting awkward names and defusing formulas', async () => {
    t = await buildTestApp(dialect);
    const teacher = await signUp(t, { role: 'teacher' });
    const code = await createAssignment(t, teacher, { totalMarks: '10' });
    const names = ['Rao, Anita', 'Sam "The Brain" Lee', '=HYPERLINK("http://x")', 'Zoë'];
    for (const name of names) {
      const s = await signUp(t, { role: 'student', name });
      await join(t, s, code);
      await submit(t, s, code);
    }
    const rows = (await call(t, teacher, 'GET', `/api/assignments/${code}/submissions`)).json()
      .submissions;
    await call(t, teacher, 'PUT', `/api/assignments/${code}/submissions/${rows[0].id}/marks`, {
      marks: 7.5,
    });
    const absent = await signUp(t, { role: 'student', name: 'Absent Student' });
    await join(t, absent, code);
    const res = await call(t, teacher, 'GET', `/api/assignments/${code}/grades.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`${code}-grades.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Student name,Email,Submitted at \(UTC\),Marks,Source,Total marks,/);
    expect(lines).toHaveLength(6);
    expect(
      lines.some((l) => l.startsWith(`Absent Student,${absent.email},,,not submitted,10,`)),
    ).toBe(true);
    expect(lines.some((l) => l.startsWith('"Rao, Anita",'))).toBe(true);
    expect(lines.some((l) => l.startsWith('"Sam ""The Brain"" Lee",'))).toBe(true);
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""http://x"")",`))).toBe(true);
    expect(lines.some((l) => l.startsWith('Zoë,'))).toBe(true);
    expect(lines.filter((l) => l.includes(',7.5,teacher,10,'))).toHaveLength(1);
  });
});
