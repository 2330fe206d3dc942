import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, newClassCode, normalizeCode } from './class-code';

describe('class codes', () => {
  it('use only unambiguous characters', () => {
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    const codes = Array.from({ length: 2000 }, () => newClassCode());
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{7}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('are looked up ignoring case and spaces, around and within', () => {
    expect(normalizeCode('  ab3de7k \n')).toBe('AB3DE7K');
    expect(normalizeCode('ab3 de7k')).toBe('AB3DE7K');
    expect(normalizeCode(' AB3\tDE 7K ')).toBe('AB3DE7K');
  });
});
