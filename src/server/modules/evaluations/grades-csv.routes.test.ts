import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentForm, join, postAssignment, submit } from '../../test/classroom';
import {
  buildTeacherApp,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { makePdf } from '../../test/uploads';
import { call } from './evaluations.fixture';

const PAPER = ['Q1. What is a stack? [5 marks]', 'Q2. What is a queue? [5 marks]'];
const MODEL = [
  '1. A stack is a last in, first out list.',
  '2. A queue is a first in, first out list.',
];

// The export a teacher takes to the school's gradebook: per question, with comments and
// regrade requests, times in the teacher's zone, and nothing a spreadsheet would run.
describe.each(dialects)('GET /api/assignments/:code/grades.csv (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let asha: TestUser;
  let code: string;
  let ashaId: string;
  beforeAll(async () => {
    ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' }));
    const form = await assignmentForm(
      { totalMarks: '10' },
      {
        questionPaper: { filename: 'paper.pdf', content: await makePdf(PAPER) },
        modelAnswer: { filename: 'model.pdf', content: await makePdf(MODEL) },
        diagram: undefined,
      },
    );
    code = (await postAssignment(t, teacher, form)).json().code;
    asha = await signUp(t, { role: 'student', name: 'Asha' });
    const ben = await signUp(t, { role: 'student', name: '=HYPERLINK("http://x")' });
    for (const s of [asha, ben]) await join(t, s, code);
    ashaId = (await submit(t, asha, code)).json().id;
    await t.db.kysely
      .updateTable('submission')
      .set({ submitted_at: '2026-07-01T08:30:00.000Z' })
      .where('id', '=', ashaId)
      .execute();
    const at = (path: string) => `/api/assignments/${code}/submissions/${ashaId}${path}`;
    await call(t, teacher, 'PUT', at('/questions/1'), { marks: 4, comment: '-1: no example' });
    await call(t, teacher, 'PUT', at('/questions/2'), { marks: 2.5 });
    await call(t, teacher, 'PUT', at('/comment'), { comment: '@Asha, well done' });
    await call(t, teacher, 'POST', `/api/assignments/${code}/publish`, {});
    const asked = await call(t, asha, 'POST', at('/regrade-requests'), {
      question: '2',
      reason: 'I said first in, first out.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
  });
  afterAll(() => t.close());

  const csv = async (query = '') => {
    const res = await call(t, teacher, 'GET', `/api/assignments/${code}/grades.csv${query}`);
    return {
      res,
      lines: res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    };
  };

  it('writes marks and comments per question, the overall comment and regrade requests, in the zone asked for', async () => {
    const { res, lines } = await csv('?timeZone=Europe%2FLondon');
    expect(res.statusCode, res.body).toBe(200);
    expect(lines[0]).toBe(
      'Student name,Email,Submitted at (Europe/London),Marks,Source,Total marks,Q1 marks (of 5),Q1 comment,Q2 marks (of 5),Q2 comment,Overall comment,Regrade requests,Late by,Late penalty (%),Marks after late penalty',
    );
    expect(lines).toContain(
      `Asha,${asha.email},2026-07-01T09:30:00+01:00,6.5,teacher,10,4,'-1: no example,2.5,,"'@Asha, well done",Q2 open,,,6.5`,
    );
    // A student who has not handed in; a name that looks like a formula is shown as text.
    expect(lines.find((l) => l.includes('HYPERLINK'))).toMatch(
      /^"'=HYPERLINK\(""http:\/\/x""\)",[^,]+,,,not submitted,10,,,,,,,,,$/,
    );
  });

  it('writes UTC with its offset when no zone is given', async () => {
    const { lines } = await csv();
    expect(lines[0]).toContain('Submitted at (UTC)');
    expect(lines.find((l) => l.startsWith('Asha,'))).toContain(',2026-07-01T08:30:00+00:00,');
  });

  it('refuses a zone that is not one, naming the parameter', async () => {
    const { res } = await csv('?timeZone=Mars%2FOlympus');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('timeZone');
  });

  it('says how a regrade request was answered', async () => {
    const [request] = (
      await call(t, teacher, 'GET', `/api/assignments/${code}/regrade-requests`)
    ).json().requests;
    await call(
      t,
      teacher,
      'POST',
      `/api/assignments/${code}/regrade-requests/${request.id}/answer`,
      {
        response: 'Agreed.',
        marks: 3.5,
      },
    );
    const { lines } = await csv();
    expect(lines.find((l) => l.startsWith('Asha,'))).toMatch(
      /,7\.5,teacher,10,4,'-1: no example,3\.5,,"'@Asha, well done","Q2 answered, 2\.5 → 3\.5",,,7\.5$/,
    );
  });

  it('is the owner’s alone', async () => {
    const res = await call(t, asha, 'GET', `/api/assignments/${code}/grades.csv`);
    expect(res.statusCode).toBe(403);
  });
});
