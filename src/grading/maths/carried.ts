import { evaluate } from './evaluate';
import { within } from './judge-quantity';
import { asQuantity, symbolsOf, type Node } from './parse';
import { expressionOf, readDetailed } from './read';
import type { MathsReading, Quantity } from './types';

/**
 * Errors carried forward through the student's own substitution: "m = n × Mr = 4 × 56 = 224 g"
 * after a wrong "n = 4 mol", or "(b) F = ma = 1200 × 80 = 96000 N" after part (a)'s wrong
 * "a = 80 m/s²". The step is carried correctly when the student's substitution has the formula's
 * shape, works out to the student's value, and each number in it is the model's own or one the
 * student worked out earlier (in the answer or in an earlier part), at least one of them the
 * student's own. A number that comes from nowhere ("E = 2000 × 30" for 30 minutes) is
 * not carried: it is a wrong value.
 */

/** Symbol values read from a substitution. */
type Values = Map<string, number>;

/** The value of an expression with no symbols, or null. */
function numeric(n: Node): number | null {
  const q = asQuantity(n);
  if (q) return q.value;
  if (symbolsOf(n).size > 0) return null;
  const v = evaluate(n, () => undefined);
  return Number.isFinite(v) ? v : null;
}

/**
 * The number each symbol of `formula` stands for in `substitution` when both have the same shape
 * (a symbol may stand for a bracket of numbers: "25.0/1000"); null when they do not.
 */
export function substituted(
  formula: Node,
  substitution: Node,
  into: Values = new Map(),
): Values | null {
  if (formula.t === 'sym') {
    const v = numeric(substitution);
    const had = into.get(formula.name);
    if (v === null || (had !== undefined && had !== v)) return null;
    return into.set(formula.name, v);
  }
  if (formula.t === 'num' || formula.t === 'qty') {
    const v = numeric(substitution);
    return v !== null && v === formula.v ? into : null;
  }
  if (formula.t !== substitution.t) return null;
  if (formula.t === 'neg' && substitution.t === 'neg')
    return substituted(formula.a, substitution.a, into);
  if (formula.t === 'fn' && substitution.t === 'fn')
    return formula.name === substitution.name ? substituted(formula.a, substitution.a, into) : null;
  if (formula.t === 'bin' && substitution.t === 'bin' && formula.op === substitution.op) {
    const left = substituted(formula.a, substitution.a, into);
    return left && substituted(formula.b, substitution.b, left);
  }
  return null;
}

/** The values the model answer's own substitution in a step gives its formula's symbols. */
export function modelSubstitution(formula: Node, stepText: string): Values | null {
  const chain = readDetailed(stepText).chains[0] ?? [];
  for (const side of chain.slice(1)) {
    if (symbolsOf(side.node).size > 0 || asQuantity(side.node)) continue;
    const values = substituted(formula, side.node);
    if (values) return values;
  }
  return null;
}

/** The answer's substitutions into the formula: the values of each side with its shape. */
function studentSubstitutions(formula: Node, answer: MathsReading): Values[] {
  const out: Values[] = [];
  for (const r of answer.relations) {
    const rhs = expressionOf(r.rhs);
    const values = rhs && symbolsOf(rhs).size === 0 ? substituted(formula, rhs) : null;
    if (values) out.push(values);
  }
  return out;
}

/**
 * Whether the student's value for a step is the formula worked out on the student's own earlier
 * values, through a substitution the answer writes (see the file's comment).
 */
export function carriedBySubstitution(
  formula: Node,
  model: Values | null,
  value: number,
  answer: MathsReading,
  stated: Quantity[],
  tolerance: number,
): boolean {
  if (!model) return false;
  // A value the student worked out for another symbol may be carried too: part (a)'s Ep as
  // part (b)'s Ek, where energy is conserved.
  const statedValue = (v: number) => stated.some((q) => within(v, q.value, tolerance));
  return studentSubstitutions(formula, answer).some((values) => {
    const result = evaluate(formula, (name) => values.get(name));
    if (!Number.isFinite(result) || !within(value, result, tolerance)) return false;
    let own = 0;
    for (const [name, v] of values) {
      const expected = model.get(name);
      if (expected !== undefined && within(v, expected, tolerance)) continue;
      if (!statedValue(v)) return false;
      own++;
    }
    return own > 0;
  });
}
