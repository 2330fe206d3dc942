import { describe, expect, it } from 'vitest';
import { mathjs } from './mathjs';
import { UNIT_SYMBOLS, convert, sameUnit } from './units';

describe('units', () => {
  it('knows every unit it reads in mathjs', () => {
    const unknown = [...new Set(UNIT_SYMBOLS.values())].filter((u) => {
      if (u === '%') return false;
      try {
        mathjs().unit(1, u);
        return false;
      } catch {
        return true;
      }
    });
    expect(unknown).toEqual([]);
  });

  it('converts between units of the same kind and refuses different kinds', () => {
    expect(convert(2, 'kJ', 'J')).toBe(2000);
    expect(convert(4.7, 'kohm', 'ohm')).toBeCloseTo(4700);
    expect(convert(25, 'degC', 'K')).toBeCloseTo(298.15);
    expect(convert(1, 'm / s', 'm / s^2')).toBeNull();
    expect(convert(1, 'blorb', 'm')).toBeNull();
    expect(convert(50, '%', '%')).toBe(50);
  });

  it('tells the same unit written two ways from a unit with a factor', () => {
    expect(sameUnit('m / s^2', 'm s^-2')).toBe(true);
    expect(sameUnit('kJ', 'J')).toBe(false);
  });
});
