import { describe, expect, it } from 'vitest';
import { greeting } from './greeting';

const at = (h: number, m = 0) => new Date(2026, 0, 15, h, m);

describe('greeting', () => {
  it('says good morning from midnight until just before noon', () => {
    expect(greeting(at(0))).toBe('Good morning');
    expect(greeting(at(11, 59))).toBe('Good morning');
  });

  it('says good afternoon from noon until just before 18:00', () => {
    expect(greeting(at(12))).toBe('Good afternoon');
    expect(greeting(at(17, 59))).toBe('Good afternoon');
  });

  it('says good evening from 18:00 on', () => {
    expect(greeting(at(18))).toBe('Good evening');
    expect(greeting(at(23, 59))).toBe('Good evening');
  });
});
