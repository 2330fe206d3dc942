import { describe, expect, it } from 'vitest';
import { readingContext } from './context';
import { judgeMaths } from './judge';
import { readMaths } from './read';
import { mathsTarget } from './targets';
import { DEFAULT_MATHS_SETTINGS } from './types';

const relations = (text: string, context = readingContext('', '')) =>
  readMaths(text, context).relations.map((r) => `${r.lhs} = ${r.rhs}`);

const judge = (model: string[], answer: string, earlier = '') => {
  const context = readingContext('', model.join('\n'));
  const targets = model.map((line) => mathsTarget(line, context)!);
  const earlierValues = readMaths(earlier, context).quantities.filter((q) => q.symbol);
  return judgeMaths(
    targets,
    model,
    readMaths(answer, context),
    DEFAULT_MATHS_SETTINGS,
    [],
    earlierValues,
  ).map((f) => [f.verdict, f.credit]);
};

describe('names of more than one letter', () => {
  it('reads the known names as one symbol, wherever they stand, in any of their spellings', () => {
    expect(relations('Ek = ½mv²')).toEqual(['Ek = 1 / 2 * m * v^2']);
    expect(relations('KE = 1/2 m v^2')).toEqual(['Ek = 1 / 2 * m * v^2']);
    expect(relations('GPE = mgh')).toEqual(['Ep = m * g * h']);
    expect(relations('v = √(2Ek/m)')).toEqual(['v = sqrt(2 * Ek / m)']);
    expect(relations('n = m/Mr')).toEqual(['n = m / Mr']);
  });

  it('reads a name the model answer defines as one symbol in the answers', () => {
    const context = readingContext('', 'EPE = ½kx²\nv = √(2EPE/m)');
    expect(relations('v = √(2EPE/m)', context)).toEqual(['v = sqrt(2 * Ee / m)']);
    const own = readingContext('', 'Rt = R + r');
    expect(relations('I = V/Rt', own)).toEqual(['I = V / Rt']);
  });

  it('keeps a name whose every letter is a symbol of the question a product', () => {
    const context = readingContext(
      'A force F acts for a time t.',
      'Ft = mv − mu\nF = 2 N\nt = 3 s',
    );
    expect(relations('x = Ft', context)).toEqual(['x = F * t']);
  });

  it('credits an equation with a name of two letters against the model answer', () => {
    expect(judge(['Ek = ½mv²'], 'KE = 1/2 m v^2')).toEqual([['right', 1]]);
  });
});

