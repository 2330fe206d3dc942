import type { Node } from './parse';

/**
 * The value of an expression with each symbol given a number: the reader's own evaluator, exact
 * about what it does and quick enough to try an expression at many points. Trigonometry is in
 * degrees, as school science writes "sin 30". A unit is left out (a quantity is its number as
 * written). NaN where a symbol has no value; a result can be ±Infinity or NaN on overflow, which
 * callers treat as unreadable.
 */

/** A symbol's value, or undefined when it has none. */
export type Scope = (name: string) => number | undefined;

const RADIANS = Math.PI / 180;

const FUNCTIONS: Record<string, (x: number) => number> = {
  sqrt: Math.sqrt,
  sin: (x) => Math.sin(x * RADIANS),
  cos: (x) => Math.cos(x * RADIANS),
  tan: (x) => Math.tan(x * RADIANS),
  asin: (x) => Math.asin(x) / RADIANS,
  acos: (x) => Math.acos(x) / RADIANS,
  atan: (x) => Math.atan(x) / RADIANS,
  ln: Math.log,
  log: Math.log10,
  exp: Math.exp,
  abs: Math.abs,
};

/** Evaluates an expression (see the file's comment). */
export function evaluate(node: Node, scope: Scope): number {
  switch (node.t) {
    case 'num':
    case 'qty':
      return node.v;
    case 'sym':
      return node.name === 'pi' ? Math.PI : (scope(node.name) ?? NaN);
    case 'neg':
      return -evaluate(node.a, scope);
    case 'fn':
      return (FUNCTIONS[node.name] ?? (() => NaN))(evaluate(node.a, scope));
    case 'bin': {
      const a = evaluate(node.a, scope);
      const b = evaluate(node.b, scope);
      switch (node.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return a / b;
        case '^':
          return a ** b;
      }
    }
  }
}
