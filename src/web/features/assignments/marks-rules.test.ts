import { describe, expect, it } from 'vitest';
import { formatMarks, parseMarks } from './marks-rules';

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

  it('writes marks without trailing zeros', () => {
    expect(formatMarks(7.5)).toBe('7.5');
    expect(formatMarks(18)).toBe('18');
  });
});