describe('mathematics the reader reads as a teacher does', () => {
  it('continues the working of the line before on a line that begins with =', () => {
    const r = readMaths('v = 0 + 9.81 × 2.0\n= 19.6 m s⁻¹');
    expect(r.quantities).toMatchObject([{ value: 19.6, unit: 'm / s', symbol: 'v' }]);
    expect(relations('x² − 5x + 3x − 15\n= x² − 2x − 15')).toEqual([
      'x^2 - 5 * x + 3 * x - 15 = x^2 - 2 * x - 15',
    ]);
    expect(readMaths('= x² + 3x − 15').expressions).toEqual(['x^2 + 3 * x - 15']);
  });

  it('reads word equations and a value given to words as the symbols of the quantities', () => {
    expect(relations('momentum = mass × velocity')).toEqual(['p = m * v']);
    expect(relations('speed = distance ÷ time')).toEqual(['v = s / t']);
    expect(relations('change in momentum = final momentum − initial momentum')).toEqual([
      'Delta_p = m * v - m * u',
    ]);
    const d = readingContext('', 'v = d/t');
    expect(relations('speed = distance ÷ time', d)).toEqual(['v = d / t']);
    expect(readMaths('mass of CaO = 0.25 × 56 = 14 g').quantities).toMatchObject([
      { value: 14, symbol: 'm' },
    ]);
    expect(readMaths('so the power is 2300 J').quantities).toMatchObject([
      { value: 2300, unit: 'J', symbol: 'P' },
    ]);
    expect(readMaths('Speed is important').relations).toEqual([]);
  });

  it('reads x between numbers or brackets as a times sign unless x is a symbol of the question', () => {
    expect(readMaths('N = 0.5 x 6.02 x 10^23').quantities).toEqual([]);
    expect(relations('N = 0.5 x 6.02 x 10^23')).toEqual(['N = 0.5 * 6.02e+23']);
    expect(relations('R = (R1 x R2)/(R1 + R2)')).toEqual(['R = R_1 * R_2 / (R_1 + R_2)']);
    const algebra = readingContext('Solve 2x + 3 = 7.', '');
    expect(relations('y = 2 x 3', algebra)).toEqual(['y = 2 * x']);
  });

  it('reads mu written in letters as m·u and the letter µ as one symbol', () => {
    expect(relations('Δp = mv − mu')).toEqual(['Delta_p = m * v - m * u']);
    expect(relations('F = µR')).toEqual(['F = mu * R']);
    expect(readMaths('C = 470 µF').quantities).toMatchObject([{ value: 470, unit: 'uF' }]);
  });

  it('reads digits grouped in threes by single spaces as one number', () => {
    expect(readMaths('E = 3 600 000 J').quantities).toMatchObject([{ value: 3.6e6, unit: 'J' }]);
    expect(readMaths('12 000 and 7 5').quantities.map((q) => q.value)).toEqual([12000, 7, 5]);
  });

  it('reads R₁R₂ as a product of two subscripted symbols', () => {
    expect(relations('R = R₁R₂/(R₁ + R₂)')).toEqual(['R = R_1 * R_2 / (R_1 + R_2)']);
  });

  it('reads a one-letter symbol in the other case as the question’s symbol, not its units', () => {
    const context = readingContext('', 'ΔH = −q/n');
    expect(relations('ΔH = −Q ÷ n', context)).toEqual(['Delta_H = -q / n']);
    expect(readMaths('Q = 5 A', readingContext('', 'q = I t')).quantities).toMatchObject([
      { unit: 'A' },
    ]);
  });

  it('reads a line of algebra with a number on one side as an equation key point', () => {
    expect(mathsTarget('2x = 14')).toMatchObject({ kind: 'equation', lhs: '2 * x', rhs: '14' });
  });
});

describe('the final statement decides', () => {
  it('does not let right working rescue a formula ending on a sign slip', () => {
    expect(judge(['t = (v − u)/a'], 'at = v − u\nt = (u − v)/a')).toEqual([['wrong-sign', 0]]);
    expect(judge(['v = u + at'], 'v = u + at\nv = u + gt = 0 + 9.8 × 2.0')).toEqual([['right', 1]]);
  });

  it('does not let right working rescue an expression ending on a sign slip', () => {
    expect(
      judge(['x² − 5x + 3x − 15', 'x² − 2x − 15'], 'x^2 - 5x + 3x - 15\n= x^2 + 2x - 15'),
    ).toEqual([
      ['right', 1],
      ['wrong-sign', 0],
    ]);
  });
});

describe('errors carried through the student’s own substitution', () => {
  const model = ['n = m/Mr = 25/100 = 0.25 mol', 'm = n × Mr = 0.25 × 56 = 14 g'];

  it('credits a later step worked on the student’s own wrong value', () => {
    expect(judge(model, 'n = 100/25 = 4 mol\nm = n × Mr = 4 × 56 = 224 g')).toEqual([
      ['wrong-value', 0],
      ['carried-error', 1],
    ]);
  });

  it('credits a step worked on a value from an earlier part', () => {
    const f = ['F = ma = 1200 × 5.0 = 6000 N'];
    expect(judge(f, 'F = ma = 1200 × 80 = 96000 N', 'a = 20 × 4.0 = 80 m/s²')).toEqual([
      ['carried-error', 1],
    ]);
  });

  it('does not credit a number that comes from nowhere', () => {
    const e = ['E = Pt = 2000 × 1800 = 3.6 × 10⁶ J'];
    expect(judge(e, 'E = Pt\nE = 2000 × 30 = 60000 J')).toEqual([['wrong-value', 0]]);
  });
});
