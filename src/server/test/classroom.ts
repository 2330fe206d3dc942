import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { EvaluationRun } from '../../shared/evaluations';
import type { Database } from '../db/schema';
import { BEFORE_READ_ON_ARRIVAL } from '../db/migrations/2026_12_02_0900_read_on_arrival';
import { findByCode } from '../modules/assignments/assignments.repository';
import { makePdf, multipart, pngBytes, type FilePart } from './uploads';
import { signUp, type TestApp, type TestUser } from './test-app';

/** A deadline `days` from now (negative: in the past) as an ISO instant. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The default valid fields and files of a new assignment; override any of them. */
export async function assignmentForm(
  fields: Record<string, string | undefined> = {},
  files: Record<string, FilePart | undefined> = {},
) {
  const allFields: Record<string, string | undefined> = {
    title: 'Photosynthesis',
    description: 'Explain how plants make food from light.',
    deadline: inDays(7),
    totalMarks: '20',
    diagramKeywords: 'chlorophyll, sunlight',
    ...fields,
  };
  const allFiles: Record<string, FilePart | undefined> = {
    questionPaper: {
      filename: 'question.pdf',
      content: await makePdf(['Q1. Explain photosynthesis.']),
    },
    modelAnswer: { filename: 'model.pdf', content: await makePdf(['1. Plants use light.']) },
    diagram: { filename: 'leaf.png', content: pngBytes(), contentType: 'image/png' },
    ...files,
  };
  const defined = <T>(o: Record<string, T | undefined>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<string, T>;
  return multipart(defined(allFields), defined(allFiles));
}

/** POST /api/assignments as the user with the given form. */
export async function postAssignment(
  t: TestApp,
  user: TestUser,
  form: { payload: Buffer; headers: Record<string, string> },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/assignments',
    headers: { ...form.headers, cookie: user.cookie },
    payload: form.payload,
  });
}

/** Creates an assignment through the API and returns its class code. */
export async function createAssignment(
  t: TestApp,
  teacher: TestUser,
  fields: Record<string, string | undefined> = {},
): Promise<string> {
  const res = await postAssignment(t, teacher, await assignmentForm(fields));
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { code: string }).code;
}

/** Joins the assignment through the API. */
export async function join(t: TestApp, student: TestUser, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/assignments/join',
    headers: { cookie: student.cookie },
    payload: { code },
  });
}

/** Submits an answer PDF (a fresh one unless given) through the API. */
export async function submit(t: TestApp, student: TestUser, code: string, pdf?: FilePart) {
  const form = multipart(
    {},
    { answer: pdf ?? { filename: 'answer.pdf', content: await makePdf() } },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/assignments/${code}/submission`,
    headers: { ...form.headers, cookie: student.cookie },
    payload: form.payload,
  });
}

/**
 * A two-question science paper of 2 marks each and its model answer: the class the review tests
 * (answer groups, accepted answers, marks on the page) hand in to, for `classWithAnswers`.
 */
export const PUDDLES = {
  title: 'Puddles',
  totalMarks: 4,
  paper: [
    '1. Why does the puddle dry up on a sunny day? [2 marks]',
    '2. What is a standard in an experiment? [2 marks]',
  ],
  model: [
    '1. The water evaporates because the sun heats it.',
    '2. The standard is what every trial is compared with.',
  ],
};

/**
 * An assignment made by `teacher` from a question paper and a model answer (lines of text,
 * without a diagram), with one student per entry of `answers` who joined and handed in those
 * lines: its code, and each student's user and submission id by name.
 */
export async function classWithAnswers(
  t: TestApp,
  teacher: TestUser,
  a: { title: string; totalMarks: number; paper: string[]; model: string[] },
  answers: Record<string, string[]>,
) {
  const form = await assignmentForm(
    { totalMarks: String(a.totalMarks), title: a.title, diagramKeywords: undefined },
    {
      questionPaper: { filename: 'paper.pdf', content: await makePdf(a.paper) },
      modelAnswer: { filename: 'model.pdf', content: await makePdf(a.model) },
      diagram: undefined,
    },
  );
  const created = await postAssignment(t, teacher, form);
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const code = created.json().code as string;
  const ids: Record<string, string> = {};
  const students: Record<string, TestUser> = {};
  for (const [name, lines] of Object.entries(answers)) {
    const s = await signUp(t, { role: 'student', name });
    await join(t, s, code);
    const res = await submit(t, s, code, { filename: 'a.pdf', content: await makePdf(lines) });
    ids[name] = res.json().id as string;
    students[name] = s;
  }
  return { code, ids, students };
}

/** Moves an assignment's deadline (to the past, say) directly in the database. */
export async function setDeadline(db: Kysely<Database>, code: string, deadline: string) {
  await db.updateTable('assignment').set({ deadline }).where('code', '=', code).execute();
}

/** The id of the assignment with this class code (it must exist). */
export async function assignmentIdOf(db: Kysely<Database>, code: string): Promise<string> {
  const row = await findByCode(db, code);
  if (!row) throw new Error(`no assignment has the class code ${code}`);
  return row.id;
}

/** Row counts of the classroom tables, to prove a refused request changed nothing. */
export async function rowCounts(db: Kysely<Database>) {
  const tables = ['assignment', 'file', 'enrollment', 'submission', 'mark_change'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/**
 * Stores an answer for a joined student directly, past the upload checks: a file stored before
 * today's limits existed, or one that only shows its cost when it is read. Like an answer handed
 * in before answers were read as they arrive, it is left to the runs unless `arrived` (then the
 * arrival reader takes it up, as a scan handed in unread today). Returns the submission id.
 */
export async function storeAnswerDirectly(
  t: TestApp,
  student: TestUser,
  code: string,
  bytes: Buffer,
  { name = 'answer.pdf', arrived = false }: { name?: string; arrived?: boolean } = {},
): Promise<string> {
  const db = t.db.kysely;
  const assignment = await db
    .selectFrom('assignment')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const tmp = path.join(t.dataDir, `direct-${crypto.randomUUID()}`);
  fs.writeFileSync(tmp, bytes);
  const key = `answer/${crypto.randomUUID()}`;
  await t.store.putFile(key, tmp);
  const fileId = crypto.randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('file')
    .values({
      id: fileId,
      storage_key: key,
      original_name: name,
      media_type: 'application/pdf',
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      owner_id: student.id,
      created_at: now,
    })
    .execute();
  const id = crypto.randomUUID();
  await db
    .insertInto('submission')
    .values({
      id,
      assignment_id: assignment.id,
      student_id: student.id,
      file_id: fileId,
      submitted_at: now,
      marks: null,
      marks_source: null,
      ai_marks: null,
      ai_status: null,
      ai_result: null,
      graded_at: null,
      evaluation_run_id: null,
      reading: null,
      arrival_read_at: arrived ? null : BEFORE_READ_ON_ARRIVAL,
    })
    .execute();
  return id;
}

/** Evaluates as the teacher and waits until the run has finished, confirming its changes if asked. */
export async function evaluateAll(t: TestApp, teacher: TestUser, code: string): Promise<void> {
  const call = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { cookie: teacher.cookie } });
  await call('POST', `/api/assignments/${code}/evaluations`);
  for (let i = 0; i < 300; i++) {
    const run = (await call('GET', `/api/assignments/${code}/evaluations/latest`)).json()
      .run as EvaluationRun;
    if (run.status === 'finished') return;
    if (run.status === 'awaiting-confirmation')
      await call('POST', `/api/assignments/${code}/evaluations/confirm`);
    await sleep(50);
  }
  throw new Error('the run did not finish');
}
