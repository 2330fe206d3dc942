import { substituted } from './carried';
import { evaluate } from './evaluate';
import type { Equation } from './equivalence';
import { symbolsOf, type Node } from './parse';
import { expressionOf } from './read';
import type { Quantity, Relation } from './types';

/**
 * An answer's equation read with the values the student's own substitution gives the symbols a
 * key point does not use: "V = n × Vm = 0.15 mol × 24 dm³/mol" says Vm is 24, so it is the
 * model's "V = n × 24". The substitution is the next side of the same chain ("n × Vm" then "0.15
 * mol × 24 dm³/mol"), so the student's own working says what the symbol stands for. Null when the
 * equation uses no other symbol or the answer substitutes none.
 */
export function withOwnValues(
  relation: Relation,
  equation: Equation,
  symbols: Set<string>,
  relations: Relation[],
): Equation | null {
  const extra = [...symbolsOf({ t: 'bin', op: '-', a: equation.lhs, b: equation.rhs })].filter(
    (s) => !symbols.has(s),
  );
  if (!extra.length) return null;
  for (const next of relations) {
    if (next.lhs !== relation.rhs) continue;
    const formula = expressionOf(relation.rhs);
    const numbers = expressionOf(next.rhs);
    if (!formula || !numbers || symbolsOf(numbers).size > 0) continue;
    const values = substituted(formula, numbers);
    if (!values || !extra.every((s) => values.has(s))) continue;
    const only = new Map(extra.map((s) => [s, values.get(s)!]));
    return { lhs: replaced(equation.lhs, only), rhs: replaced(equation.rhs, only) };
  }
  return null;
}

/** An expression with some of its symbols replaced by numbers. */
function replaced(n: Node, values: Map<string, number>): Node {
  if (n.t === 'sym') {
    const v = values.get(n.name);
    return v === undefined ? n : { t: 'num', v, text: String(v), sci: false };
  }
  if (n.t === 'bin') return { ...n, a: replaced(n.a, values), b: replaced(n.b, values) };
  if (n.t === 'neg' || n.t === 'fn') return { ...n, a: replaced(n.a, values) };
  return n;
}

/**
 * The key point and the model answer's other formulas for its symbol ("v = u + gt" beside "v = u
 * + at": the model says that a is g in this question), read with the values the answer states
 * for the symbols the answer's equation leaves out, where the model's own substitutions give them
 * the same value: "v = gt since u = 0" is the model's v = u + gt, and "v = at since u = 0" its v =
 * u + at, in a question where u is 0.
 */
export function modelForms(
  model: Equation,
  siblings: Equation[],
  answerEquation: Equation,
  stated: Quantity[],
  modelValues: ReadonlyMap<string, number>,
): Equation[] {
  if (model.lhs.t !== 'sym') return [];
  const name = model.lhs.name;
  const used = symbolsOf({ t: 'bin', op: '-', a: answerEquation.lhs, b: answerEquation.rhs });
  const values = new Map<string, number>();
  for (const q of stated) {
    const own = q.symbol === null ? undefined : modelValues.get(q.symbol);
    if (own !== undefined && !used.has(q.symbol!) && agrees(q.value, own))
      values.set(q.symbol!, q.value);
  }
  return [model, ...siblings.filter((s) => s.lhs.t === 'sym' && s.lhs.name === name)].map((s) => ({
    lhs: s.lhs,
    rhs: replaced(s.rhs, values),
  }));
}

/** The same value within a rounding: 2% of the model's, and 0 exactly for 0. */
const agrees = (value: number, model: number) => Math.abs(value - model) <= 0.02 * Math.abs(model);

/**
 * A bare value given to a symbol takes the unit the answer writes for the same value next,
 * before any other symbol's value ("moles of CaCO₃ = 25 ÷ 100 = 0.25 ⏎ 1:1 ratio so 0.25 mol of
 * CaO"): the student has said the unit of that value.
 */
export function unitsGivenAfter(quantities: Quantity[]): Quantity[] {
  return quantities.map((q, i) => {
    if (q.unit !== null || q.symbol === null) return q;
    for (const later of quantities.slice(i + 1)) {
      if (later.symbol !== null) break;
      if (later.unit !== null && later.value === q.value) return { ...q, unit: later.unit };
    }
    return q;
  });
}

/**
 * The student's own expression from an earlier part whose roots are the student's values for a
 * symbol: "(a) (x + 2)(x + 3)", then "(b) x = −2 or x = −3" solves the student's own
 * factorisation correctly, an error carried forward. Each value must be a root (within rounding:
 * "x = 1.32" for a root 1.3166) of one expression in that symbol alone, and the model's value
 * not. Null when none is.
 */
export function carriedRoots(
  symbol: string,
  modelValue: number,
  values: number[],
  earlier: string[],
): Node | null {
  if (!values.length) return null;
  for (const text of earlier) {
    const e = expressionOf(text);
    if (!e) continue;
    const own = symbolsOf(e);
    if (own.size !== 1 || !own.has(symbol)) continue;
    const at = (x: number) => evaluate(e, () => x);
    // The model's value a root too: the earlier part was right, and so no error is carried.
    if (!isRoot(at, modelValue) && values.every((v) => isRoot(at, v))) return e;
  }
  return null;
}

/** Whether `v` is a root of `at`, exactly or within its rounding (a change of sign close by). */
function isRoot(at: (x: number) => number, v: number): boolean {
  const y = at(v);
  if (!Number.isFinite(y)) return false;
  if (Math.abs(y) < 1e-9) return true;
  const d = Math.max(0.01 * Math.abs(v), 0.005);
  return Math.sign(at(v - d)) * Math.sign(at(v + d)) < 0;
}
