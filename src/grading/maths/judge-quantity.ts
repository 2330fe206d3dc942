import { displayMaths } from './display';
import { convert, sameUnit } from './units';
import { displaySymbol, displayUnit, superscript } from './print';
import type { MathsSettings, MathsVerdict, Quantity } from './types';

/**
 * A quantity in an answer against the quantity a key point asks for: right within the tolerance
 * after unit conversion, right but in the wrong unit or with none, off by a power of ten, of the
 * wrong sign, or wrong.
 */

/** The value a key point asks for, with the tolerance it is marked to. */
export type Expected = {
  value: number;
  unit: string | null;
  /** Relative tolerance. */
  tolerance: number;
  /** The tolerance as the teacher wrote it ("± 0.05 m/s"), when it was absolute. */
  toleranceText: string | null;
};

/** How one quantity stands: a verdict, its credit and the sentence that says why. */
export type Standing = { verdict: MathsVerdict; credit: number; message: string; read: string };

/** The expected value as people read it: "9.8 m/s²", "3.0 × 10⁸ m/s". */
export function displayExpected(e: { value: number; unit: string | null }): string {
  return displayMaths(`${numberText(e.value)}${e.unit ? ` ${e.unit}` : ''}`);
}

function numberText(v: number): string {
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return v.toExponential().replace(/\.?0+e/, 'e');
  return String(Number(v.toPrecision(12)));
}

/** Whether `x` agrees with `target` within a relative tolerance (absolute for a target of 0). */
export function within(x: number, target: number, tolerance: number): boolean {
  const slack = target === 0 ? tolerance : tolerance * Math.abs(target);
  return Math.abs(x - target) <= slack + 1e-12 * Math.abs(target);
}

/** k when `x` is `target` times 10^k (k ≠ 0) within the tolerance, else null. */
function powerOfTen(x: number, target: number, tolerance: number): number | null {
  if (x === 0 || target === 0 || Math.sign(x) !== Math.sign(target)) return null;
  const k = Math.round(Math.log10(x / target));
  return k !== 0 && within(x / 10 ** k, target, tolerance) ? k : null;
}

function timesText(k: number): string {
  const n = 10 ** Math.abs(k);
  return Math.abs(k) <= 6 ? n.toLocaleString('en-GB') : `10${superscript(Math.abs(k))}`;
}

/** Whether a quantity was written in scientific notation. */
function scientific(text: string): boolean {
  return /\d\s*[eE][+-]?\d|10\s*\^|10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]|[×x*]\s*10\b/.test(text);
}

function toleranceWords(e: Expected): string {
  if (e.toleranceText) return `within ${e.toleranceText}`;
  return `within ${Number((e.tolerance * 100).toPrecision(3))}%`;
}

/** How one quantity of an answer stands against the expected one (see the file's comment). */
export function standing(
  e: Expected,
  q: Quantity,
  settings: MathsSettings,
  expectedText?: string,
): Standing {
  const expected = expectedText ?? displayExpected(e);
  const read = displayMaths(q.text);
  const say = (verdict: MathsVerdict, credit: number, message: string): Standing => ({
    verdict,
    credit,
    message,
    read,
  });
  const converted = e.unit && q.unit ? convert(q.value, q.unit, e.unit) : null;
  const value = converted ?? q.value;
  if (within(value, e.value, e.tolerance)) {
    if (e.unit && q.unit && converted === null)
      return say(
        'wrong-unit',
        settings.wrongUnitShare,
        `Right value, wrong unit: expected ${displayUnit(e.unit)}, read ${displayUnit(q.unit)}`,
      );
    if (e.unit && !q.unit)
      return say(
        'missing-unit',
        settings.wrongUnitShare,
        `No unit given: expected ${displayUnit(e.unit)}`,
      );
    const same = !e.unit || !q.unit || sameUnit(q.unit, e.unit);
    if (same && scientific(q.text) === scientific(expected))
      return say('right', 1, `Right: ${read} (${toleranceWords(e)})`);
    return say('equivalent', 1, `Right: ${read} is ${expected} (${toleranceWords(e)})`);
  }
  if (e.unit && q.unit && converted === null)
    return say('wrong-value', 0, `Wrong value: expected ${expected}, read ${read}`);
  const k = powerOfTen(value, e.value, e.tolerance);
  if (k !== null)
    return say(
      'wrong-magnitude',
      0,
      `Wrong order of magnitude: ${timesText(k)} times too ${k > 0 ? 'large' : 'small'} (expected ${expected}, read ${read})`,
    );
  if (within(-value, e.value, e.tolerance) && e.value !== 0)
    return say('wrong-sign', 0, `Sign error: expected ${expected}, read ${read}`);
  return say('wrong-value', 0, `Wrong value: expected ${expected}, read ${read}`);
}

