import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { EvaluationRun } from '../../../shared/evaluations';
import { createAssignment, join, submit } from '../../test/classroom';
import { signUp, type TestApp, type TestUser } from '../../test/test-app';
import { makePdf } from '../../test/uploads';

/** Four answers to "What is photosynthesis?": three on the topic, one not. */
export const ANSWERS = [
  'Answer 1. Plants use light energy from the sun to make glucose from carbon dioxide and water.',
  'Answer 1. Photosynthesis makes food using sunlight, water and carbon dioxide, giving oxygen.',
  'Answer 1. Plants grow in soil.',
  'Answer 1. Light is used by chlorophyll to make sugar and release oxygen.',
];

/**
 * Ms Rao's assignment (10 marks) with one joined student per answer, each handed in; a null
 * answer is a PDF whose page has no text at all (the engine cannot read it).
 */
export async function classroom(app: TestApp, answers: Array<string | null>) {
  const teacher = await signUp(app, { role: 'teacher', name: 'Ms Rao' });
  const code = await createAssignment(app, teacher, { totalMarks: '10' });
  const students: TestUser[] = [];
  for (const [i, text] of answers.entries()) {
    const s = await signUp(app, { role: 'student', name: `Student ${i + 1}` });
    expect((await join(app, s, code)).statusCode).toBe(200);
    const content = await makePdf([text ?? '']);
    expect((await submit(app, s, code, { filename: 'a.pdf', content })).statusCode).toBe(201);
    students.push(s);
  }
  return { teacher, code, students };
}

/** A request as the signed-in user. */
export const call = (
  app: TestApp,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => app.app.inject({ method, url, headers: { cookie: user.cookie }, payload });

/**
 * Polls the newest run until `until` holds (15 s at most); a run that waits for the teacher to
 * confirm its changes is confirmed, as a teacher who accepts them would.
 */
export async function waitForRun(
  app: TestApp,
  teacher: TestUser,
  code: string,
  until: (r: EvaluationRun) => boolean,
) {
  for (let i = 0; i < 300; i++) {
    const res = await call(app, teacher, 'GET', `/api/assignments/${code}/evaluations/latest`);
    const run = res.json().run as EvaluationRun | null;
    if (run && until(run)) return run;
    if (run?.status === 'awaiting-confirmation')
      await call(app, teacher, 'POST', `/api/assignments/${code}/evaluations/confirm`);
    await sleep(50);
  }
  throw new Error('the run did not get there in time');
}

/** The run has ended, one way or the other. */
export const finished = (r: EvaluationRun) => r.status === 'finished' || r.status === 'failed';
