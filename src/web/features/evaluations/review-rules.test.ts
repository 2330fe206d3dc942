import { describe, expect, it } from 'vitest';
import type { SubmissionRow } from '../../../shared/assignments';
import { REVIEW_REASONS } from '../../../shared/evaluations';
import { formatConfidence, reviewReasonTexts, rowReview } from './review-rules';

const row = (over: Partial<SubmissionRow>): SubmissionRow => ({
  id: 's1',
  studentName: 'Asha',
  confidence: null,
  late: null,
  submittedAt: '2026-01-01T00:00:00.000Z',
  marks: null,
  marksSource: null,
  needsReview: false,
  publishedMarks: null,
  published: false,
  changedSincePublished: false,
  aiMarks: null,
  aiStatus: null,
  ...over,
});

describe('rowReview', () => {
  it('has nothing to say before any evaluation', () => {
    expect(rowReview(row({}))).toEqual({
      source: null,
      unreadable: false,
      needsReview: false,
      aiProposal: null,
    });
  });

  it('names the AI as the source of graded marks and passes on the review flag', () => {
    const r = row({
      marks: 7,
      aiMarks: 7,
      marksSource: 'ai',
      aiStatus: 'graded',
      needsReview: true,
    });
    expect(rowReview(r)).toMatchObject({ source: 'AI', needsReview: true, aiProposal: null });
  });

  it('flags an unreadable answer as such rather than as "needs review"', () => {
    const r = row({ aiStatus: 'unreadable', needsReview: true });
    expect(rowReview(r)).toMatchObject({ unreadable: true, needsReview: false, source: null });
  });

  it('keeps the AI proposal beside the teacher’s own marks', () => {
    const r = row({ marks: 9, aiMarks: 6.5, marksSource: 'teacher', aiStatus: 'graded' });
    expect(rowReview(r)).toMatchObject({ source: 'Teacher', aiProposal: 6.5 });
    const marked = row({ marks: 4, marksSource: 'teacher', aiStatus: 'unreadable' });
    expect(rowReview(marked)).toMatchObject({ unreadable: false, aiProposal: null });
  });
});

describe('review texts', () => {
  it('explains known reason codes and readable unknown ones', () => {
    expect(reviewReasonTexts(['answer-not-numbered', 'odd-layout'], 0.5)).toEqual([
      'The answer is not numbered like the model answer, so it was marked as a whole.',
      'Odd layout.',
    ]);
  });

  it('has its own words for every reason the grading engine gives', () => {
    for (const code of REVIEW_REASONS) {
      const [text] = reviewReasonTexts([code], 0.5);
      expect(text, code).not.toBe(
        code.charAt(0).toUpperCase() + code.slice(1).replaceAll('-', ' ') + '.',
      );
      expect(text!.length, code).toBeGreaterThan(30);
    }
  });

  it('falls back to the confidence when there is no reason', () => {
    expect(reviewReasonTexts([], 0.456)).toEqual([
      'Markwise is not confident of these marks (46%).',
    ]);
  });

  it('formats confidence for people', () => {
    expect(formatConfidence(1.2)).toBe('100%');
  });
});
