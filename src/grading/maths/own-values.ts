import { substituted } from './carried';
import type { Equation } from './equivalence';
import { symbolsOf, type Node } from './parse';
import { expressionOf } from './read';
import type { Relation } from './types';

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
