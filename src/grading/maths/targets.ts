import { displayMaths } from './display';
import { NO_CONTEXT, type ReadingContext } from './names';
import { readDetailed, type Side } from './read';
import { asQuantity, symbolsOf, type Node } from './parse';
import { toMathjs } from './print';
import type { MathsTarget } from './types';

/**
 * What a model answer's key point asks for when it is mathematics:
 * - a step of working: "symbol = formula = … = value unit", the formula having a symbol in it
 *   ("F = m a = 1200 × 5 = 6000 N");
 * - a quantity: "v = 20 m/s", or one number with its unit in a short statement ("The acceleration
 *   is 9.8 m/s² (±2%)"), or a number on its own ("Answer: 42");
 * - an equation with no value: "v = u + at";
 * - an expression standing alone: "(x − 1)(x + 1)".
 * Prose, and prose that merely mentions a number ("phase 5", "1 (or 2)", "O(n)"), is null: the
 * engine's reading of words judges it.
 */

/** A tolerance written with the key point: "(±2%)", "± 0.1 m/s", "+/- 5 %". */
const TOLERANCE =
  /\(?\s*(?:±|\+\/-|\+-)\s*(\d+(?:\.\d+)?)\s*(%|[A-Za-zµμΩ°/²³⁻¹·^\d ]*?)\s*\)?\s*$/;

/** Words of prose a quantity's key point may have around the number (the sentence it is in). */
const MAX_PROSE_WORDS = 8;

type Tolerance = { relative: number | null; absolute: number | null };

function toleranceOf(phrase: string): { text: string; tolerance: Tolerance } {
  const m = TOLERANCE.exec(phrase);
  if (!m) return { text: phrase, tolerance: { relative: null, absolute: null } };
  const n = Number(m[1]);
  const text = phrase.slice(0, m.index).trim();
  return m[2] === '%'
    ? { text, tolerance: { relative: n / 100, absolute: null } }
    : { text, tolerance: { relative: null, absolute: n } };
}

function relativeTolerance(t: Tolerance, value: number): number | null {
  if (t.relative !== null) return t.relative;
  if (t.absolute === null) return null;
  return value === 0 ? t.absolute : t.absolute / Math.abs(value);
}

const LABEL = /^\s*(?:answer|ans|result|final answer)\s*[:=-]?\s*/i;

/** The key point's words that are not mathematics, after the parts read as mathematics are taken out. */
function proseWords(text: string, maths: string[]): number {
  let rest = text.replace(LABEL, ' ');
  for (const m of maths) rest = rest.replace(m, ' ');
  return rest.split(/[^A-Za-z]+/).filter((w) => w.length > 1).length;
}

/**
 * What a key point asks for when it is mathematics, or null for prose (see the file's comment).
 * The context is the question's notation (see names.ts).
 */
export function mathsTarget(
  phrase: string,
  context: ReadingContext = NO_CONTEXT,
): MathsTarget | null {
  const { text, tolerance } = toleranceOf(phrase.trim());
  const reading = readDetailed(text, context);
  if (reading.unreadable.length) return null;
  const chains = reading.chains;
  if (chains.length === 1) {
    const fromChain = chainTarget(phrase, chains[0]!, tolerance);
    const others = reading.quantities.filter((q) => !chains[0]!.some((s) => s.text === q.text));
    if (fromChain && !others.length && !reading.expressions.length) return fromChain;
  }
  if (chains.length) return null;
  return looseTarget(phrase, text, reading, tolerance);
}

