import {
  sameEquation,
  sameExpression,
  variantsOf,
  type Equation,
  type Same,
  type Variant,
} from './equivalence';
import { MAX_CANDIDATES, type Deadline } from './limits';
import { symbolsOf, type Node } from './parse';
import { modelForms, withOwnValues } from './own-values';
import { displayNode, toMathjs } from './print';
import { expressionOf } from './read';
import type { MathsReading, MathsVerdict } from './types';

/**
 * An equation or expression a key point asks for, against the answer's: the same or equivalent
 * (rearranged, expanded, factorised), one term's sign flipped, one term missing, or different.
 */

/** What the judge says about one key point, before the point's phrase is added. */
export type Judged = {
  expected: string;
  read: string | null;
  verdict: MathsVerdict;
  credit: number;
  message: string;
};

const displayEquation = (e: Equation) => `${displayNode(e.lhs)} = ${displayNode(e.rhs)}`;

function sharedSymbols(a: Set<string>, b: Set<string>): number {
  return [...a].filter((s) => b.has(s)).length;
}

/**
 * A name read as one symbol ("IR" in "IR = V", read like "KE" in "KE = ½mv²") as the product of
 * its letters when they are all symbols of the key point and the name is not one of them.
 */
function splitName(n: Node, symbols: Set<string>): Node {
  if (n.t === 'sym') {
    const letters = [...n.name];
    if (symbols.has(n.name) || letters.length < 2 || !letters.every((c) => symbols.has(c)))
      return n;
    return letters
      .map((c): Node => ({ t: 'sym', name: c }))
      .reduce((a, b) => ({ t: 'bin', op: '*', a, b }));
  }
  if (n.t === 'bin') return { ...n, a: splitName(n.a, symbols), b: splitName(n.b, symbols) };
  if (n.t === 'neg' || n.t === 'fn') return { ...n, a: splitName(n.a, symbols) };
  return n;
}

/** The key point's sibling equations (the model's other equations), read. */
function equationsOf(list: { lhs: string; rhs: string }[]): Equation[] {
  return list.flatMap((x) => {
    const [lhs, rhs] = [sideOf(x.lhs), sideOf(x.rhs)];
    return lhs && rhs ? [{ lhs, rhs }] : [];
  });
}

/** One side of a relation read back: an expression, or a name read as one symbol ("IR", "KE"). */
function sideOf(text: string): Node | null {
  return expressionOf(text) ?? (/^[A-Za-z]+$/.test(text) ? { t: 'sym', name: text } : null);
}

/**
 * The answer's equations, read back from the reading, that share a symbol with `symbols`; one
 * that uses another symbol its own substitution gives a value is read with that value instead.
 */
function answerEquations(answer: MathsReading, symbols: Set<string>): Equation[] {
  const out: Equation[] = [];
  const relations = answer.relations.slice(0, MAX_CANDIDATES);
  for (const r of relations) {
    const read = [sideOf(r.lhs), sideOf(r.rhs)];
    if (!read[0] || !read[1]) continue;
    const [lhs, rhs] = [splitName(read[0], symbols), splitName(read[1], symbols)];
    const own = symbolsOf({ t: 'bin', op: '-', a: lhs, b: rhs });
    if (sharedSymbols(own, symbols) === 0) continue;
    out.push(withOwnValues(r, { lhs, rhs }, symbols, relations) ?? { lhs, rhs });
  }
  return out;
}

function variantMessage(v: Variant): string {
  const term = displayNode(v.term.node);
  if (v.kind === 'missing') return `Missing term: ${term}`;
  return `Sign error: ${term} should be ${v.term.sign === 1 ? 'added' : 'subtracted'}`;
}

