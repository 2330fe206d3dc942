import type { Token } from './lex';
import { MAX_DEPTH, MAX_NODES } from './limits';
import { readUnit } from './units';

/**
 * Expressions in physics notation read from tokens: implicit multiplication ("mv", "2ab",
 * "a t", "(x - 1)(x + 1)"), powers, square roots and functions, and numbers with their units
 * ("1200 kg", "5 m/s^2"). Units are read only right after a number, symbols only where the words
 * around them are mathematics: a two- or three-letter word ("at", "mv") is a product of symbols
 * only next to an operator or glued to a number or bracket, so "so" and "is" stay words.
 */

export type BinaryOp = '+' | '-' | '*' | '/' | '^';

export type Node =
  | { t: 'num'; v: number; text: string; sci: boolean }
  | { t: 'qty'; v: number; text: string; sci: boolean; unit: string }
  | { t: 'sym'; name: string }
  | { t: 'neg'; a: Node }
  | { t: 'bin'; op: BinaryOp; a: Node; b: Node }
  | { t: 'fn'; name: string; a: Node };

/** Thrown when an expression is deeper or larger than the reader's budget. */
export class TooLarge extends Error {}

/** Functions the reader knows, by the name written. */
export const FUNCTIONS: ReadonlyMap<string, string> = new Map([
  ['sqrt', 'sqrt'],
  ['sin', 'sin'],
  ['cos', 'cos'],
  ['tan', 'tan'],
  ['arcsin', 'asin'],
  ['arccos', 'acos'],
  ['arctan', 'atan'],
  ['asin', 'asin'],
  ['acos', 'acos'],
  ['atan', 'atan'],
  ['ln', 'ln'],
  ['log', 'log'],
  ['exp', 'exp'],
  ['abs', 'abs'],
]);

/**
 * Greek letters written out that stand for one symbol. "mu" and "nu" written in letters are
 * products (m·u in "mv − mu"); the letters µ and ν are marked as one symbol by lex.ts.
 */
const NAMES = new Set([
  'pi',
  'theta',
  'lambda',
  'omega',
  'rho',
  'alpha',
  'beta',
  'gamma',
  'sigma',
  'tau',
  'phi',
  'epsilon',
  'eta',
  'Delta',
]);

/** The letters of a word before its subscript: "v" of "v_0". */
function baseOf(word: string): string {
  return word.split('_')[0]!;
}

/**
 * Short words of English that are never a product of symbols, even beside an operator: "or" in
 * "9.8 or −9.8" joins two answers, it is not o·r.
 */
const ENGLISH = new Set(['or', 'and', 'is', 'so', 'to', 'of', 'if', 'the', 'not', 'nor']);

function isOperator(t: Token | undefined): boolean {
  return t?.kind === 'op';
}

/**
 * Whether the word at `i` reads as mathematics here: a single letter, a function or Greek name,
 * or a two- or three-letter product next to an operator or glued to a number or bracket.
 */
export function mathsWord(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  if (t?.kind !== 'word') return false;
  const base = baseOf(t.text);
  if (t.whole || base.length === 1 || NAMES.has(base) || FUNCTIONS.has(base)) return true;
  if (base.length > 3 || ENGLISH.has(base)) return false;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  return (
    isOperator(prev) ||
    prev?.kind === 'open' ||
    (!t.space && (prev?.kind === 'num' || prev?.kind === 'close')) ||
    isOperator(next) ||
    next?.kind === 'close' ||
    (next !== undefined && !next.space && next.kind === 'open')
  );
}

