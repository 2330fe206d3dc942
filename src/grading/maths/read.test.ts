import { describe, expect, it } from 'vitest';
import { displayMaths } from './display';
import { readMaths } from './read';

const quantity = (text: string) => readMaths(text).quantities;

describe('readMaths: quantities', () => {
  it('reads a quantity in prose and ignores the words around it', () => {
    expect(quantity('It falls at 9.8 m/s so it lands')).toEqual([
      { text: '9.8 m/s', value: 9.8, unit: 'm / s', symbol: null },
    ]);
  });

  it('reads units with powers however they are written', () => {
    for (const t of [
      '9.81 m/s²',
      '9.81 m s^-2',
      '9.81 m·s⁻²',
      '9.81 m/s^2',
      '9.81 ms⁻²',
      '9.81 m s-2'.replace('s-2', 's^-2'),
    ])
      expect(quantity(t)[0], t).toMatchObject({ value: 9.81, unit: 'm / s^2' });
  });

  it('reads scientific notation in its usual spellings', () => {
    for (const t of ['3.0 × 10^8 m/s', '3.0 x 10^8 m/s', '3.0×10⁸ m/s', '3e8 m/s', '3.0E8 m/s'])
      expect(quantity(t)[0], t).toMatchObject({ value: 3e8, unit: 'm / s' });
    expect(quantity('1.6 × 10⁻¹⁹ C')[0]).toMatchObject({ value: 1.6e-19, unit: 'C' });
  });

  it('reads prefixes and the units of circuits and chemistry', () => {
    const read = (t: string) => quantity(t).map((q) => q.unit);
    expect(read('10 µF, 10 μF, 4.7 kΩ and 5 ohm')).toEqual(['uF', 'uF', 'kohm', 'ohm']);
    expect(read('0.1 mol/dm³ and 58.5 g/mol at 25 °C')).toEqual(['mol / dm^3', 'g / mol', 'degC']);
    expect(read('2 kJ, 3 N m, 4 kg m/s, 5 kg·m/s')).toEqual(['kJ', 'N m', 'kg m / s', 'kg m / s']);
    expect(read('It took 5 seconds')).toEqual(['s']);
    // Millikelvin, not metre-kelvin.
    expect(read('300 mK')).toEqual(['mK']);
  });

  it('reads a minus sign written with U+2212 or a dash', () => {
    expect(quantity('p = −2.0 kg m/s')[0]).toMatchObject({ value: -2, symbol: 'p' });
    expect(quantity('p = –2.0 kg m/s')[0]).toMatchObject({ value: -2 });
  });

  it('reads a long dash as a minus sign where text recognition put one, and as a dash in prose', () => {
    expect(readMaths('5x —10=3x+ 4').relations[0]).toMatchObject({ lhs: '5 * x - 10' });
    expect(readMaths('t = (v—u)/a').relations[0]?.rhs).toBe('(v - u) / a');
    expect(readMaths('x² — 5x').expressions).toEqual(['x^2 - 5 * x']);
    expect(quantity('ΔH = —460 kJ/mol')[0]).toMatchObject({ value: -460 });
    // After a word it is punctuation: the speed is 5 m/s, not "speed minus 5 m/s".
    expect(quantity('Speed — 5 m/s')).toMatchObject([{ value: 5, unit: 'm / s' }]);
  });

  it('does not read words as units: "in" is not inches, "at" no atmosphere', () => {
    expect(quantity('5 m in 2 s at rest').map((q) => q.unit)).toEqual(['m', 's']);
  });

  it('keeps the comma a separator, not a decimal point', () => {
    expect(quantity('x = 2,5').map((q) => q.value)).toEqual([2, 5]);
  });

  it('reads a number with an unknown unit as a bare number', () => {
    expect(quantity('5 blorbs')).toEqual([{ text: '5', value: 5, unit: null, symbol: null }]);
  });

  it('reads a run of units glued to its number, as a scan loses the spaces', () => {
    expect(quantity('p = 2.0kgm/s')).toMatchObject([{ value: 2, unit: 'kg m / s' }]);
    // Letters of one each glued to a number stay symbols: 2gh is 2·g·h.
    expect(readMaths('E = 2gh').relations[0]?.rhs).toBe('2 * g * h');
  });

  it('reads a unit written alone on the line after its number', () => {
    expect(quantity('V = 0.15 × 24 = 3.6\ndm³')).toMatchObject([
      { value: 3.6, unit: 'dm^3', symbol: 'V' },
    ]);
    // A line that is more than a unit is a line of its own.
    expect(quantity('x = 3\nm = 2')).toMatchObject([
      { value: 3, unit: null },
      { value: 2, unit: null, symbol: 'm' },
    ]);
  });

  it('does not read list labels as numbers', () => {
    expect(quantity('1. The speed is 4 m/s\n(b) It stops')).toHaveLength(1);
  });
});

