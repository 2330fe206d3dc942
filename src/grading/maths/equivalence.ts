import { seededRandom } from '../../shared/seeded-random';
import { evaluate, type Scope } from './evaluate';
import {
  MAX_SIMPLIFY_NODES,
  MAX_TERMS,
  SIMPLIFY_WORK,
  overdue,
  spend,
  type Deadline,
} from './limits';
import { mathjs } from './mathjs';
import { sizeOf, symbolsOf, type Node } from './parse';
import { toMathjs } from './print';

/**
 * Whether two expressions or two equations say the same, as a teacher checks it: expressions are
 * equal when they agree at pseudo-random points; where too few points give both a value (square
 * roots of negatives, logarithms), mathjs's symbolic simplification of their difference decides,
 * on small expressions only (it took 8 to 80 ms on ten-node expressions, so it is the fallback, not
 * the first try). Equations are equal when they have the same solutions: points on one's solution
 * set (all symbols but one fixed at random, the last solved for numerically) satisfy the other,
 * both ways. The points come from a generator seeded by the expressions themselves: the same input
 * always gets the same verdict.
 */

/** An equation as two sides. */
export type Equation = { lhs: Node; rhs: Node };

/** Verdict of a comparison: equal, not equal, or not decided within the budget. */
export type Same = 'same' | 'different' | 'undecided';

/** FNV-1a hash of a text: the seed of its checks, so the same comparison draws the same points. */
function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A random value for a symbol: positive, away from 0 and 1, so roots and logs are defined. */
function randomValue(random: () => number): number {
  return 0.3 + random() * 2.7;
}

function near(a: number, b: number, scale: number): boolean {
  return Math.abs(a - b) <= 1e-7 * Math.max(1, scale);
}

const POINTS = 6;
/** Points an expression is tried at: two in each range of pointValue. */
const EXPRESSION_POINTS = 8;

/** Whether two expressions are equal (see the file's comment). */
export function sameExpression(a: Node, b: Node, deadline: Deadline): Same {
  const numeric = numericallyEqual(a, b, deadline);
  if (numeric !== 'undecided') return numeric;
  // Simplification is slow: it is paid for out of the work budget, so a long answer cannot ask for it again and again.
  if (deadline.work + SIMPLIFY_WORK > deadline.maxWork || overdue(deadline)) return 'undecided';
  spend(deadline, SIMPLIFY_WORK);
  return symbolicallyEqual(a, b) ? 'same' : 'undecided';
}

/**
 * The value of a symbol at the k-th point of an expression tried: between −3 and −0.3, 0.3 and 3,
 * 3 and 30, and −30 and −3 in turn, so that |x| is told from x, √((x + 2)²) from x + 2, and
 * √(x − 5) is worked out where it has a value.
 */
function pointValue(random: () => number, k: number): number {
  const v = randomValue(random);
  return [-v, v, 10 * v, -10 * v][k % 4]!;
}

function numericallyEqual(a: Node, b: Node, deadline: Deadline): Same {
  const names = [...new Set([...symbolsOf(a), ...symbolsOf(b)])];
  const random = seededRandom(seedOf(`${toMathjs(a)}|${toMathjs(b)}`));
  let tried = 0;
  for (let k = 0; k < EXPRESSION_POINTS * 3 && tried < EXPRESSION_POINTS; k++) {
    if (overdue(deadline)) return 'undecided';
    const values = new Map(names.map((n) => [n, pointValue(random, k)]));
    const scope: Scope = (n) => values.get(n);
    spend(deadline, sizeOf(a) + sizeOf(b));
    const x = evaluate(a, scope);
    const y = evaluate(b, scope);
    // A division by zero where the other has a value ("x/0" for "x + 2") is a difference.
    if (Number.isFinite(x) !== Number.isFinite(y) && !Number.isNaN(x) && !Number.isNaN(y))
      return 'different';
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    tried++;
    if (!near(x, y, Math.max(Math.abs(x), Math.abs(y)))) return 'different';
  }
  return tried >= 3 ? 'same' : 'undecided';
}

/** Whether mathjs simplifies the difference of two small expressions to 0. */
function symbolicallyEqual(a: Node, b: Node): boolean {
  if (sizeOf(a) + sizeOf(b) > MAX_SIMPLIFY_NODES) return false;
  try {
    return (
      mathjs()
        .simplify(`(${toMathjs(a)}) - (${toMathjs(b)})`)
        .toString() === '0'
    );
  } catch {
    return false;
  }
}

const difference = (e: Equation): Node => ({ t: 'bin', op: '-', a: e.lhs, b: e.rhs });

/** Whether two equations have the same solutions (see the file's comment). */
export function sameEquation(a: Equation, b: Equation, deadline: Deadline): Same {
  const f = difference(a);
  const g = difference(b);
  const fIdentity = sameExpression(a.lhs, a.rhs, deadline);
  const gIdentity = sameExpression(b.lhs, b.rhs, deadline);
  if (fIdentity === 'undecided' || gIdentity === 'undecided') return 'undecided';
  if (fIdentity === 'same' || gIdentity === 'same')
    return fIdentity === gIdentity ? 'same' : 'different';
  const random = seededRandom(seedOf(`${toMathjs(f)}|${toMathjs(g)}`));
  const one = holdsOnSolutions(f, g, b, random, deadline);
  if (one !== 'same') return one;
  return holdsOnSolutions(g, f, a, random, deadline);
}

/**
 * Whether `g` = 0 wherever `f` = 0, at points found by fixing all symbols but one and solving
 * `f` for it. Falls back to `g` being a constant multiple of `f` when too few solutions are found.
 */
