import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATHS_SETTINGS,
  judgeMaths,
  mathsTarget,
  readMaths,
  type MathsFinding,
  type MathsSettings,
} from '.';

/** Judges an answer against key points written as a teacher writes them. */
function judge(
  points: string[],
  answer: string,
  settings: MathsSettings = DEFAULT_MATHS_SETTINGS,
  givens = '',
): MathsFinding[] {
  const targets = points.map((p) => {
    const t = mathsTarget(p);
    if (!t) throw new Error(`not mathematics: ${p}`);
    return t;
  });
  return judgeMaths(targets, points, readMaths(answer), settings, readMaths(givens).quantities);
}

const one = (point: string, answer: string, settings?: MathsSettings) =>
  judge([point], answer, settings)[0]!;

describe('judgeMaths: quantities', () => {
  it("credits a value within the key point's own tolerance, in any spelling of its unit", () => {
    const f = one('9.8 m/s^2 (±2%)', 'a = 9.81 m s^-2');
    expect(f).toMatchObject({
      point: '9.8 m/s^2 (±2%)',
      verdict: 'right',
      credit: 1,
      expected: '9.8 m/s²',
      read: '9.81 m/s²',
    });
    expect(f.message).toBe('Right: 9.81 m/s² (within 2%)');
    expect(one('9.8 m/s^2 (±2%)', 'a = 9.5 m/s²').verdict).toBe('wrong-value');
  });

  it("uses the question's tolerance when the key point gives none, and an absolute one as written", () => {
    const loose = { ...DEFAULT_MATHS_SETTINGS, tolerance: 0.05 };
    expect(one('9.8 m/s²', 'a = 9.4 m/s²').verdict).toBe('wrong-value');
    expect(one('9.8 m/s²', 'a = 9.4 m/s²', loose).verdict).toBe('right');
    const abs = one('v = 20 m/s ± 0.5 m/s', 'v = 20.4 m/s');
    expect(abs).toMatchObject({ verdict: 'right', message: 'Right: 20.4 m/s (within ± 0.5 m/s)' });
    expect(one('v = 20 m/s ± 0.5 m/s', 'v = 20.6 m/s').verdict).toBe('wrong-value');
  });

  it('credits the same value in other units or notation as equivalent', () => {
    expect(one('2000 J', 'E = 2 kJ')).toMatchObject({
      verdict: 'equivalent',
      credit: 1,
      message: 'Right: 2 kJ is 2000 J (within 2%)',
    });
    expect(one('c = 3.0 × 10^8 m/s', 'c = 300000 km/s').verdict).toBe('equivalent');
    expect(one('c = 3.0 × 10^8 m/s', 'c = 3e8 m/s').verdict).toBe('right');
    expect(one('4.7 kΩ', 'R = 4700 ohm').verdict).toBe('equivalent');
  });

  it('gives the set share for a right value with a wrong or missing unit', () => {
    expect(one('9.8 m/s²', 'a = 9.8 m/s')).toMatchObject({
      verdict: 'wrong-unit',
      credit: 0.5,
      message: 'Right value, wrong unit: expected m/s², read m/s',
    });
    expect(one('9.8 m/s²', 'a = 9.8')).toMatchObject({
      verdict: 'missing-unit',
      credit: 0.5,
      message: 'No unit given: expected m/s²',
    });
    expect(one('9.8 m/s²', 'a = 9.8', { tolerance: 0.02, wrongUnitShare: 0.25 }).credit).toBe(0.25);
  });

  it('takes the unit the answer writes for the same value next', () => {
    const moles = 'n = m/Mr = 25/100 = 0.25 mol';
    expect(one(moles, 'moles = 25 ÷ 100 = 0.25\n1:1 ratio so 0.25 mol of CaO').credit).toBe(1);
    // Only the same value, and not past another symbol's value.
    expect(one(moles, 'n = 25 ÷ 100 = 0.25\nso 0.5 mol').verdict).toBe('missing-unit');
    expect(one(moles, 'n = 25 ÷ 100 = 0.25\nm = 14 g\n0.25 mol').verdict).toBe('missing-unit');
  });

  it('names a wrong order of magnitude, but reads 2 kJ as 2000 J', () => {
    expect(one('2000 J', 'E = 2000 kJ')).toMatchObject({
      verdict: 'wrong-magnitude',
      credit: 0,
      message: 'Wrong order of magnitude: 1,000 times too large (expected 2000 J, read 2000 kJ)',
    });
    expect(one('2000 J', 'E = 2 J').message).toBe(
      'Wrong order of magnitude: 1,000 times too small (expected 2000 J, read 2 J)',
    );
    expect(one('2000 J', 'E = 2 kJ').credit).toBe(1);
  });

  it('names a sign error, and anything else is a wrong value', () => {
    expect(one('p = 2.0 kg m/s', 'p = mv = 0.50 × 4.0 = −2.0 kg m/s')).toMatchObject({
      verdict: 'wrong-sign',
      credit: 0,
      message: 'Sign error: expected 2.0 kg·m/s, read −2.0 kg·m/s',
    });
    expect(one('p = 2.0 kg m/s', 'p = 3.1 kg m/s').message).toBe(
      'Wrong value: expected 2.0 kg·m/s, read 3.1 kg·m/s',
    );
    expect(one('p = 2.0 kg m/s', 'I do not know')).toMatchObject({
      verdict: 'not-found',
      message: 'Not found in the answer: 2.0 kg·m/s',
    });
  });

  it('compares the value given the symbol asked for, not a number that matches by chance', () => {
    // 5 m/s² is right for a, but the key point asks for F, which the answer gives wrongly.
    expect(one('F = 5 N', 'a = 5 m/s², so F = 7 N').verdict).toBe('wrong-value');
    // Without a symbol, the quantities of the same kind are compared, and the final one reported.
    expect(one('6000 N', 'The weight is 12000 N and the force 7200 N').read).toBe('7200 N');
    expect(one('6000 N', 'With 1200 kg and 5 m/s² the force is 6000 N').verdict).toBe('right');
  });
});