/** A greedy reader of one expression from `pos` up to `end`, with or without units. */
class Reader {
  pos: number;
  private nodes = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    start: number,
    private readonly end: number,
    private readonly units: boolean,
  ) {
    this.pos = start;
  }

  private peek(offset = 0): Token | undefined {
    return this.pos + offset < this.end ? this.tokens[this.pos + offset] : undefined;
  }

  private node(n: Node): Node {
    if (++this.nodes > MAX_NODES) throw new TooLarge('too many terms');
    return n;
  }

  private nest<T>(read: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new TooLarge('nested too deeply');
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  expression(): Node | null {
    return this.nest(() => {
      let left = this.term();
      if (!left) return null;
      for (let t = this.peek(); t && (t.text === '+' || t.text === '-'); t = this.peek()) {
        const save = this.pos++;
        const right = this.term();
        if (!right) {
          this.pos = save;
          break;
        }
        left = this.node({ t: 'bin', op: t.text as BinaryOp, a: left, b: right });
      }
      return left;
    });
  }

  private term(): Node | null {
    let left = this.unary();
    if (!left) return null;
    for (;;) {
      const t = this.peek();
      const explicit = t?.text === '*' || t?.text === '/';
      if (!explicit && !this.startsImplicitFactor(left)) break;
      const save = this.pos;
      if (explicit) this.pos++;
      let right = explicit ? this.unary() : this.power();
      if (!right) {
        this.pos = save;
        break;
      }
      const op: BinaryOp = t?.text === '/' ? '/' : '*';
      if (op === '/' && left.t !== 'num') right = this.gluedProduct(right);
      left = this.node({ t: 'bin', op, a: left, b: right });
    }
    return left;
  }

  /**
   * A divisor written as a number glued to letters is one product: "(v² − u²)/2s" and "v²/2g"
   * divide by 2s and 2g, as "a/bc" divides by bc. A fraction of two numbers stays a coefficient
   * ("1/2mv²" is ½·m·v², "4/3πr³" is (4/3)·π·r³): the caller leaves a numerator that is a number.
   */
  private gluedProduct(divisor: Node): Node {
    let product = divisor;
    if (divisor.t !== 'num') return product;
    while (this.peek() && !this.peek()!.space && this.startsImplicitFactor(product)) {
      const factor = this.power();
      if (!factor) break;
      product = this.node({ t: 'bin', op: '*', a: product, b: factor });
    }
    return product;
  }

  /** A factor follows without a sign: a symbol or a bracket, never a number, never after a unit. */
  private startsImplicitFactor(left: Node): boolean {
    const t = this.peek();
    if (!t || endsWithQuantity(left)) return false;
    if (t.kind === 'open') return true;
    return t.kind === 'word' && mathsWord(this.tokens, this.pos);
  }

  private unary(): Node | null {
    const t = this.peek();
    if (t?.text === '-' || t?.text === '+') {
      const save = this.pos++;
      const a = this.nest(() => this.unary());
      if (!a) {
        this.pos = save;
        return null;
      }
      return t.text === '-' ? this.node({ t: 'neg', a }) : a;
    }
    return this.power();
  }

  private power(): Node | null {
    const base = this.primary();
    if (!base) return null;
    return this.withPower(base);
  }

  private withPower(base: Node): Node {
    if (this.peek()?.text !== '^' || base.t === 'qty') return base;
    const save = this.pos++;
    const exponent = this.nest(() => this.unary());
    if (!exponent) {
      this.pos = save;
      return base;
    }
    return this.node({ t: 'bin', op: '^', a: base, b: exponent });
  }

  private primary(): Node | null {
    const t = this.peek();
    if (!t) return null;
    if (t.kind === 'num') return this.number(t);
    if (t.kind === 'open') return this.bracket();
    if (t.kind === 'word' && mathsWord(this.tokens, this.pos)) return this.word(t);
    return null;
  }

  private number(t: Token): Node {
    this.pos++;
    const unit = this.units ? readUnit(this.tokens, this.pos, this.end) : null;
    if (!unit) return this.node({ t: 'num', v: t.value, text: t.text, sci: t.sci });
    this.pos = unit.end;
    return this.node({ t: 'qty', v: t.value, text: t.text, sci: t.sci, unit: unit.unit });
  }

  private bracket(): Node | null {
    const save = this.pos++;
    const inner = this.expression();
    if (!inner || this.peek()?.kind !== 'close') {
      this.pos = save;
      return null;
    }
    this.pos++;
    return inner;
  }

  private word(t: Token): Node | null {
    const base = baseOf(t.text);
    const fn = FUNCTIONS.get(base);
    if (fn) {
      const save = this.pos++;
      const arg = this.nest(() => this.power());
      if (!arg) {
        this.pos = save;
        return null;
      }
      return this.node({ t: 'fn', name: fn, a: arg });
    }
    this.pos++;
    if (t.whole || base.length === 1 || NAMES.has(base))
      return this.node({ t: 'sym', name: t.symbol ?? t.text });
    // "mv" is m times v; a subscript belongs to the last letter ("mv_0" is m v_0).
    const letters = [...base];
    const sub = t.text.slice(base.length);
    let product: Node = this.node({ t: 'sym', name: letters[0]! });
    for (let k = 1; k < letters.length; k++) {
      const name = k === letters.length - 1 ? letters[k]! + sub : letters[k]!;
      let factor: Node = this.node({ t: 'sym', name });
      if (k === letters.length - 1) factor = this.withPower(factor);
      product = this.node({ t: 'bin', op: '*', a: product, b: factor });
    }
    return product;
  }
}

