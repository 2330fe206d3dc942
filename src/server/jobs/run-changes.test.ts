import { describe, expect, it } from 'vitest';
import { ACCEPTED_BY_TEACHER, type AnswerResult } from '../../grading';
import { reasonsOf } from './run-changes';

const graded = (q: Partial<Extract<AnswerResult, { status: 'graded' }>['questions'][number]>) =>
  ({
    id: 's',
    status: 'graded',
    marks: q.marks ?? 0,
    total: 4,
    confidence: 0.8,
    needsReview: false,
    reviewReasons: [],
    feedback: '',
    questions: [{ number: '1', marks: 0, total: 4, matched: [], missing: [], ...q }],
  }) as AnswerResult;
const before = (marks: number) =>
  ({ status: 'graded', questions: [{ number: '1', marks }] }) as Parameters<typeof reasonsOf>[1];

describe('why a run would move unreviewed marks', () => {
  it('counts the key points read, against the model answer or the rubric', () => {
    const next = graded({ marks: 3, matched: ['Bulb A goes out'], missing: ['No current flows'] });
    expect(reasonsOf(next, before(1))).toEqual([
      'Question 1: Markwise now reads 1 of 2 key points in this answer (the rubric, the model answer or the reading changed), so 1 → 3.',
    ]);
  });

  it('says an answer now reads like one the teacher accepted, not "1 of 1 key points"', () => {
    const next = graded({ marks: 4, matched: [ACCEPTED_BY_TEACHER] });
    expect(reasonsOf(next, before(1))).toEqual([
      'Question 1: Markwise now reads in this answer what an answer you accepted as right says, so 1 → 4.',
    ]);
  });
});