describe('readMaths: equations and expressions', () => {
  it('reads a chain as relations between neighbours and a quantity with its symbol', () => {
    const r = readMaths('p = mv = 0.50 × 4.0 = 2.0 kg m/s');
    expect(r.relations.map((x) => [x.lhs, x.rhs])).toEqual([
      ['p', 'm * v'],
      ['m * v', '0.50 * 4.0'],
      ['0.50 * 4.0', '2.0 kg m / s'],
    ]);
    expect(r.quantities).toEqual([{ text: '2.0 kg m/s', value: 2, unit: 'kg m / s', symbol: 'p' }]);
  });

  it('reads implicit multiplication in physics notation', () => {
    const rhs = (t: string) => readMaths(t).relations[0]?.rhs;
    expect(rhs('v = u + at')).toBe('u + a * t');
    expect(rhs('F = m a')).toBe('m * a');
    expect(rhs('E = ½mv²')).toBe('1 / 2 * m * v^2');
    expect(rhs('A = 2ab')).toBe('2 * a * b');
    expect(rhs('x² − 1 = (x − 1)(x + 1)')).toBe('(x - 1) * (x + 1)');
    expect(rhs('v = √(2gh)')).toBe('sqrt(2 * g * h)');
    expect(rhs('c = 2πr')).toBe('2 * pi * r');
  });

  it('divides by a number glued to letters, and keeps a fraction of two numbers a coefficient', () => {
    const rhs = (t: string) => readMaths(t).relations[0]?.rhs;
    expect(rhs('a = (v² − u²)/2s')).toBe('(v^2 - u^2) / (2 * s)');
    expect(rhs('h = v^2/2g')).toBe('v^2 / (2 * g)');
    expect(rhs('E = 1/2mv^2')).toBe('1 / 2 * m * v^2');
    expect(rhs('V = 4/3πr³')).toBe('4 / 3 * pi * r^3');
    // Written apart, the letter after the number is a factor of the whole.
    expect(rhs('y = a/2 b')).toBe('a / 2 * b');
  });

  it('reads subscripts and the Greek letters as symbols', () => {
    expect(readMaths('v = v₀ + at').relations[0]?.rhs).toBe('v_0 + a * t');
    expect(readMaths('v = v0 + at').relations[0]?.rhs).toBe('v_0 + a * t');
    expect(readMaths('λ = v/f').relations[0]?.lhs).toBe('lambda');
  });

  it('takes the symbol from the words before an equation and stops at prose after it', () => {
    const r = readMaths('The car of mass m = 1200 kg so it is heavy');
    expect(r.quantities).toEqual([{ text: '1200 kg', value: 1200, unit: 'kg', symbol: 'm' }]);
    expect(readMaths('so v = 5 m/s').quantities[0]?.symbol).toBe('v');
  });

  it('reads a standalone expression', () => {
    expect(readMaths('The answer is (x − 1)(x + 1).').expressions).toEqual(['(x - 1) * (x + 1)']);
  });

  it('reads the name of a quantity written as one word', () => {
    expect(readMaths('KE = ½mv² = 9 J').quantities[0]?.symbol).toBe('Ek');
  });
});