function holdsOnSolutions(
  f: Node,
  g: Node,
  gSides: Equation,
  random: () => number,
  deadline: Deadline,
): Same {
  const names = [...new Set([...symbolsOf(f), ...symbolsOf(g)])];
  const own = [...symbolsOf(f)];
  if (!own.length) return 'undecided';
  let found = 0;
  for (let attempt = 0; attempt < POINTS * 3 && found < POINTS; attempt++) {
    if (overdue(deadline)) return 'undecided';
    const values = new Map(names.map((n) => [n, randomValue(random)]));
    const free = own[Math.floor(random() * own.length)]!;
    const root = solveFor(f, free, values, deadline);
    if (root === null) continue;
    values.set(free, root);
    const scope: Scope = (n) => values.get(n);
    const gl = evaluate(gSides.lhs, scope);
    const gr = evaluate(gSides.rhs, scope);
    if (!Number.isFinite(gl) || !Number.isFinite(gr)) continue;
    found++;
    if (!near(gl, gr, Math.abs(gl) + Math.abs(gr))) return 'different';
  }
  return found >= 3 ? 'same' : proportional(f, g, random, deadline);
}

/** Whether g is a constant non-zero multiple of f at random points. */
function proportional(f: Node, g: Node, random: () => number, deadline: Deadline): Same {
  const names = [...new Set([...symbolsOf(f), ...symbolsOf(g)])];
  let ratio: number | null = null;
  let tried = 0;
  for (let k = 0; k < POINTS * 2 && tried < POINTS; k++) {
    if (overdue(deadline)) return 'undecided';
    const values = new Map(names.map((n) => [n, randomValue(random)]));
    const scope: Scope = (n) => values.get(n);
    spend(deadline, sizeOf(f) + sizeOf(g));
    const x = evaluate(f, scope);
    const y = evaluate(g, scope);
    if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) < 1e-9) continue;
    tried++;
    const r = y / x;
    if (ratio === null) ratio = r;
    else if (!near(r, ratio, Math.abs(ratio))) return 'different';
  }
  if (tried < 3) return 'undecided';
  return ratio !== null && Math.abs(ratio) > 1e-9 ? 'same' : 'different';
}

/** Grid of trial values, both signs, from 0.01 to 1000, where a root is searched by sign change. */
const GRID = (() => {
  const out: number[] = [];
  for (let e = -2; e <= 3; e += 0.25) out.push(10 ** e, -(10 ** e));
  return out.sort((x, y) => x - y);
})();

/** A value of `name` that makes `f` zero with the other symbols as given, or null. */
function solveFor(
  f: Node,
  name: string,
  values: Map<string, number>,
  deadline: Deadline,
): number | null {
  const size = sizeOf(f);
  const at = (x: number) => {
    spend(deadline, size);
    return evaluate(f, (n) => (n === name ? x : values.get(n)));
  };
  let prev = GRID[0]!;
  let fPrev = at(prev);
  for (const x of GRID.slice(1)) {
    const fx = at(x);
    if (fx === 0) return x;
    if (Number.isFinite(fPrev) && Number.isFinite(fx) && Math.sign(fPrev) !== Math.sign(fx)) {
      const root = bisect(at, prev, x, fPrev);
      // A sign change across a pole (1/x at 0) is no root.
      if (root !== null) return root;
    }
    prev = x;
    fPrev = fx;
  }
  return null;
}

function bisect(at: (x: number) => number, lo: number, hi: number, fLo: number): number | null {
  let a = lo;
  let b = hi;
  let fa = fLo;
  for (let i = 0; i < 60; i++) {
    const m = (a + b) / 2;
    const fm = at(m);
    if (!Number.isFinite(fm)) return null;
    if (fm === 0) return m;
    if (Math.sign(fm) === Math.sign(fa)) [a, fa] = [m, fm];
    else b = m;
  }
  const m = (a + b) / 2;
  const scale = Math.abs(at(lo)) + Math.abs(at(hi));
  return Math.abs(at(m)) <= 1e-6 * Math.max(1e-9, scale) ? m : null;
}

/** One top-level term of a sum, with its sign: "+ a·t", "− ½·a·t²". */
export type Term = { sign: 1 | -1; node: Node };

/** The top-level terms of an expression. */
export function termsOf(n: Node, sign: 1 | -1 = 1): Term[] {
  if (n.t === 'bin' && (n.op === '+' || n.op === '-'))
    return [...termsOf(n.a, sign), ...termsOf(n.b, n.op === '-' ? (-sign as 1 | -1) : sign)];
  if (n.t === 'neg') return termsOf(n.a, -sign as 1 | -1);
  return [{ sign, node: n }];
}

/** An expression made of terms again (0 when there are none). */
export function sumOf(terms: Term[]): Node {
  if (!terms.length) return { t: 'num', v: 0, text: '0', sci: false };
  let out: Node = terms[0]!.sign === 1 ? terms[0]!.node : { t: 'neg', a: terms[0]!.node };
  for (const term of terms.slice(1))
    out = { t: 'bin', op: term.sign === 1 ? '+' : '-', a: out, b: term.node };
  return out;
}

/** A variant of an expression with one of its terms changed: its sign flipped, or left out. */
export type Variant = { kind: 'sign' | 'missing'; term: Term; node: Node };

/** The expression with each term's sign flipped, and with each term left out (up to MAX_TERMS). */
export function variantsOf(n: Node): Variant[] {
  const terms = termsOf(n);
  if (terms.length > MAX_TERMS) return [];
  const out: Variant[] = [];
  terms.forEach((term, i) => {
    const flipped = terms.map((t, k) => (k === i ? { ...t, sign: -t.sign as 1 | -1 } : t));
    out.push({ kind: 'sign', term, node: sumOf(flipped) });
    if (terms.length > 1)
      out.push({ kind: 'missing', term, node: sumOf(terms.filter((_, k) => k !== i)) });
  });
  return out;
}
