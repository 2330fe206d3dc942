import { describe, expect, it } from 'vitest';
import type { MathsFinding } from '../../../shared/maths';
import { EXPECTED_HIDDEN, findingWithoutModel } from './marks.policy';

// The engine's messages as it writes them (src/grading/maths): none may pass the model answer's
// value on to a student while the key points are named only.
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
    [
      'Right value, wrong unit: expected m/s², read m/s',
      '9.8 m/s',
      `Right value, wrong unit: expected ${EXPECTED_HIDDEN}, read m/s`,
    ],
    ['No unit given: expected m/s²', '9.8', `No unit given: expected ${EXPECTED_HIDDEN}`],
    [
      'Sign error: expected 9.8 m/s², read −9.8 m/s²',
      '−9.8 m/s²',
      `Sign error: expected ${EXPECTED_HIDDEN}, read −9.8 m/s²`,
    ],
    [
      'Wrong order of magnitude: 10 times too large (expected 9.8 m/s², read 98 m/s²)',
      '98 m/s²',
      `Wrong order of magnitude: 10 times too large (expected ${EXPECTED_HIDDEN}, read 98 m/s²)`,
    ],
    [
      'Right: 9.79 m/s² is 9.8 m/s² (within 2%)',
      '9.79 m/s²',
      `Right: 9.79 m/s² is ${EXPECTED_HIDDEN} (within 2%)`,
    ],
    ['Wrong value: expected 9.8 m/s².', '9.6 m/s²', `Wrong value: expected ${EXPECTED_HIDDEN}.`],
  ])('hides the model answer in “%s”', (message, read, shown) => {
    const hidden = findingWithoutModel(finding({ message, read }));
    expect(hidden.message).toBe(shown);
    // Only what the student wrote may still contain the expected value.
    expect(hidden.message.split(read).join('')).not.toMatch(/9\.8 m\/s²|m\/s²,/);
  });

  it('cuts a message that only names what was looked for to its verdict', () => {
    for (const [verdict, message, shown] of [
      ['not-found', 'Not found in the answer: g = 9.8 m/s²', 'Not found in the answer.'],
      ['unreadable', 'Could not check this: g = 9.8 m/s² (±2%)', 'Could not check this.'],
    ] as const)
      expect(findingWithoutModel(finding({ verdict, message })).message).toBe(shown);
  });
});