/** A target from the one equation chain of a key point: a step, a quantity or an equation. */
function chainTarget(phrase: string, sides: Side[], tolerance: Tolerance): MathsTarget | null {
  const first = sides[0]!.node;
  const last = asQuantity(sides[sides.length - 1]!.node);
  if (last) {
    // "2x = 14": a line of algebra's working, an equation the answer's own lines must satisfy.
    if (first.t !== 'sym') return algebraStep(phrase, sides);
    const formula = sides.slice(1, -1).find((s) => symbolsOf(s.node).size > 0);
    const tol = relativeTolerance(tolerance, last.value);
    if (!formula)
      return {
        kind: 'quantity',
        text: phrase,
        symbol: first.name,
        value: last.value,
        unit: last.unit,
        tolerance: tol,
      };
    return {
      kind: 'step',
      text: phrase,
      symbol: first.name,
      formula: toMathjs(formula.node),
      value: last.value,
      unit: last.unit,
      tolerance: tol,
    };
  }
  if (sides.length !== 2 || !sides.every((s) => hasOnlyAlgebra(s.node))) return null;
  return {
    kind: 'equation',
    text: phrase,
    lhs: toMathjs(sides[0]!.node),
    rhs: toMathjs(sides[1]!.node),
  };
}

/** "2x = 14", "3x = 9": an equation of two sides, one with symbols, no units; else null. */
function algebraStep(phrase: string, sides: Side[]): MathsTarget | null {
  const [lhs, rhs] = sides;
  if (sides.length !== 2 || !lhs || !rhs || symbolsOf(lhs.node).size === 0) return null;
  if (!hasOnlyAlgebra(lhs.node) || !hasOnlyAlgebra(rhs.node)) return null;
  return { kind: 'equation', text: phrase, lhs: toMathjs(lhs.node), rhs: toMathjs(rhs.node) };
}

/** Symbols and numbers only, no units: an equation of algebra or physics, not a computation. */
function hasOnlyAlgebra(n: Node): boolean {
  if (n.t === 'qty') return false;
  if (n.t === 'bin') return hasOnlyAlgebra(n.a) && hasOnlyAlgebra(n.b);
  if (n.t === 'neg' || n.t === 'fn') return hasOnlyAlgebra(n.a);
  return true;
}

/**
 * Whether words follow the quantity of a sentence: "Water boils at 100 °C at sea level", "Use a
 * 10 ml measuring cylinder". The words before a value name it ("The acceleration is"); words after
 * it say something more that a check of the value alone would not mark, so the sentence stays a
 * key point in words.
 */
function saysMoreAfter(text: string, quantity: string): boolean {
  const at = text.lastIndexOf(quantity);
  return at >= 0 && /[A-Za-z]{2,}/.test(text.slice(at + quantity.length));
}

/** A target from a key point without an equation: one quantity, or one expression standing alone. */
function looseTarget(
  phrase: string,
  text: string,
  reading: ReturnType<typeof readDetailed>,
  tolerance: Tolerance,
): MathsTarget | null {
  const { quantities, expressions } = reading;
  if (quantities.length === 1 && !expressions.length) {
    const q = quantities[0]!;
    const prose = proseWords(text, [q.text]);
    const alone = prose === 0;
    if (!alone && (q.unit === null || prose > MAX_PROSE_WORDS || saysMoreAfter(text, q.text)))
      return null;
    return {
      kind: 'quantity',
      text: phrase,
      symbol: null,
      value: q.value,
      unit: q.unit,
      tolerance: relativeTolerance(tolerance, q.value),
    };
  }
  if (expressions.length === 1 && !quantities.length) {
    const e = expressions[0]!;
    if (proseWords(text, [e.text]) > 0 || functionNotation(e.node)) return null;
    return { kind: 'expression', text: phrase, expr: toMathjs(e.node) };
  }
  return null;
}

/** "O(n)", "f(x)": a letter applied to a bracket reads as function notation, not a product. */
function functionNotation(n: Node): boolean {
  return (
    n.t === 'bin' &&
    n.op === '*' &&
    n.a.t === 'sym' &&
    n.a.name.length === 1 &&
    /^[A-Zf-h]$/.test(n.a.name)
  );
}

/** A key point's value as the teacher wrote it, keeping her figures ("2.0 kg·m/s"); null if none. */
export function writtenQuantity(phrase: string): string | null {
  const q = readDetailed(toleranceOf(phrase.trim()).text).quantities;
  return q.length ? displayMaths(q[q.length - 1]!.text) : null;
}