function endsWithQuantity(n: Node): boolean {
  if (n.t === 'qty') return true;
  if (n.t === 'bin' && (n.op === '*' || n.op === '/')) return endsWithQuantity(n.b);
  return false;
}

/**
 * The longest expression read from token `start` (not past `end`), with the index after it;
 * null when none starts there. Throws TooLarge past the size and depth budget.
 */
export function readExpression(
  tokens: Token[],
  start: number,
  end: number,
  units = true,
): { node: Node; end: number } | null {
  const reader = new Reader(tokens, start, end, units);
  const node = reader.expression();
  if (!node) return null;
  if (units && (mixesUnits(node) || productGoesOn(tokens, reader.pos, end)))
    return readExpression(tokens, start, end, false) ?? { node, end: reader.pos };
  return { node, end: reader.pos };
}

/**
 * Whether a product goes on after what was read as a unit: "1/2 m v^2" is ½·m·v², not ½ metre
 * and a v left over. Such an expression is read again with no units.
 */
function productGoesOn(tokens: Token[], pos: number, end: number): boolean {
  if (pos >= end) return false;
  const next = tokens[pos]!;
  const unitBefore = tokens[pos - 1]?.kind === 'word' || tokens[pos - 1]?.kind === 'num';
  return unitBefore && next.kind === 'word' && mathsWord(tokens, pos) && !FUNCTIONS.has(next.text);
}

/**
 * Whether units were read where they cannot be: beside symbols ("2 s / t^2" is 2s over t²), or
 * added to a bare number ("2m + 3"). Such an expression is read again with no units.
 */
function mixesUnits(node: Node): boolean {
  if (!hasQuantity(node)) return false;
  if (symbolsOf(node).size > 0) return true;
  const sums = (n: Node): boolean => {
    if (n.t === 'bin' && (n.op === '+' || n.op === '-'))
      return hasQuantity(n.a) !== hasQuantity(n.b) || sums(n.a) || sums(n.b);
    if (n.t === 'bin') return sums(n.a) || sums(n.b);
    if (n.t === 'neg' || n.t === 'fn') return sums(n.a);
    return false;
  };
  return sums(node);
}

function hasQuantity(n: Node): boolean {
  if (n.t === 'qty') return true;
  if (n.t === 'bin') return hasQuantity(n.a) || hasQuantity(n.b);
  if (n.t === 'neg' || n.t === 'fn') return hasQuantity(n.a);
  return false;
}

/** The symbols an expression uses (pi is a constant, not a symbol). */
export function symbolsOf(node: Node, into = new Set<string>()): Set<string> {
  if (node.t === 'sym' && node.name !== 'pi') into.add(node.name);
  if (node.t === 'bin') {
    symbolsOf(node.a, into);
    symbolsOf(node.b, into);
  }
  if (node.t === 'neg' || node.t === 'fn') symbolsOf(node.a, into);
  return into;
}

/** How many nodes an expression has. */
export function sizeOf(node: Node): number {
  if (node.t === 'bin') return 1 + sizeOf(node.a) + sizeOf(node.b);
  if (node.t === 'neg' || node.t === 'fn') return 1 + sizeOf(node.a);
  return 1;
}

/** A number, or a number with a unit, possibly negated: what a stated quantity is. */
export function asQuantity(
  node: Node,
): { value: number; unit: string | null; sci: boolean } | null {
  if (node.t === 'neg') {
    const inner = asQuantity(node.a);
    return inner ? { ...inner, value: -inner.value } : null;
  }
  if (node.t === 'num') return { value: node.v, unit: null, sci: node.sci };
  if (node.t === 'qty') return { value: node.v, unit: node.unit, sci: node.sci };
  return null;
}
