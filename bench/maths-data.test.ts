import { describe, expect, it } from 'vitest';
import { DEFAULT_MATHS_SETTINGS } from '../src/grading';
import { segment } from '../src/grading/segment';
import {
  loadMathsSet,
  pageText,
  prepareQuestion,
  VARIANTS,
  type MathsQuestion,
} from './maths-data';

const set = loadMathsSet();
const answers = set.flatMap((q) => q.answers.map((a) => ({ q, a })));

/** The model answer's key lines for one part (every line of a one-part question). */
function modelLines(q: MathsQuestion, part: string | undefined): number {
  if (q.parts.length === 1 || !part) return q.model.length;
  const parts = segment(pageText(q.model)) ?? [];
  return parts.find((p) => p.number === part)!.text.split('\n').length;
}

describe('the mathematics benchmark set', () => {
  it('has the size issue 25 asks for, in every topic', () => {
    expect(set.length).toBeGreaterThanOrEqual(27);
    expect(answers.length).toBeGreaterThanOrEqual(150);
    const topics = new Set(set.map((q) => q.topic));
    expect([...topics].sort()).toEqual(['algebra', 'chemistry amounts', 'circuits', 'kinematics']);
  });

  it('has every variant with at least ten answers, and no other label', () => {
    for (const v of VARIANTS)
      expect(answers.filter(({ a }) => a.variant === v).length, v).toBeGreaterThanOrEqual(10);
    for (const { a } of answers) expect(VARIANTS, a.id).toContain(a.variant);
  });

  it('gives every question and answer its own id', () => {
    const ids = [...set.map((q) => q.id), ...answers.map(({ a }) => a.id)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('prepares every model answer into the parts the question declares, with its marks', () => {
    for (const q of set) {
      const prepared = prepareQuestion(q);
      expect(
        prepared.questions.map((p) => p.number),
        q.id,
      ).toEqual(q.parts);
      const total = prepared.questions.reduce((s, p) => s + p.total, 0);
      expect(total, q.id).toBeCloseTo(q.marks, 6);
      if (q.settings)
        for (const p of prepared.questions)
          expect(p.maths, q.id).toEqual({ ...DEFAULT_MATHS_SETTINGS, ...q.settings });
    }
  });

  it('numbers every sheet as the question is numbered, so each part reaches its own answer', () => {
    for (const { q, a } of answers) {
      const numbers = segment(pageText(a.text))?.map((s) => s.number) ?? ['1'];
      expect(numbers, a.id).toEqual(q.parts);
      if (a.part) expect(q.parts, a.id).toContain(a.part);
    }
  });

  it('labels shares as the variants mean them', () => {
    for (const { q, a } of answers) {
      expect(a.share, a.id).toBeGreaterThanOrEqual(0);
      expect(a.share, a.id).toBeLessThanOrEqual(1);
      if (a.variant === 'right' || a.variant === 'equivalent') expect(a.share, a.id).toBe(1);
      if (['wrong-sign', 'wrong-magnitude', 'wrong-value'].includes(a.variant))
        expect(a.share, a.id).toBeLessThanOrEqual(0.5);
      if (a.variant === 'carried-error') expect(a.share, a.id).toBeGreaterThan(0);
      if (a.variant === 'right-number-wrong-working') expect(a.share, a.id).toBeLessThan(1);
      if (a.variant === 'wrong-unit') {
        // Every key line earned but the last, whose quantity earns the question's wrong-unit share.
        const n = modelLines(q, a.part);
        const unitShare = q.settings?.wrongUnitShare ?? DEFAULT_MATHS_SETTINGS.wrongUnitShare;
        expect(a.share, a.id).toBeCloseTo((n - 1 + unitShare) / n, 6);
      }
    }
  });
});
