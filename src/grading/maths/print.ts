import type { BinaryOp, Node } from './parse';

/**
 * Expressions written out again: in mathjs syntax for the reading's relations and expressions
 * ("u + a * t"), and as people read them ("u + a·t", "½·m·v²", "3.0 × 10⁸ m/s", "m/s²").
 */

const PRECEDENCE: Record<BinaryOp, number> = { '+': 1, '-': 1, '*': 2, '/': 2, '^': 4 };
const NEGATION = 3;
const ATOM = 5;

function precedenceOf(n: Node): number {
  if (n.t === 'bin') return PRECEDENCE[n.op];
  if (n.t === 'neg') return NEGATION;
  if (n.t === 'qty') return 0;
  if (n.t === 'num' && n.v < 0) return NEGATION;
  return ATOM;
}

/** Whether `child` needs brackets as the left or right operand of `parent`. */
function bracketed(child: Node, parent: number, op: BinaryOp | null, right: boolean): boolean {
  const own = precedenceOf(child);
  if (own < parent) return true;
  if (own > parent || !op) return false;
  if (op === '^') return !right;
  return right && (op === '-' || op === '/');
}

type Style = {
  num: (n: Extract<Node, { t: 'num' | 'qty' }>) => string;
  unit: (unit: string) => string;
  sym: (name: string) => string;
  /** The operator between two operands (`right` as written, to see whether it is bracketed). */
  op: (op: BinaryOp, a: Node, b: Node, right: string) => string;
  neg: string;
  fn: (name: string, arg: string, atom: boolean) => string;
  power: (exponent: Node) => string | null;
  /** A node the style writes its own way (a common fraction as ½), or null. */
  special?: (n: Node) => string | null;
};

function write(n: Node, s: Style, parent = 0, op: BinaryOp | null = null, right = false): string {
  const special = s.special?.(n);
  if (special) return special;
  const text = writeBare(n, s);
  return bracketed(n, parent, op, right) && parent > 0 ? `(${text})` : text;
}

function writeBare(n: Node, s: Style): string {
  switch (n.t) {
    case 'num':
      return s.num(n);
    case 'qty':
      return `${s.num(n)} ${s.unit(n.unit)}`;
    case 'sym':
      return s.sym(n.name);
    case 'neg':
      return `${s.neg}${n.a.t === 'qty' ? writeBare(n.a, s) : write(n.a, s, NEGATION)}`;
    case 'fn':
      return s.fn(n.name, write(n.a, s), precedenceOf(n.a) === ATOM);
    case 'bin': {
      const p = PRECEDENCE[n.op];
      const left = write(n.a, s, p, n.op, false);
      const sup = n.op === '^' ? s.power(n.b) : null;
      if (sup !== null) return `${left}${sup}`;
      const right = write(n.b, s, p, n.op, true);
      return `${left}${s.op(n.op, n.a, n.b, right)}${right}`;
    }
  }
}

const MATHJS_FUNCTIONS: Record<string, string> = { ln: 'log', log: 'log10' };

/** An expression in mathjs syntax, which the reader also reads back. */
export function toMathjs(n: Node): string {
  return write(n, {
    num: (x) => (x.sci ? String(x.v) : x.text),
    unit: (u) => u,
    sym: (name) => name,
    op: (op) => (op === '^' ? '^' : ` ${op} `),
    neg: '-',
    fn: (name, arg) => `${MATHJS_FUNCTIONS[name] ?? name}(${arg})`,
    power: () => null,
  });
}

const SUPERSCRIPTS: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
};
const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';

/** An integer written in superscript digits ("-2" → "⁻²"). */
export function superscript(n: number): string {
  return [...String(n)].map((c) => SUPERSCRIPTS[c] ?? c).join('');
}

const GREEK: Record<string, string> = {
  pi: 'π',
  theta: 'θ',
  lambda: 'λ',
  omega: 'ω',
  rho: 'ρ',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  epsilon: 'ε',
  eta: 'η',
  nu: 'ν',
  mu: 'μ',
  Delta: 'Δ',
};

