import { describe, expect, it } from 'vitest';
import { formatMarks } from './marks';

describe('formatMarks', () => {
  it('writes marks without trailing zeros, to 2 decimals', () => {
    expect(formatMarks(7.5)).toBe('7.5');
    expect(formatMarks(18)).toBe('18');
    expect(formatMarks(1 / 3)).toBe('0.33');
  });
});
