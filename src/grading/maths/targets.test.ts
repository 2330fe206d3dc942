import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyPoints } from '../key-points';
import { mathsTarget } from '.';

describe('mathsTarget', () => {
  it('reads a line "symbol = formula = … = value unit" as a step', () => {
    expect(mathsTarget('p = mv = 0.50 × 4.0 = 2.0 kg m/s')).toEqual({
      kind: 'step',
      text: 'p = mv = 0.50 × 4.0 = 2.0 kg m/s',
      symbol: 'p',
      formula: 'm * v',
      value: 2,
      unit: 'kg m / s',
      tolerance: null,
    });
  });

  it('reads a symbol with a value, or one quantity in a short statement, as a quantity', () => {
    expect(mathsTarget('v = 20 m/s')).toMatchObject({
      kind: 'quantity',
      symbol: 'v',
      value: 20,
      unit: 'm / s',
    });
    expect(mathsTarget('The acceleration is 9.8 m/s² (±2%)')).toMatchObject({
      kind: 'quantity',
      symbol: 'a',
      value: 9.8,
      unit: 'm / s^2',
      tolerance: 0.02,
    });
    expect(mathsTarget('Body temperature is about 37 °C.')).toMatchObject({ value: 37 });
    expect(mathsTarget('Answer: 42')).toMatchObject({ kind: 'quantity', value: 42, unit: null });
    expect(mathsTarget('v = 20 m/s ± 0.5 m/s')).toMatchObject({ tolerance: 0.025 });
  });

  it('reads an equation without a value, and an expression standing alone', () => {
    expect(mathsTarget('v = u + at')).toEqual({
      kind: 'equation',
      text: 'v = u + at',
      lhs: 'v',
      rhs: 'u + a * t',
    });
    expect(mathsTarget('(x − 1)(x + 1)')).toEqual({
      kind: 'expression',
      text: '(x − 1)(x + 1)',
      expr: '(x - 1) * (x + 1)',
    });
  });

  it('leaves prose, and prose that mentions a number, to the reading of words', () => {
    for (const p of [
      'Osmosis is the movement of water across a partially permeable membrane',
      'The heart has 4 chambers',
      'When the size of the array to be sorted is 1 (or 2)',
      'The running time is O(n)',
      'The last index is n-1',
      'The train travels 20 km in 30 minutes',
      // Words after the value say more than the value: a check of 100 °C alone would miss them.
      'Water boils at 100 °C at sea level',
      'Use a 10 ml measuring cylinder',
      'Light travels at 3 × 10^8 m/s in a vacuum',
    ])
      expect(mathsTarget(p), p).toBeNull();
  });
});

type Mohler = { question_id: string; question: string; model_answer: string };

describe('mathsTarget on the computer-science reference answers of the Mohler set', () => {
  it('makes no target of any of their key points', () => {
    const rows = readFileSync('/work/shared/data/asag-mohler/dev.jsonl', 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Mohler);
    const questions = new Map(rows.map((r) => [r.question_id, r]));
    const clauses = [...questions.values()].flatMap((r) => [
      ...keyPoints(r.model_answer, r.question).map((k) => k.phrase),
      ...r.model_answer.split(/(?<=[.;])\s+/),
    ]);
    expect(clauses.length).toBeGreaterThan(90);
    expect(clauses.filter((c) => mathsTarget(c) !== null)).toEqual([]);
  });
});
