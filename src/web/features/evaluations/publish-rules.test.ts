import { describe, expect, it } from 'vitest';
import type { SubmissionRow } from '../../../shared/assignments';
import { publishPlan, publishQuestion } from './publish-rules';

const row = (over: Partial<SubmissionRow>): SubmissionRow => ({
  id: 's1',
  studentName: 'Asha',
  confidence: null,
  late: null,
  submittedAt: '2026-01-01T00:00:00.000Z',
  marks: 5,
  marksSource: 'ai',
  needsReview: false,
  publishedMarks: null,
  published: false,
  changedSincePublished: false,
  aiMarks: 5,
  aiStatus: 'graded',
  ...over,
});

describe('publishPlan', () => {
  it('counts the students whose marks would go out, and the AI proposals among them', () => {
    const plan = publishPlan([
      row({}),
      row({ marksSource: 'teacher' }),
      row({ published: true, publishedMarks: 5 }),
      row({ published: true, publishedMarks: 4, changedSincePublished: true }),
      row({ marks: null, marksSource: null, aiStatus: 'unreadable' }),
    ]);
    expect(plan).toEqual({ students: 3, unreviewed: 2, marked: 4 });
  });
});

describe('publishQuestion', () => {
  it('says how many students and how many unreviewed marks, in the right number', () => {
    expect(publishQuestion({ students: 4, unreviewed: 3, marked: 4 })).toBe(
      '4 students will see their marks; 3 of these 4 marks are the AI’s proposals, not reviewed by you.',
    );
    expect(publishQuestion({ students: 3, unreviewed: 1, marked: 4 })).toBe(
      '3 students will see their marks; 1 of these 3 marks is the AI’s proposal, not reviewed by you.',
    );
    expect(publishQuestion({ students: 2, unreviewed: 2, marked: 2 })).toBe(
      '2 students will see their marks; all 2 marks are the AI’s proposals, not reviewed by you.',
    );
    expect(publishQuestion({ students: 1, unreviewed: 1, marked: 1 })).toBe(
      '1 student will see their marks; the mark is the AI’s proposal, not reviewed by you.',
    );
    expect(publishQuestion({ students: 2, unreviewed: 0, marked: 2 })).toBe(
      '2 students will see their marks; you have reviewed all of them.',
    );
  });
});
