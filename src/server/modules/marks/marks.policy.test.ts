import { describe, expect, it } from 'vitest';
import type { MathsFinding } from '../../../shared/maths';
import { findingWithoutModel } from './marks.policy';

// The engine's messages as it writes them (src/grading/maths): none may pass the model answer's
// value, unit, ratio or terms on to a student while the key points are named only.
const finding = (over: Partial<MathsFinding>): MathsFinding => ({
  point: 'g = 9.8 m/s² (±2%)',
  expected: '9.8 m/s²',
  read: '9.8 m/s',
  verdict: 'wrong-unit',
  credit: 0.5,
  message: 'Right value, wrong unit: expected m/s², read m/s',
  ...over,
});

describe('a mathematical finding while the key points are named only', () => {
  it('names the key point by its first words and gives no expected value', () => {
    const hidden = findingWithoutModel(finding({}));
    expect(hidden).toMatchObject({ point: 'g…', expected: null, read: '9.8 m/s', credit: 0.5 });
  });

  it.each([
    ['wrong-unit', 'Right value, wrong unit: expected m/s², read m/s', '9.8 m/s'],
    ['missing-unit', 'No unit given: expected m/s²', '9.8'],
    ['wrong-sign', 'Sign error: expected 9.8 m/s², read −9.8 m/s²', '−9.8 m/s²'],
    [
      'wrong-magnitude',
      'Wrong order of magnitude: 10 times too large (expected 9.8 m/s², read 98 m/s²)',
      '98 m/s²',
    ],
    ['right', 'Right: 9.79 m/s² is 9.8 m/s² (within 2%)', '9.79 m/s²'],
    ['wrong-value', 'Wrong value: expected 9.8 m/s².', '9.6 m/s²'],
    ['missing-term', 'Missing term: ½·a·t²', 's = ut'],
    ['not-found', 'Not found in the answer: g = 9.8 m/s²', null],
  ] as const)('says %s without the model answer', (verdict, message, read) => {
    const hidden = findingWithoutModel(finding({ verdict, message, read }));
    // Only what the student wrote is quoted: nothing of the message, which names the model answer.
    const rest = read ? hidden.message.split(read).join('') : hidden.message;
    expect(rest).not.toMatch(/\d|m\/s|½|times|expected/);
    if (read) expect(hidden.message).toContain(`you wrote ${read}`);
  });

  it('words each verdict as the student reads it', () => {
    expect(findingWithoutModel(finding({})).message).toBe(
      'Right value, wrong unit: you wrote 9.8 m/s.',
    );
    expect(findingWithoutModel(finding({ verdict: 'not-found', read: null })).message).toBe(
      'Not found in the answer.',
    );
  });
});
