import { describe, expect, it } from 'vitest';
import type { SubmissionRow } from '../../../shared/assignments';
import { orderRows } from './grades-order';

const row = (studentName: string, over: Partial<SubmissionRow> = {}): SubmissionRow => ({
  id: studentName,
  studentName,
  submittedAt: '2026-11-20T09:00:00.000Z',
  marks: 5,
  marksSource: 'ai',
  needsReview: false,
  aiMarks: 5,
  aiStatus: 'graded',
  publishedMarks: null,
  published: false,
  changedSincePublished: false,
  confidence: 0.8,
  late: null,
  ...over,
});

const names = (rows: SubmissionRow[]) => rows.map((r) => r.studentName);

describe('orderRows', () => {
  const rows = [
    row('Ada', { confidence: 0.9 }),
    row('Ben', { marksSource: 'teacher', needsReview: true, confidence: 0.2 }),
    row('Cy', { needsReview: true, confidence: 0.7 }),
    row('Di', { confidence: 0.5 }),
    row('Eva', { marks: null, aiMarks: null, aiStatus: null, marksSource: null, confidence: null }),
    row('Fay', {
      aiStatus: 'unreadable',
      marks: null,
      aiMarks: null,
      needsReview: true,
      confidence: null,
    }),
    row('Gus', { needsReview: true, confidence: 0.4 }),
    row('Hal', { confidence: 0.5 }),
  ];

  it('keeps the default order (the server’s, by name)', () => {
    expect(names(orderRows(rows, 'default'))).toEqual(names(rows));
  });

  it('puts what the engine is least sure of first: flagged, then by confidence, settled marks last', () => {
    expect(names(orderRows(rows, 'least-sure'))).toEqual([
      // flagged for review: an answer it could not read first, then by confidence
      'Fay',
      'Gus',
      'Cy',
      // graded, by confidence (ties keep the default order)
      'Di',
      'Hal',
      'Ada',
      // not graded yet: the engine has no view
      'Eva',
      // the teacher's own marks are settled, whatever the engine thought
      'Ben',
    ]);
  });

  it('leaves the rows it was given as they were', () => {
    const copy = [...rows];
    orderRows(rows, 'least-sure');
    expect(rows).toEqual(copy);
  });
});