describe('readMaths: hedges and denials', () => {
  it('reads values written after "or" as more values of the same symbol', () => {
    expect(quantity('g = 9.8 or 98 or −9.8 m/s²').map((q) => [q.value, q.symbol])).toEqual([
      [9.8, 'g'],
      [98, 'g'],
      [-9.8, 'g'],
    ]);
    expect(readMaths('v = u + at or u − at').relations.map((r) => r.rhs)).toEqual([
      'u + a * t',
      'u - a * t',
    ]);
  });

  it('keeps unnamed alternatives that agree and drops those that do not', () => {
    expect(quantity('5 m/s² or 5 N/kg')).toHaveLength(2);
    expect(quantity('9.8 m/s² or 98 m/s²')).toEqual([]);
    expect(readMaths('x² − 1 or (x − 1)²').expressions).toEqual([]);
    expect(readMaths('x² − 1 or (x − 1)(x + 1)').expressions).toHaveLength(2);
  });

  it('does not read what a sentence denies as a claim', () => {
    expect(readMaths('it is not v = u + at').relations).toEqual([]);
    expect(quantity("g isn't 9.8 m/s²")).toEqual([]);
    expect(quantity('F is not equal to 6000 N')).toEqual([]);
    expect(quantity('F = 6000 N, not 7200 N').map((q) => q.value)).toEqual([6000]);
    expect(quantity('The car does not skid so a = 5 m/s²').map((q) => q.value)).toEqual([5]);
  });
});

describe('readMaths: what it cannot read', () => {
  it('marks OCR garbage that looks like mathematics unreadable', () => {
    expect(readMaths('x=;=2^^(')).toEqual({
      quantities: [],
      relations: [],
      expressions: [],
      unreadable: ['x=', '=2^^('],
    });
    expect(readMaths('l0 rn/s').unreadable).toEqual(['l0 rn/s']);
  });

  it('marks overflowing numbers unreadable instead of reading Infinity', () => {
    expect(readMaths('x = 10^10^10').unreadable).toHaveLength(1);
    expect(readMaths('x = 10^10^10').quantities).toEqual([]);
    expect(readMaths('10^10^10 = x').unreadable).toEqual(['10^10^10']);
    expect(readMaths('2^99999').unreadable).toEqual(['2^99999']);
  });

  it('reads division by zero as no value', () => {
    const r = readMaths('x = 1/0');
    expect(r.quantities).toEqual([]);
    expect(r.unreadable).toEqual(['1/0']);
  });

  it('returns an empty reading for prose without any mathematics sign', () => {
    expect(readMaths('Osmosis is the movement of water across a membrane.')).toEqual({
      quantities: [],
      relations: [],
      expressions: [],
      unreadable: [],
    });
  });
});

describe('displayMaths', () => {
  it('shows quantities, equations and expressions as people write them', () => {
    expect(displayMaths('9.8 m/s^2')).toBe('9.8 m/s²');
    expect(displayMaths('v = u + a * t')).toBe('v = u + a·t');
    expect(displayMaths('3.0 × 10^8 m/s')).toBe('3.0 × 10⁸ m/s');
    expect(displayMaths('1 / 2 * a * t^2')).toBe('½·a·t²');
    expect(displayMaths('(x - 1) * (x + 1)')).toBe('(x − 1)(x + 1)');
    expect(displayMaths('kg m / s')).toBe('kg·m/s');
    expect(displayMaths('2.0 kg m / s')).toBe('2.0 kg·m/s');
    expect(displayMaths('-2.0 kg m / s')).toBe('−2.0 kg·m/s');
    expect(displayMaths('4.7 kohm')).toBe('4.7 kΩ');
    expect(displayMaths('10 uF')).toBe('10 µF');
    expect(displayMaths('(v - u) / t')).toBe('(v − u)/t');
    expect(displayMaths('m s^-2')).toBe('m/s²');
  });

  it('gives back as written what it cannot read', () => {
    expect(displayMaths('  the speed  ')).toBe('the speed');
  });
});