describe('judgeMaths: lists of guesses (the list principle)', () => {
  it('marks several values given one symbol by the wrong one, and says so', () => {
    for (const answer of ['g = 98 m/s², g = 9.8 m/s²', 'g = 9.8 or 98 or −9.8 m/s²']) {
      const f = one('g = 9.8 m/s²', answer);
      expect(f.credit, answer).toBe(0);
      expect(f.message, answer).toMatch(/^Different values given for g/);
    }
    expect(one('g = 9.8 m/s²', 'g = 9.8 m/s² = 9.8 m/s').verdict).toBe('wrong-unit');
  });

  it("does not count the model's own other values of a symbol as guesses (two roots)", () => {
    expect(judge(['x = 2', 'x = 3'], 'x = 2 or x = 3').map((f) => f.credit)).toEqual([1, 1]);
    expect(judge(['x = 2', 'x = 3'], 'x = 2, x = 3, x = 4').map((f) => f.credit)).toEqual([0, 0]);
  });

  it('credits values of one symbol that agree, with or without the unit repeated', () => {
    expect(one('g = 9.8 m/s²', 'g = 9.8 m/s² = 9.8 N/kg').credit).toBe(1);
    expect(one('a = 5 m/s²', 'a = 20/4 = 5 = 5 m/s²').credit).toBe(1);
  });

  it('marks two different equations for the same thing by the wrong one', () => {
    for (const answer of ['v = u + at, or v = u − at', 'v = u − at\nv = u + at']) {
      const f = one('v = u + at', answer);
      expect(f, answer).toMatchObject({ verdict: 'wrong-sign', credit: 0 });
      expect(f.message, answer).toMatch(/^Different equations given/);
    }
    // Simultaneous equations of the model answer are no guesses for each other.
    const both = judge(['y = 2x', 'y = x²'], 'y = 2x\ny = x²');
    expect(both.map((f) => f.credit)).toEqual([1, 1]);
    // Working in other symbols or with numbers is no second answer.
    expect(one('v = u + at', 'v = u + at = 0 + 5 × 4 = 20').credit).toBe(1);
  });

  it("does not count the model's own step formulas, nor equations in other symbols, as guesses", () => {
    // The model answer itself goes on from Ek = ½mv² to the formula v = √(2Ek/m).
    const ball = judge(
      ['Ek = ½mv²', 'v = √(2Ek/m) = √(2 × 9.8/0.20) = 9.9 m/s'],
      'Ek = ½mv²\nv = √(2Ek/m) = √(2 × 9.8/0.20) = 9.9 m/s',
    );
    expect(ball.map((f) => f.credit)).toEqual([1, 1]);
    // The question's other equation, quoted while substituting, brings in y: no second answer.
    expect(
      one('3x = 9', 'adding: 3x = 9 so x = 3\nsubstitute into x − y = 2: 3 − y = 2').credit,
    ).toBe(1);
    // A formula the model does not give, in the same symbols, still is one.
    expect(one('Ek = ½mv²', 'Ek = ½mv²\nv = 2Ek/m').message).toMatch(/^Different equations given/);
  });

  it('marks lines of solving in one unknown as working, each by its own key point', () => {
    const points = ['5x − 10 = 3x + 4', '2x = 14', 'x = 7'];
    // A slip in the second line is no guess against the first, which keeps its mark...
    const slip = judge(points, '5x − 10 = 3x + 4\n2x = −6\nx = −3');
    expect(slip.map((f) => f.credit)).toEqual([1, 0, 0]);
    // ...and the first line does not earn the second's: the line that collects the terms does.
    expect(slip[1]).toMatchObject({ verdict: 'not-equivalent' });
    expect(
      judge(points, '5x - 10 = 3x + 4\n5x - 3x = 4 + 10\nx = 14/2 = 7').map((f) => f.credit),
    ).toEqual([1, 1, 1]);
    expect(judge(points, 'x − 2 = (3x + 4)/5\n2x = 14 so x = 7').map((f) => f.credit)).toEqual([
      1, 1, 1,
    ]);
  });

  it("credits roots carried from the student's own factorisation in an earlier part", () => {
    const roots = (answer: string, earlier: string) =>
      judgeMaths(
        [mathsTarget('x = 2')!, mathsTarget('x = 3')!],
        ['x = 2', 'x = 3'],
        readMaths(answer),
        DEFAULT_MATHS_SETTINGS,
        [],
        [],
        readMaths(earlier).expressions,
      );
    const carried = roots('x = −2 or x = −3', '(x + 2)(x + 3)');
    expect(carried.map((f) => f.verdict)).toEqual(['carried-error', 'carried-error']);
    expect(carried[0]!.message).toBe('Carried forward correctly: the roots of your (x + 2)(x + 3)');
    // Roots of the right factorisation with their signs flipped are wrong, and so is a list
    // with one value that is no root.
    expect(roots('x = −2 or x = −3', '(x − 2)(x − 3)').map((f) => f.credit)).toEqual([0, 0]);
    expect(roots('x = −2, x = −3, x = 4', '(x + 2)(x + 3)').map((f) => f.credit)).toEqual([0, 0]);
    // One root of the right factorisation is not carried to the other.
    expect(roots('x = 2', '(x − 2)(x − 3)').map((f) => f.credit)).toEqual([1, 0]);
  });

  it("gives no step for both the model's value and the student's own carried one", () => {
    const steps = ['a = (v − u)/t = (20 − 0)/4 = 5 m/s²', 'F = m a = 1200 × 5 = 6000 N'];
    const f = judge(
      steps,
      'a = 4 m/s²\nF = 4800 N or 6000 N',
      DEFAULT_MATHS_SETTINGS,
      'm = 1200 kg',
    );
    expect(f[1]).toMatchObject({ verdict: 'wrong-value', credit: 0 });
  });
});

