import { describe, expect, it } from 'vitest';
import type { MathsAnswer, Variant } from './maths-data';
import { auc, meets, targetLines, type Outcome } from './maths-score';

const answer = (variant: Variant, share: number): MathsAnswer => ({
  id: `${variant}-${share}`,
  variant,
  share,
  text: ['x = 1'],
});

const outcome = (variant: Variant, typed: number | null, ocr = typed): Outcome => ({
  question: 'q',
  answer: answer(variant, variant === 'right' || variant === 'equivalent' ? 1 : 0.5),
  typed,
  ocr,
  typedFindings: [],
});

describe('the mathematics benchmark criteria', () => {
  it('credits a right, equivalent or carried answer from 0.9 of the teacher’s share', () => {
    expect(meets(answer('equivalent', 1), 0.9)).toBe(true);
    expect(meets(answer('equivalent', 1), 0.875)).toBe(false);
    expect(meets(answer('carried-error', 0.5), 0.45)).toBe(true);
    expect(meets(answer('carried-error', 0.5), 0.4)).toBe(false);
  });

  it('counts a wrong answer as not credited only at half the marks or less, near the teacher’s share', () => {
    expect(meets(answer('wrong-sign', 0.5), 0.5)).toBe(true);
    expect(meets(answer('wrong-sign', 0.5), 0.75)).toBe(false);
    expect(meets(answer('wrong-value', 0), 0.5)).toBe(false);
    expect(meets(answer('wrong-magnitude', 0), 0.25)).toBe(true);
  });

  it('gives a wrong unit the set share within ±0.15', () => {
    expect(meets(answer('wrong-unit', 0.75), 0.625)).toBe(true);
    expect(meets(answer('wrong-unit', 0.75), 1)).toBe(false);
    expect(meets(answer('wrong-unit', 0.5), 0.25)).toBe(false);
  });

  it('never counts an unreadable page as meeting a criterion', () => {
    expect(meets(answer('wrong-value', 0), null)).toBe(false);
  });

  it('measures the AUC of right against wrong answers, ignoring the other variants', () => {
    const separated = [outcome('right', 1), outcome('wrong-sign', 0.5), outcome('wrong-unit', 1)];
    expect(auc(separated, 'typed')).toBe(1);
    const tied = [outcome('equivalent', 0.5), outcome('wrong-value', 0.5)];
    expect(auc(tied, 'typed')).toBe(0.5);
  });

  it('passes a target only at 95% of typed pages, whatever OCR does', () => {
    const twenty = (ok: number) =>
      Array.from({ length: 20 }, (_, i) => outcome('equivalent', i < ok ? 1 : 0, 0));
    expect(targetLines(twenty(19))[0]).toMatch(/^PASS .* typed 95\.0% \(19\/20\)/);
    expect(targetLines(twenty(18))[0]).toMatch(/^FAIL /);
  });
});