/** A symbol as people write it: "v_0" → "v₀", "Delta_v" → "Δv", "theta" → "θ". */
export function displaySymbol(name: string): string {
  const [base, sub] = name.split('_') as [string, string | undefined];
  const head = GREEK[base] ?? base;
  if (sub === undefined) return head;
  if (base === 'Delta') return `${head}${sub}`;
  return /^\d+$/.test(sub)
    ? head + [...sub].map((d) => SUBSCRIPTS[Number(d)]).join('')
    : `${head}_${sub}`;
}

/** A number as written; scientific notation as "3.0 × 10⁸". */
function displayNumber(x: Extract<Node, { t: 'num' | 'qty' }>): string {
  const sign = (s: string) => s.replace(/^-/, '−');
  if (!x.sci) return sign(x.text);
  const [mantissa, exponent] = /e/i.test(x.text)
    ? (x.text.split(/e/i) as [string, string])
    : [x.text, String(Math.round(Math.log10(Math.abs(x.v / Number(x.text)))))];
  const power = `10${superscript(Number(exponent))}`;
  return Number(mantissa) === 1 ? sign(power) : `${sign(mantissa)} × ${power}`;
}

const UNIT_NAMES: Record<string, string> = { degC: '°C', degF: '°F', deg: '°' };

/** One unit name as people write it: "uF" → "µF", "kohm" → "kΩ", "degC" → "°C". */
function displayUnitName(name: string): string {
  if (UNIT_NAMES[name]) return UNIT_NAMES[name]!;
  const ohm = /^(.?)ohm$/.exec(name);
  if (ohm) return `${ohm[1]}Ω`;
  return name.length > 1 && name.startsWith('u') ? `µ${name.slice(1)}` : name;
}

/** A unit in mathjs spelling as people write it: "m / s^2" → "m/s²", "kg m / s" → "kg·m/s". */
export function displayUnit(unit: string): string {
  const factor = (f: string) => {
    const [name, power] = f.split('^') as [string, string | undefined];
    return displayUnitName(name) + (power ? superscript(Number(power)) : '');
  };
  const part = (p: string) =>
    p.replace(/[()]/g, '').trim().split(/\s+/).filter(Boolean).map(factor).join('·');
  const [up, down] = unit.split(' / ') as [string, string | undefined];
  if (down === undefined) return part(up);
  const under = part(down);
  return `${part(up)}/${under.includes('·') ? `(${under})` : under}`;
}

const FRACTIONS: Record<string, string> = {
  '1/2': '½',
  '1/3': '⅓',
  '2/3': '⅔',
  '1/4': '¼',
  '3/4': '¾',
};

/** A common fraction written with two whole numbers as one character (½, ⅓, ¾), or null. */
function fractionOf(n: Node): string | null {
  if (n.t !== 'bin' || n.op !== '/' || n.a.t !== 'num' || n.b.t !== 'num') return null;
  return FRACTIONS[`${n.a.text}/${n.b.text}`] ?? null;
}

const NUMERIC = new Set(['num', 'qty']);

function leftmost(n: Node): Node {
  return n.t === 'bin' ? leftmost(n.a) : n;
}

/** "·" between factors, "×" between numbers, nothing before a bracket: "(x − 1)(x + 1)". */
function displayOperator(op: BinaryOp, a: Node, b: Node, right: string): string {
  if (op !== '*') return { '+': ' + ', '-': ' − ', '/': '/', '^': '^' }[op];
  if (NUMERIC.has(leftmost(b).t) && !(b.t === 'bin' && b.op === '/' && fractionOf(b))) return ' × ';
  return right.startsWith('(') && fractionOf(b) === null ? '' : '·';
}

/** An expression as people read it: "u + a·t", "½·m·v²", "(v − u)/t", "√(2·g·h)". */
export function displayNode(n: Node): string {
  const style: Style = {
    num: displayNumber,
    unit: displayUnit,
    sym: displaySymbol,
    op: displayOperator,
    neg: '−',
    fn: (name, arg, atom) =>
      name === 'sqrt' ? (atom ? `√${arg}` : `√(${arg})`) : `${name}(${arg})`,
    power: (e) => {
      if (e.t === 'num' && /^\d+$/.test(e.text)) return superscript(e.v);
      if (e.t === 'neg' && e.a.t === 'num' && /^\d+$/.test(e.a.text)) return superscript(-e.a.v);
      return null;
    },
    special: fractionOf,
  };
  return write(n, style);
}