describe('judgeMaths: equations and expressions', () => {
  it('reads a product written first as a product: IR = V is V = IR', () => {
    expect(one('V = IR', 'IR = V').credit).toBe(1);
    expect(one('V = IR', 'I = V/R').credit).toBe(1);
    // A name with a capital before "=" stays one symbol, in the key point and in the answer.
    expect(one('KE = ½mv²', 'KE = ½mv²').verdict).toBe('right');
    expect(one('KE = ½mv²', 'KE = mv²').verdict).toBe('not-equivalent');
  });

  it("reads a symbol the key point does not use with the value the student's substitution gives it", () => {
    // Vm, the molar volume, is 24 dm³/mol here: the student's own working says so.
    expect(one('V = n × 24', 'V = n × Vm = 0.15 mol × 24 dm³/mol').credit).toBe(1);
    expect(one('V = n × 24', 'V = n × Vm = 0.15 mol × 22.4 dm³/mol').verdict).toBe(
      'not-equivalent',
    );
    // Without a substitution the symbol stays what it is.
    expect(one('V = n × 24', 'V = n × Vm').verdict).toBe('not-equivalent');
  });

  it("credits the model's own form of an equation, with the values the question gives put in", () => {
    const points = ['v = u + at', 'v = u + gt = 0 + 9.8 × 2.0 = 19.6 m/s'];
    const first = (answer: string) => judge(points, answer)[0]!;
    // The model answer writes v = u + gt and substitutes u = 0: both forms are the key point's.
    expect(first('v = u + gt').credit).toBe(1);
    expect(first('v = gt since u = 0').credit).toBe(1);
    expect(first('v = at since u = 0').credit).toBe(1);
    // A value the model does not give, or none stated, leaves the term missing.
    expect(first('v = at since u = 5').verdict).toBe('missing-term');
    expect(first('v = gt').verdict).toBe('not-equivalent');
    expect(first('v = u − gt').credit).toBe(0);
    // The model's form beside a slip of the key point is still a list of guesses.
    expect(first('v = gt since u = 0\nv = u − at').message).toMatch(/^Different equations given/);
  });

  it('credits a rearranged equation as equivalent and the same one as right', () => {
    expect(one('v = u + at', 'v = u + at').verdict).toBe('right');
    for (const a of ['v = at + u', 'v − u = at', 'a = (v − u)/t', 'at = v - u', '2v = 2u + 2at'])
      expect(one('v = u + at', a), a).toMatchObject({ verdict: 'equivalent', credit: 1 });
  });

  it('names a sign error and a missing term', () => {
    expect(one('v = u + at', 'v = u − at')).toMatchObject({
      verdict: 'wrong-sign',
      credit: 0,
      message: 'Sign error: a·t should be added',
    });
    expect(one('s = ut + ½at²', 's = ut')).toMatchObject({
      verdict: 'missing-term',
      credit: 0,
      message: 'Missing term: ½·a·t²',
    });
    expect(one('v = u + at', 'v = u + a/t')).toMatchObject({
      verdict: 'not-equivalent',
      credit: 0,
    });
    expect(one('v = u + at', 'The answer is 5')).toMatchObject({ verdict: 'not-found' });
  });

  it('reads a factorisation key point and credits expanded, factored and reordered forms', () => {
    expect(one('x² − 1 = (x − 1)(x + 1)', '(x+1)(x-1)').verdict).toBe('equivalent');
    expect(one('(x − 1)(x + 1)', 'x^2 - 1 = (x + 1)(x - 1)').verdict).toBe('equivalent');
    expect(one('(x − 1)(x + 1)', '(x − 1)(x + 1)').verdict).toBe('right');
    expect(one('(x − 1)(x + 1)', '(x − 1)(x − 1)').verdict).toBe('not-equivalent');
  });

  it('tries negative values too: |x| and √(x²) are not x', () => {
    expect(one('x² + 1', 'x·abs(x) + 1').verdict).toBe('not-equivalent');
    expect(one('x + 2', 'sqrt((x + 2)^2)').verdict).toBe('not-equivalent');
    expect(one('x + 2', '(x² − 4)/(x − 2)').verdict).toBe('equivalent');
  });

  it('gives the same verdict every time for the same input', () => {
    const runs = Array.from({ length: 5 }, () => one('s = ut + ½at²', 's = ½at² + ut'));
    expect(new Set(runs.map((r) => JSON.stringify(r))).size).toBe(1);
  });
});