/** The model equation with one term changed, on the right side always and on the left when it is a sum. */
function equationVariants(e: Equation): { variant: Variant; equation: Equation }[] {
  const right = variantsOf(e.rhs).map((variant) => ({
    variant,
    equation: { lhs: e.lhs, rhs: variant.node },
  }));
  const left =
    e.lhs.t === 'bin' && (e.lhs.op === '+' || e.lhs.op === '-')
      ? variantsOf(e.lhs).map((variant) => ({
          variant,
          equation: { lhs: variant.node, rhs: e.rhs },
        }))
      : [];
  return [...right, ...left];
}

const UNREADABLE = (expected: string): Judged => ({
  expected,
  read: null,
  verdict: 'unreadable',
  credit: 0,
  message: `Could not check this in time: ${expected}`,
});

/** An equation key point against the answer's equations. */
export function judgeEquation(
  lhsText: string,
  rhsText: string,
  answer: MathsReading,
  deadline: Deadline,
  siblings: { lhs: string; rhs: string }[] = [],
  modelValues: ReadonlyMap<string, number> = new Map(),
): Judged {
  const lhs = sideOf(lhsText);
  const rhs = sideOf(rhsText);
  if (!lhs || !rhs)
    return {
      ...UNREADABLE(`${lhsText} = ${rhsText}`),
      message: `The key point could not be read: ${lhsText} = ${rhsText}`,
    };
  const model: Equation = { lhs, rhs };
  const expected = displayEquation(model);
  const symbols = symbolsOf({ t: 'bin', op: '-', a: lhs, b: rhs });
  const all = answerEquations(answer, symbols);
  if (sameExpression(lhs, rhs, deadline) === 'same')
    return judgeExpressionNode(rhs, answer, deadline, expected, all);
  const found = symbols.size === 1 ? sameStage(model, all) : all;
  if (!found.length) return notFound(expected);
  let undecided = false;
  const decide = (s: Same) => {
    if (s === 'undecided') undecided = true;
    return s === 'same';
  };
  const variants = equationVariants(model);
  for (const [i, e] of found.entries()) {
    if (!decide(sameEquation(model, e, deadline))) continue;
    const other = rivalOf(model, e, found, symbols, equationsOf(siblings), deadline);
    if (other) return other;
    const final = finalFormula(model, found.slice(i + 1));
    const slip =
      final && variants.find((v) => sameEquation(v.equation, final, deadline) === 'same');
    if (final && slip)
      return {
        expected,
        read: displayEquation(final),
        verdict: slip.variant.kind === 'sign' ? 'wrong-sign' : 'missing-term',
        credit: 0,
        message: variantMessage(slip.variant),
      };
    const same =
      written(e) === written(model) || written({ lhs: e.rhs, rhs: e.lhs }) === written(model);
    return rightAs(expected, displayEquation(e), same);
  }
  for (const e of found)
    for (const form of modelForms(model, equationsOf(siblings), e, answer.quantities, modelValues))
      if (decide(sameEquation(form, e, deadline))) {
        const other = rivalOf(model, e, found, symbols, equationsOf(siblings), deadline);
        if (other) return other;
        const read = displayEquation(e);
        return {
          expected,
          read,
          verdict: 'equivalent',
          credit: 1,
          message: `Right: ${read} is the model answer's ${displayEquation(form)}`,
        };
      }
  for (const e of found)
    for (const { variant, equation } of variants)
      if (decide(sameEquation(equation, e, deadline)))
        return {
          expected,
          read: displayEquation(e),
          verdict: variant.kind === 'sign' ? 'wrong-sign' : 'missing-term',
          credit: 0,
          message: variantMessage(variant),
        };
  if (undecided) return UNREADABLE(expected);
  const closest = mostAlike(found, symbols, (e) =>
    symbolsOf({ t: 'bin', op: '-', a: e.lhs, b: e.rhs }),
  );
  const read = displayEquation(closest);
  return {
    expected,
    read,
    verdict: 'not-equivalent',
    credit: 0,
    message: `Not equivalent: expected ${expected}, read ${read}`,
  };
}

