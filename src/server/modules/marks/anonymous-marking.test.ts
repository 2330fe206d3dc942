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

const PAPER = ['Q1. What is a stack? [5 marks]', 'Q2. What is a queue? [5 marks]'];
const MODEL = ['1. A stack is last in, first out.', '2. A queue is first in, first out.'];
/** In alphabetical order; the last two join and do not hand in. */
const NAMES = [
  'Aaliyah Abbott',
  'Bruno Becker',
  'Chiara Conti',
  'Dmitri Dorn',
  'Elif Ertan',
  'Farah Faris',
  'Gustav Gray',
  'Hana Hoshino',
];
const HANDED_IN = 6;

// Anonymous marking: while it is on and the marks are not published, nothing the owner's
// review and grades screens load names a student, and the answers come in a shuffled order.
describe.each(dialects)('anonymous marking (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let other: TestUser;
  let students: TestUser[];
  let code: string;
  const ids: string[] = [];
  const emails: string[] = [];
  beforeAll(async () => {
    ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' }));
    other = await signUp(t, { role: 'teacher', name: 'Mr Other' });
    const form = await assignmentForm(
      { totalMarks: '10', title: 'Stacks' },
      {
        questionPaper: { filename: 'paper.pdf', content: await makePdf(PAPER) },
        modelAnswer: { filename: 'model.pdf', content: await makePdf(MODEL) },
        diagram: undefined,
      },
    );
    code = (await postAssignment(t, teacher, form)).json().code;
    students = [];
    for (const [i, name] of NAMES.entries()) {
      const email = `${name.split(' ')[0]!.toLowerCase()}.${i}@school.example`;
      const s = await signUp(t, { role: 'student', name, email });
      emails.push(email);
      students.push(s);
      await join(t, s, code);
      if (i >= HANDED_IN) continue;
      // The file's own name is hers: it must not show either.
      const pdf = {
        filename: `${name}.pdf`,
        content: await makePdf(['1. A stack.', '2. A queue.']),
      };
      ids.push((await submit(t, s, code, pdf)).json().id);
    }
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/assignments/${code}${path}`,
      headers: { cookie: user.cookie },
      payload,
    });
  const settings = (body: object, user = teacher) => call(user, 'PUT', '/review-settings', body);
  const names = async (user = teacher) =>
    (
      (await call(user, 'GET', '/submissions')).json().submissions as Array<{ studentName: string }>
    ).map((r) => r.studentName);
  /** Fails with the place of the first name, email or (lower-cased) file name in a raw reply. */
  const expectNoName = (label: string, raw: string) => {
    const lower = raw.toLowerCase();
    for (const name of NAMES)
      expect(lower, `${label} names ${name}`).not.toContain(name.toLowerCase());
    // Each part as a word of its own: a random token (a cookie, a signed link) may hold "dorn".
    for (const part of NAMES.flatMap((n) => n.split(' ')))
      expect(lower, `${label} holds ${part}`).not.toMatch(
        new RegExp(`(^|[^a-z0-9])${part.toLowerCase()}([^a-z0-9]|$)`),
      );
    for (const email of emails) expect(lower, `${label} holds ${email}`).not.toContain(email);
  };

  it('is off by default and only the owner may turn it on', async () => {
    expect((await call(teacher, 'GET', '/submissions')).json().assignment.anonymousMarking).toBe(
      false,
    );
    // Another teacher does not learn the assignment exists; a student may not change it.
    expect((await settings({ anonymousMarking: true }, other)).statusCode).toBe(404);
    expect((await settings({ anonymousMarking: true }, students[0]!)).statusCode).toBe(403);
    const bad = await settings({ anonymousMarking: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('anonymousMarking');
    expect(await names()).toEqual(NAMES.slice(0, HANDED_IN));
    expect((await settings({ anonymousMarking: true })).statusCode).toBe(204);
    expect((await call(teacher, 'GET', '/submissions')).json().assignment.anonymousMarking).toBe(
      true,
    );
  });

  it('names nobody in any reply the review, the grades table and the export use', async () => {
    // A regrade from a student whose marks alone were published keeps the others anonymous.
    await call(teacher, 'PUT', `/submissions/${ids[0]}/questions/1`, { marks: 3, comment: 'Ok' });
    await call(teacher, 'PUT', `/submissions/${ids[1]}/marks`, { marks: 6 });
    await call(teacher, 'PUT', `/submissions/${ids[1]}/comment`, { comment: 'Good work' });
    expect((await call(teacher, 'POST', '/publish', { submissionIds: [ids[0]] })).statusCode).toBe(
      200,
    );
    const asked = await call(students[0]!, 'POST', `/submissions/${ids[0]}/regrade-requests`, {
      question: '1',
      reason: 'I gave an example.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().id as string;
    const accepted = await call(teacher, 'POST', '/accepted-answers', {
      question: '1',
      text: 'A stack.',
      submissionId: ids[3],
    });
    expect(accepted.statusCode, accepted.body).toBe(201);

    const replies: Array<[string, { body: string; headers: Record<string, unknown> }]> = [];
    const get = async (path: string) => {
      const res = await call(teacher, 'GET', path);
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      replies.push([path, res]);
      return res;
    };
    await get('');
    await get('/submissions');
    await get('/grades.csv');
    await get('/regrade-requests');
    await get('/comments');
    await get('/agreement');
    await get('/accepted-answers');
    await get('/rubric');
    await get('/evaluations/latest');
    for (const id of ids) {
      await get(`/submissions/${id}`);
      await get(`/submissions/${id}/file`);
      await get(`/submissions/${id}/file?download=1`);
    }
    const writes = [
      await call(teacher, 'PUT', `/submissions/${ids[2]}/marks`, { marks: 5 }),
      await call(teacher, 'PUT', `/submissions/${ids[2]}/questions/2`, { marks: 2 }),
      await call(teacher, 'PUT', `/submissions/${ids[2]}/comment`, { comment: 'Fine' }),
      await call(teacher, 'POST', `/regrade-requests/${requestId}/answer`, {
        response: 'Looked again: one more mark.',
        marks: 4,
      }),
    ];
    for (const [i, w] of writes.entries()) {
      expect(w.statusCode, w.body).toBeLessThan(300);
      replies.push([`write ${i}`, w]);
    }
    for (const [path, res] of replies) {
      const isPdf = String(res.headers['content-type']).startsWith('application/pdf');
      expectNoName(path, isPdf ? '' : res.body);
      expectNoName(`${path} headers`, JSON.stringify(res.headers));
    }
    // Each answer is "Student N", the regrade request too, and the export says why.
    const detail = (await call(teacher, 'GET', `/submissions/${ids[0]}`)).json();
    expect(detail.studentName).toMatch(/^Student \d+$/);
    const answers = (await call(teacher, 'GET', '/accepted-answers')).json().answers;
    expect(answers[0].studentName).toMatch(/^Student \d+$/);
    const requests = (await call(teacher, 'GET', '/regrade-requests')).json().requests;
    expect(requests[0].studentName).toBe(detail.studentName);
    const csv = await call(teacher, 'GET', '/grades.csv');
    expect(csv.headers['content-disposition']).toContain(`${code}-grades-anonymous.csv`);
    expect(csv.body).toContain('hidden: anonymous marking');
    expect(csv.body).toContain(detail.studentName);
    const table = (await call(teacher, 'GET', '/submissions')).json();
    const waiting = table.notSubmitted.map((s: { studentName: string }) => s.studentName);
    expect(waiting).toHaveLength(NAMES.length - HANDED_IN);
    expect(new Set(waiting).size).toBe(waiting.length);
    for (const w of waiting) expect(w).toMatch(/^Student \d+$/);
  });

  it('lists the answers in a shuffled order that stays the same', async () => {
    // A fixed salt: the shuffle is then known, and not alphabetical.
    await t.db.kysely
      .updateTable('assignment')
      .set({ anonymous_salt: 'fixed-salt-for-the-test' })
      .where('code', '=', code)
      .execute();
    const rows = async () =>
      (
        (await call(teacher, 'GET', '/submissions')).json().submissions as Array<{ id: string }>
      ).map((r) => r.id);
    const first = await rows();
    expect(first).toHaveLength(HANDED_IN);
    expect(new Set(first)).toEqual(new Set(ids));
    expect(first).not.toEqual(ids);
    expect(await rows()).toEqual(first);
    // Pseudonyms are numbered in that order, and stay with their answer.
    const pseudonyms = await names();
    const numbers = pseudonyms.map((n) => Number(n.replace('Student ', '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(await names()).toEqual(pseudonyms);
  });

  it('shows the names at once when turned off, and the same pseudonyms when on again', async () => {
    const before = await names();
    expect((await settings({ anonymousMarking: false })).statusCode).toBe(204);
    expect(await names()).toEqual(NAMES.slice(0, HANDED_IN));
    expect((await settings({ anonymousMarking: true })).statusCode).toBe(204);
    expect(await names()).toEqual(before);
  });

  it('leaves what students see as it was', async () => {
    const own = (await call(students[0]!, 'GET', '/submissions')).json();
    expect(own.submissions[0].studentName).toBe(NAMES[0]);
    const detail = (await call(students[0]!, 'GET', `/submissions/${ids[0]}`)).json();
    expect(detail.studentName).toBe(NAMES[0]);
    const file = await call(students[0]!, 'GET', `/submissions/${ids[0]}/file`);
    expect(file.headers['content-disposition']).toContain('Aaliyah');
  });

  it('gives the names back once every marked answer is published', async () => {
    expect((await call(teacher, 'POST', '/publish', {})).statusCode).toBe(200);
    const table = (await call(teacher, 'GET', '/submissions')).json();
    expect(table.assignment.anonymousMarking).toBe(false);
    expect(table.submissions.map((r: { studentName: string }) => r.studentName)).toEqual(
      NAMES.slice(0, HANDED_IN),
    );
    const csv = await call(teacher, 'GET', '/grades.csv');
    expect(csv.body).toContain(emails[0]);
    expect(csv.headers['content-disposition']).toContain(`${code}-grades.csv`);
  });
});
