import { setTimeout as sleep } from 'node:timers/promises';
import type { EvaluationRun } from '../../../shared/evaluations';
import { assignmentForm, join, postAssignment, submit } from '../../test/classroom';
import { buildTeacherApp, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { makePdf } from '../../test/uploads';

/** The class the review tests work on: a two-question paper, its model answer, three answers. */
export const PAPER = 'Q1. What is a stack? [5 marks]\nQ2. What is a queue? [5 marks]';
export const MODEL =
  '1. A stack is a last in, first out list. Items are pushed onto the top and popped from the top.\n' +
  '2. A queue is a first in, first out list. Items join at the back and leave from the front.';
export const ANSWERS = [
  '1. A stack is last in first out: you push on top and pop from the top.\n2. A queue is first in first out, join at the back, leave at the front.',
  '1. A stack keeps the last item first.\n2. A queue is a line.',
  '1. I do not know.\n2. Plants grow in soil.',
];

export interface ReviewClass {
  t: TestApp;
  teacher: TestUser;
  /** Student i handed in ANSWERS[i] as submission ids[i]. */
  students: TestUser[];
  code: string;
  ids: string[];
}

/** A test app with Ms Rao's "Stacks and queues" (10 marks) and one submission per answer in ANSWERS. */
export async function buildReviewClass(dialect: 'sqlite' | 'postgres'): Promise<ReviewClass> {
  const { t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' });
  const form = await assignmentForm(
    { totalMarks: '10', title: 'Stacks and queues' },
    {
      questionPaper: { filename: 'paper.pdf', content: await makePdf([PAPER]) },
      modelAnswer: { filename: 'model.pdf', content: await makePdf([MODEL]) },
      diagram: undefined,
    },
  );
  const code = (await postAssignment(t, teacher, form)).json().code as string;
  const students: TestUser[] = [];
  const ids: string[] = [];
  for (const [i, text] of ANSWERS.entries()) {
    const s = await signUp(t, { role: 'student', name: `Student ${i + 1}` });
    await join(t, s, code);
    ids.push(
      (
        await submit(t, s, code, { filename: 'a.pdf', content: await makePdf(text.split('\n')) })
      ).json().id,
    );
    students.push(s);
  }
  return { t, teacher, students, code, ids };
}

/**
 * Requests against the class's assignment. `get` returns the class as the describe block's
 * beforeAll has built it, so these can be made before that runs.
 */
export function reviewRequests(get: () => Partial<ReviewClass>) {
  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => get().t!.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  const at = (path = '') => `/api/assignments/${get().code}${path}`;
  /** Student i's own row and their submission's detail, as they see them. */
  const studentView = async (i: number) => ({
    row: (await call(get().students![i]!, 'GET', at('/submissions'))).json(),
    detail: (await call(get().students![i]!, 'GET', at(`/submissions/${get().ids![i]}`))).json(),
  });
  /**
   * Starts an evaluation as the teacher and waits (up to 20 s) until it has finished, applying
   * the changes when the run waits for confirmation.
   */
  const evaluate = async (teacher: TestUser) => {
    await call(teacher, 'POST', at('/evaluations'));
    for (let i = 0; i < 200; i++) {
      const run = (await call(teacher, 'GET', at('/evaluations/latest'))).json()
        .run as EvaluationRun;
      if (run.status === 'finished') return;
      if (run.status === 'awaiting-confirmation')
        await call(teacher, 'POST', at('/evaluations/confirm'));
      await sleep(100);
    }
  };
  return { call, at, studentView, evaluate };
}