/** How many times an expression writes a symbol. */
function occurrences(n: Node, name: string): number {
  if (n.t === 'sym') return n.name === name ? 1 : 0;
  if (n.t === 'bin') return occurrences(n.a, name) + occurrences(n.b, name);
  if (n.t === 'neg' || n.t === 'fn') return occurrences(n.a, name);
  return 0;
}

/**
 * The answer's lines of solving at the stage of a key point in one unknown: those that write the
 * unknown as many times as it does. Every right line of solving has the same solution, so "5x −
 * 10 = 3x + 4" would otherwise earn the mark of "2x = 14" for an answer that goes on to "2x = −6";
 * the line that collects the terms ("2x = 14", "x = 14/2") is the one that shows the step.
 */
function sameStage(model: Equation, found: Equation[]): Equation[] {
  const [name] = symbolsOf({ t: 'bin', op: '-', a: model.lhs, b: model.rhs });
  const count = (e: Equation) => occurrences(e.lhs, name!) + occurrences(e.rhs, name!);
  return found.filter((e) => count(e) === count(model));
}

/**
 * Another equation of the answer in the key point's symbols, and no others, that says something
 * else: "v = u + at, or v = u − at" is a list of guesses, marked by its wrong one (the list
 * principle). Working that substitutes values or brings in other symbols ("v = 0 + 5 × 4", "x − y
 * = 2" beside "3x = 9") is no rival, and neither are the model's own other equations and formulas.
 */
function rivalOf(
  model: Equation,
  right: Equation,
  found: Equation[],
  symbols: Set<string>,
  siblings: Equation[],
  deadline: Deadline,
): Judged | null {
  // Lines of working in one unknown ("5x − 10 = 3x + 4", then "2x = 6") are steps of solving,
  // not alternatives: a slip in one is marked by the key point of its own stage (see sameStage).
  if (symbols.size < 2) return null;
  const rival = found.find((o) => {
    if (o === right) return false;
    // Simultaneous equations: the model's own other equations are no guesses.
    if (siblings.some((x) => sameEquation(x, o, deadline) === 'same')) return false;
    const own = symbolsOf({ t: 'bin', op: '-', a: o.lhs, b: o.rhs });
    return (
      own.size === symbols.size &&
      sharedSymbols(own, symbols) === symbols.size &&
      sameEquation(model, o, deadline) === 'different'
    );
  });
  if (!rival) return null;
  const variant = equationVariants(model).find(
    ({ equation }) => sameEquation(equation, rival, deadline) === 'same',
  )?.variant;
  const both = `${displayEquation(right)} and ${displayEquation(rival)}`;
  const why = variant ? variantMessage(variant) : `${displayEquation(rival)} is not the same`;
  return {
    expected: displayEquation(model),
    read: both,
    verdict: variant ? (variant.kind === 'sign' ? 'wrong-sign' : 'missing-term') : 'not-equivalent',
    credit: 0,
    message: `Different equations given (${both}): a list of answers is marked by its wrong one. ${why}.`,
  };
}

/** Full credit for what was read: 'right' when written as the key point is, else 'equivalent'. */
function rightAs(expected: string, read: string, asWritten: boolean): Judged {
  return asWritten
    ? { expected, read, verdict: 'right', credit: 1, message: `Right: ${read}` }
    : {
        expected,
        read,
        verdict: 'equivalent',
        credit: 1,
        message: `Right: ${read} is the same as ${expected}`,
      };
}

const written = (e: Equation) => `${toMathjs(e.lhs)} = ${toMathjs(e.rhs)}`;

/**
 * The answer's last formula for the symbol a key point's formula gives ("t = (u − v)/a" for
 * "t = (v − u)/a"): when it is a slip of the key point, it decides, and right working above it
 * ("at = v − u") does not rescue it. Null when the key point is no such formula or none follows.
 */
