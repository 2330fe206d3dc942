import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MATHS_SETTINGS, judgeMaths, mathsTarget, readMaths, type MathsTarget } from '.';
import { MAX_CANDIDATES, MAX_QUANTITIES, MAX_TEXT_CHARS } from './limits';
import { readDetailed } from './read';

const target = (p: string): MathsTarget => mathsTarget(p)!;

describe('reading budgets', () => {
  it('marks a 5,000-term sum unreadable instead of reading it', () => {
    const sum = `y = ${Array.from({ length: 5000 }, (_, i) => `${i}x`).join(' + ')}`;
    const r = readMaths(sum);
    expect(r.relations).toEqual([]);
    expect(r.quantities).toEqual([]);
    // The sum is longer than a text is read for: its first part is unreadable, the rest unread.
    expect(r.unreadable.map((u) => u.slice(0, 10))).toEqual(['38x + 2639', 'y = 0x + 1']);
  });

  it('marks an expression nested too deeply unreadable', () => {
    const deep = `y = ${'('.repeat(40)}x${')'.repeat(40)}`;
    const r = readMaths(deep);
    expect(r.relations).toEqual([]);
    expect(r.unreadable).toEqual([`${deep.slice(0, 79)}…`]);
  });

  it('marks a sum of too many terms within one line unreadable', () => {
    const many = `y = ${Array.from({ length: 70 }, () => 'x').join('+')}`;
    expect(readMaths(many)).toMatchObject({ relations: [], unreadable: [`${many.slice(0, 79)}…`] });
    expect(readMaths(many.slice(0, 40)).relations).toHaveLength(1);
  });

  it('reads only the first part of a very long text and marks the rest unreadable', () => {
    const long = `${'The car moves. '.repeat(1400)}Its speed is v = 2 m/s.`;
    expect(long.length).toBeGreaterThan(MAX_TEXT_CHARS);
    const r = readMaths(long);
    expect(r.quantities).toEqual([]);
    expect(r.unreadable).toHaveLength(1);
    expect(r.relations).toEqual([]);
  });

  it('reads at most MAX_QUANTITIES quantities and marks the parts after them unreadable', () => {
    const r = readMaths(Array.from({ length: 2000 }, (_, i) => `${i} m/s²`).join(', '));
    expect(r.quantities).toHaveLength(MAX_QUANTITIES);
    expect(r.unreadable.length).toBeGreaterThan(0);
  });

  it('skips prose without a mathematics sign without reading it', () => {
    const prose =
      'Plants take in water through their roots and lose it through the stomata. '.repeat(25);
    expect(readDetailed(prose)).toBe(readDetailed('Another answer in words only.'));
  });

  it('reads every answer of the Mohler set without throwing', () => {
    const answers = readFileSync('/work/shared/data/asag-mohler/dev.jsonl', 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { answer: string }).answer);
    const readings = answers.map((t) => readMaths(t));
    expect(readings).toHaveLength(answers.length);
    expect(readings.every((r) => Array.isArray(r.unreadable))).toBe(true);
  });
});

describe('judging budgets', () => {
  it('never throws on a key point or answer that cannot be read', () => {
    const broken: MathsTarget = { kind: 'equation', text: 'x=;=2^^(', lhs: 'x', rhs: '2^^(' };
    const f = judgeMaths([broken], ['x=;=2^^('], readMaths('x = 2'), DEFAULT_MATHS_SETTINGS);
    expect(f).toMatchObject([{ verdict: 'unreadable', credit: 0 }]);
  });

  it('does not decide an equivalence from overflowing values', () => {
    const f = judgeMaths(
      [target('y = x^2')],
      ['y = x^2'],
      readMaths('y = 10^10^x'),
      DEFAULT_MATHS_SETTINGS,
    );
    expect(f[0]!.credit).toBe(0);
    expect(['unreadable', 'not-equivalent']).toContain(f[0]!.verdict);
  });

  it("compares at most MAX_CANDIDATES of an answer's equations", () => {
    const answer =
      Array.from({ length: 300 }, (_, i) => `y = x + ${i + 1}`).join('\n') + '\ny = 2x';
    const f = judgeMaths([target('y = 2x')], ['y = 2x'], readMaths(answer), DEFAULT_MATHS_SETTINGS);
    // The right equation comes after the first MAX_CANDIDATES, so it is not looked at.
    expect(MAX_CANDIDATES).toBeLessThan(300);
    expect(f[0]!.verdict).toBe('not-equivalent');
  });

  it('judges a unit mathjs does not know as no unit', () => {
    const f = judgeMaths([target('5 m')], ['5 m'], readMaths('5 blorbs'), DEFAULT_MATHS_SETTINGS);
    expect(f[0]).toMatchObject({ verdict: 'missing-unit' });
  });

  it('judges a division by zero against a key point as different, not undecided', () => {
    const answer = Array.from({ length: 40 }, () => 'x/0').join('\n');
    const f = judgeMaths([target('x + 2')], ['x + 2'], readMaths(answer), DEFAULT_MATHS_SETTINGS);
    expect(f[0]!.verdict).toBe('not-equivalent');
  });

  it('reads division by zero in an answer as no value, not as a match', () => {
    const f = judgeMaths(
      [target('y = 1/x')],
      ['y = 1/x'],
      readMaths('y = 1/(x - x)'),
      DEFAULT_MATHS_SETTINGS,
    );
    expect(f[0]!.credit).toBe(0);
  });
});