const CREDITED = new Set<MathsVerdict>(['right', 'equivalent', 'carried-error']);
const PARTLY = new Set<MathsVerdict>(['wrong-unit', 'missing-unit']);

function rank(s: Standing): number {
  if (CREDITED.has(s.verdict)) return 2;
  return PARTLY.has(s.verdict) ? 1 : 0;
}

/**
 * The answer's quantities worth comparing: those given the key point's symbol if any are, else
 * those of the same kind (dimension) as the expected unit if any are, else all of them. A number
 * that matches by chance never outweighs the answer's own value for the symbol asked for.
 */
export function candidates(e: Expected, symbol: string | null, quantities: Quantity[]): Quantity[] {
  const named = symbol ? quantities.filter((q) => q.symbol === symbol) : [];
  if (named.length) return named;
  const unit = e.unit;
  const alike = unit ? quantities.filter((q) => q.unit && convert(1, q.unit, unit) !== null) : [];
  return alike.length ? alike : quantities;
}

/**
 * The standing of the best-matching candidate when it earns credit; when none does, the
 * standing of the last one (the answer's final value). Null when there is no candidate.
 */
export function bestStanding(
  e: Expected,
  list: Quantity[],
  settings: MathsSettings,
  expectedText?: string,
): Standing | null {
  if (!list.length) return null;
  const all = list.map((q) => standing(e, q, settings, expectedText));
  const best = all.reduce((b, s) => (rank(s) > rank(b) ? s : b), all[all.length - 1]!);
  return rank(best) > 0 ? best : all[all.length - 1]!;
}

/**
 * Several standings of what an answer gives one symbol ("g = 98 m/s², g = 9.8 m/s²", "a = 4 or
 * 5 m/s²"), as a teacher marks a list of guesses: values that agree stand as the best of them;
 * values that disagree are marked by the least credited, and the finding says so (the examiners'
 * list principle). A bare number beside its own value with a unit ("a = 20/4 = 5 = 5 m/s²") is no
 * second answer.
 */
export function listPrinciple<
  T extends { credit: number; verdict: MathsVerdict; read: string | null; message: string },
>(all: T[], symbol: string): T {
  const best = all.reduce((b, s) => (s.credit >= b.credit ? s : b), all[0]!);
  const counted = all.filter((s) => !(s.verdict === 'missing-unit' && best.credit === 1));
  const worst = counted.reduce((w, s) => (s.credit < w.credit ? s : w), best);
  // The model's value beside one carried from the student's own slip: two answers, both credited alone.
  const carried = counted.find((s) => s.verdict === 'carried-error');
  const twoCredited = carried !== undefined && counted.some((s) => s.verdict !== 'carried-error');
  if (worst.credit >= best.credit && !twoCredited) return best;
  const reads = [...new Set(counted.flatMap((s) => (s.read ? [s.read] : [])))];
  const wrong =
    worst.credit < best.credit
      ? worst
      : { ...carried!, verdict: 'wrong-value' as const, credit: 0 };
  return {
    ...wrong,
    read: reads.join(', '),
    message: `Different values given for ${displaySymbol(symbol)} (${reads.join(', ')}): a list of answers is marked by its wrong one. ${worst.credit < best.credit ? worst.message : 'Only one of them can be the answer.'}`,
  };
}