function finalFormula(model: Equation, found: Equation[]): Equation | null {
  if (model.lhs.t !== 'sym') return null;
  const name = model.lhs.name;
  const isName = (n: Node) => n.t === 'sym' && n.name === name;
  const formulas = found.flatMap((e) => {
    if (isName(e.lhs) && symbolsOf(e.rhs).size > 0) return [e];
    if (isName(e.rhs) && symbolsOf(e.lhs).size > 0) return [{ lhs: e.rhs, rhs: e.lhs }];
    return [];
  });
  return formulas[formulas.length - 1] ?? null;
}

/** The candidate sharing most symbols with the key point; the last of them (the final one) on a tie. */
function mostAlike<T>(list: T[], symbols: Set<string>, of: (x: T) => Set<string>): T {
  return list.reduce((best, x) =>
    sharedSymbols(of(x), symbols) >= sharedSymbols(of(best), symbols) ? x : best,
  );
}

function notFound(expected: string): Judged {
  return {
    expected,
    read: null,
    verdict: 'not-found',
    credit: 0,
    message: `Not found in the answer: ${expected}`,
  };
}

/** An expression key point against the answer's expressions and the sides of its equations. */
export function judgeExpression(
  exprText: string,
  answer: MathsReading,
  deadline: Deadline,
): Judged {
  const node = expressionOf(exprText);
  if (!node)
    return { ...UNREADABLE(exprText), message: `The key point could not be read: ${exprText}` };
  const symbols = symbolsOf(node);
  return judgeExpressionNode(
    node,
    answer,
    deadline,
    displayNode(node),
    answerEquations(answer, symbols),
  );
}

function judgeExpressionNode(
  node: Node,
  answer: MathsReading,
  deadline: Deadline,
  expected: string,
  equations: Equation[],
): Judged {
  const symbols = symbolsOf(node);
  const found = [
    ...answer.expressions.slice(0, MAX_CANDIDATES).flatMap((e) => expressionOf(e) ?? []),
    ...equations.flatMap((e) => [e.lhs, e.rhs]),
  ].filter((n) => sharedSymbols(symbolsOf(n), symbols) > 0);
  if (!found.length) return notFound(expected);
  let undecided = false;
  const decide = (s: Same) => {
    if (s === 'undecided') undecided = true;
    return s === 'same';
  };
  const variants = variantsOf(node);
  for (const [i, n] of found.entries()) {
    if (!decide(sameExpression(node, n, deadline))) continue;
    // Working that reaches the expression and then ends on a sign slip or a lost term is
    // decided by its final statement ("x² − 5x + 3x − 15 = x² + 2x − 15").
    const slip = laterSlip(found.slice(i + 1), variants, deadline);
    if (slip) return { expected, ...slip };
    return rightAs(expected, displayNode(n), toMathjs(n) === toMathjs(node));
  }
  for (const n of found)
    for (const v of variants)
      if (decide(sameExpression(v.node, n, deadline)))
        return {
          expected,
          read: displayNode(n),
          verdict: v.kind === 'sign' ? 'wrong-sign' : 'missing-term',
          credit: 0,
          message: variantMessage(v),
        };
  if (undecided) return UNREADABLE(expected);
  const read = displayNode(mostAlike(found, symbols, (n) => symbolsOf(n)));
  return {
    expected,
    read,
    verdict: 'not-equivalent',
    credit: 0,
    message: `Not equivalent: expected ${expected}, read ${read}`,
  };
}

/** The first of `later` that is one of the expression's slips (a sign, a lost term), judged. */
function laterSlip(
  later: Node[],
  variants: Variant[],
  deadline: Deadline,
): Omit<Judged, 'expected'> | null {
  for (const n of later)
    for (const v of variants)
      if (sameExpression(v.node, n, deadline) === 'same')
        return {
          read: displayNode(n),
          verdict: v.kind === 'sign' ? 'wrong-sign' : 'missing-term',
          credit: 0,
          message: variantMessage(v),
        };
  return null;
}
