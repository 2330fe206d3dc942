import { describe, expect, it } from 'vitest';
import { marksBody } from '../../../shared/assignments';
import { MARKS_STEP, parseMarks } from './marks-rules';

describe('parseMarks', () => {
  it('takes 0 to the total with up to 2 decimals', () => {
    expect(parseMarks('0', 20)).toEqual({ marks: 0 });
    expect(parseMarks(' 7.5 ', 20)).toEqual({ marks: 7.5 });
    expect(parseMarks('20', 20)).toEqual({ marks: 20 });
    expect(parseMarks('7.25', 20)).toEqual({ marks: 7.25 });
  });

  it('refuses negatives, words, too many decimals and more than the total', () => {
    for (const bad of ['-1', 'abc', '', '7.125', '1e2'])
      expect(parseMarks(bad, 20)).toHaveProperty('error');
    expect(parseMarks('20.5', 20)).toEqual({ error: 'Marks cannot be more than the total of 20.' });
  });

  it('accepts exactly the marks the server accepts, on the input step', () => {
    for (const text of ['0', '0.5', '1.25', '7.3', '9.99', '10', '1.255', '0.125', '3.001']) {
      const client = parseMarks(text, 10);
      const server = marksBody.safeParse({ marks: Number(text) }).success;
      expect([text, 'marks' in client]).toEqual([text, server]);
      if ('marks' in client) {
        const steps = client.marks / MARKS_STEP;
        expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-6);
      }
    }
  });
});