describe('judgeMaths: working and carried errors', () => {
  const steps = ['a = (v − u)/t = (20 − 0)/4 = 5 m/s²', 'F = m a = 1200 × 5 = 6000 N'];

  it('reads the model answer lines as steps', () => {
    expect(mathsTarget(steps[0]!)).toMatchObject({
      kind: 'step',
      symbol: 'a',
      formula: '(v - u) / t',
      value: 5,
      unit: 'm / s^2',
    });
    expect(mathsTarget(steps[1]!)).toMatchObject({
      kind: 'step',
      symbol: 'F',
      formula: 'm * a',
      value: 6000,
      unit: 'N',
    });
  });

  it('credits each step of right working', () => {
    const f = judge(steps, 'a = (20 − 0)/4 = 5 m/s²\nF = ma = 1200 × 5 = 6000 N');
    expect(f.map((x) => [x.verdict, x.credit])).toEqual([
      ['right', 1],
      ['right', 1],
    ]);
  });

  it("does not punish an error twice: a later step is checked against the student's own value", () => {
    const f = judge(steps, 'a = (20 − 0)/4 = 6 m/s²\nF = 1200 × 6 = 7200 N');
    expect(f[0]).toMatchObject({ verdict: 'wrong-value', credit: 0 });
    expect(f[1]).toMatchObject({
      verdict: 'carried-error',
      credit: 1,
      message: 'Carried forward correctly from your a = 6 m/s²',
    });
    expect(judge(steps, 'a = 6 m/s²\nF = 7000 N')[1]!.verdict).toBe('wrong-value');
  });

  it('takes givens from the question paper', () => {
    const paper = 'A car of mass m = 800 kg accelerates from u = 0 to v = 12 m/s in t = 3 s.';
    const model = ['a = (v − u)/t = 4 m/s²', 'F = m a = 3200 N'];
    const f = judge(model, 'a = 5 m/s², F = 4000 N', DEFAULT_MATHS_SETTINGS, paper);
    expect(f.map((x) => x.verdict)).toEqual(['wrong-value', 'carried-error']);
  });

  it('gives a right final number without working the final step only', () => {
    const f = judge(steps, 'The force is 6000 N.');
    expect(f.map((x) => [x.verdict, x.credit])).toEqual([
      ['not-found', 0],
      ['right', 1],
    ]);
  });

  it('gives the method share for a formula whose value is not worked out, and names what is not found', () => {
    const f = judge(steps, 'F = ma');
    expect(f[1]).toMatchObject({
      verdict: 'method-only',
      credit: 0.5,
      message: 'Method shown (F = m·a), but the value of F is not worked out',
    });
    // Formulas alone never make a whole calculation.
    expect(judge(steps, 'a = (v − u)/t\nF = ma').map((x) => x.credit)).toEqual([0.5, 0.5]);
    expect(judge(steps, 'F = ma = 6000 N')[1]!.credit).toBe(1);
    expect(f[0]).toMatchObject({
      verdict: 'not-found',
      message: 'Not found in the answer: a = 5 m/s²',
    });
  });
});
