import { describe, expect, it } from 'vitest';
import { CLASS_CODE_ALPHABET, CLASS_CODE_EXAMPLE, CLASS_CODE_LENGTH } from '../../../shared/limits';
import { newClassCode, normalizeCode } from './class-code';

describe('class codes', () => {
  it('use only unambiguous characters', () => {
    expect(CLASS_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    const codes = Array.from({ length: 2000 }, () => newClassCode());
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{7}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('have an example (the join form placeholder) of the same length and alphabet', () => {
    expect(CLASS_CODE_EXAMPLE).toHaveLength(CLASS_CODE_LENGTH);
    for (const ch of CLASS_CODE_EXAMPLE) expect(CLASS_CODE_ALPHABET).toContain(ch);
  });

  it('are looked up ignoring case and spaces, around and within', () => {
    expect(normalizeCode('  ab3de7k \n')).toBe('AB3DE7K');
    expect(normalizeCode('ab3 de7k')).toBe('AB3DE7K');
    expect(normalizeCode(' AB3\tDE 7K ')).toBe('AB3DE7K');
  });
});
