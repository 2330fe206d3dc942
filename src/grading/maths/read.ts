import { evaluate } from './evaluate';
import { lex, type LexOptions, type Token } from './lex';
import {
  MAX_PART_CHARS,
  MAX_PART_TOKENS,
  MAX_QUANTITIES,
  MAX_TEXT_CHARS,
  READ_BUDGET_MS,
  READ_WORK_BUDGET,
  spend,
  deadlineIn,
  overdue,
  type Deadline,
} from './limits';
import { NO_CONTEXT, quantityWords, type ReadingContext } from './names';
import { normalise, originalSlice, rewrite, type Edit, type Normalised } from './normalise';
import {
  TooLarge,
  asQuantity,
  readExpression,
  sizeOf,
  symbolsOf,
  mathsWord,
  type Node,
} from './parse';
import { toMathjs } from './print';
import { sameExpression } from './equivalence';
import { convert, readUnit } from './units';
import type { MathsReading, Quantity, Relation } from './types';

/**
 * Reads the mathematics in a text (an answer, a key point): equations and chains of them
 * ("p = mv = 0.50 × 4.0 = 2.0 kg m/s"), quantities ("9.8 m/s²", prose around them ignored) and
 * standalone expressions ("(x − 1)(x + 1)"), line by line and clause by clause, under a time and
 * size budget. What looks like mathematics but cannot be read is kept as unreadable.
 */

/** One side of an equation as read: its expression and the words it was read from. */
export type Side = { node: Node; text: string };

/** Everything read from a text, with the expressions themselves for the judge. */
export type DetailedReading = {
  /** Equations: each chain "a = b = c" is the list of its sides. */
  chains: Side[][];
  quantities: Quantity[];
  expressions: Side[];
  unreadable: string[];
};

const EMPTY: DetailedReading = { chains: [], quantities: [], expressions: [], unreadable: [] };

/** Characters without which a text holds no mathematics worth reading; prose skips the reader. */
const MATHS_SIGN = /[\d=^√×÷⁰¹²³⁴⁵⁶⁷⁸⁹⁻½+−]|\)\s*\(/;

/** Where a text is cut into the parts read one by one: lines, sentences, clauses. */
const PART_CUT = /\n|;|[.!?](?=\s|$)|,(?=\s)|:(?=\s)/g;

/**
 * What a line ended with, that a next line beginning with "=" continues: a chain of equations
 * ("v = 0 + 9.81 × 2.0 ⏎ = 19.6 m s⁻¹") or an expression ("x² − 5x + 3x − 15 ⏎ = x² − 2x − 15").
 */
type Tail = { chain: Side[]; expression: null } | { chain: null; expression: Side };

/** Whether a part starts a line, and what the line before ended with. */
type Before = { lineStart: boolean; carried: Tail | null };

/** Labels at the start of a line ("1.", "(a)", "Q2:"), blanked so they are not read as numbers. */
const LABEL = /^([ \t]*)(\(?\d{1,2}[.)]|\(?[a-hA-H][.)]|\(?[ivx]{1,4}\)|Q\d{1,2}[.:)]?)(?=\s)/gm;

/**
 * Reads a text's mathematics (see the file's comment); never throws. The context is the
 * question's notation (see names.ts): its names, and its symbols that words may stand for.
 */
export function readDetailed(text: string, context: ReadingContext = NO_CONTEXT): DetailedReading {
  if (!MATHS_SIGN.test(text)) return EMPTY;
  const deadline = deadlineIn(READ_BUDGET_MS, READ_WORK_BUDGET);
  const out: DetailedReading = { chains: [], quantities: [], expressions: [], unreadable: [] };
  const kept = text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text;
  if (kept.length < text.length) out.unreadable.push(shorten(text.slice(MAX_TEXT_CHARS)));
  const n = withQuantityWords(normalise(kept), context);
  const options: LexOptions = { names: context.names, symbols: context.symbols, canonical: false };
  const plain = unitLinesJoined(
    n.text.replace(LABEL, (_, lead: string, label: string) => lead + ' '.repeat(label.length)),
    options,
  );
  let tail: Tail | null = null;
  for (const [start, end, lineStart] of parts(plain)) {
    const part = plain.slice(start, end);
    const carried = lineStart ? tail : null;
    tail = null;
    if (!MATHS_SIGN.test(part)) continue;
    const written = originalSlice(kept, n, start, end);
    const full = out.quantities.length >= MAX_QUANTITIES;
    if (overdue(deadline) || full || part.length > MAX_PART_CHARS) {
      out.unreadable.push(shorten(written));
      continue;
    }
    spend(deadline, part.length);
    const src = { original: kept, n, offset: start, written, options };
    tail = readPart(part, src, out, deadline, { lineStart, carried });
  }
  return out;
}

/**
 * A unit written alone on the line after a number ("V = 0.15 × 24 = 3.6 ⏎ dm³") belongs to that
 * number: the line break becomes a space, so every position in the text stays where it was.
 */
function unitLinesJoined(text: string, options: LexOptions): string {
  return text.replace(/(?<=\d[ \t]*)\n(?=([^\n]+))/g, (lineBreak, line: string) => {
    const tokens = lex(line, options);
    const unit = tokens.length ? readUnit(tokens, 0, tokens.length) : null;
    return unit && unit.end === tokens.length ? ' ' : lineBreak;
  });
}

/** Word equations written in symbols ("momentum = mass × velocity" as "p = m × v"). */
function withQuantityWords(n: Normalised, context: ReadingContext): Normalised {
  const { words, equals } = quantityWords(n.text, context);
  const edits: Edit[] = [
    ...words.map((w) => ({ start: w.start, end: w.end, text: ` ${w.symbol} ` })),
    ...equals.map((e) => ({ ...e, text: '=' })),
  ].sort((a, b) => a.start - b.start);
  return rewrite(n, edits);
}

/**
 * The contract's reading of a text: quantities, relations, expressions, unreadable parts. The
 * context is the question's notation (see names.ts).
 */
export function readMaths(text: string, context: ReadingContext = NO_CONTEXT): MathsReading {
  try {
    const d = readDetailed(text, context);
    return {
      quantities: d.quantities,
      relations: d.chains.flatMap(relationsOf),
      expressions: d.expressions.map((e) => toMathjs(e.node)),
      unreadable: d.unreadable,
    };
  } catch {
    return { quantities: [], relations: [], expressions: [], unreadable: [shorten(text)] };
  }
}

/** The relations of a chain: each neighbouring pair of its sides. */
export function relationsOf(chain: Side[]): Relation[] {
  const out: Relation[] = [];
  for (let i = 0; i + 1 < chain.length; i++) {
    const [l, r] = [chain[i]!, chain[i + 1]!];
    out.push({ text: `${l.text} = ${r.text}`, lhs: toMathjs(l.node), rhs: toMathjs(r.node) });
  }
  return out;
}

/** The parts of a text: where each starts and ends, and whether it starts a line. */
function* parts(text: string): Generator<[number, number, boolean]> {
  let from = 0;
  let lineStart = true;
  for (const m of text.matchAll(PART_CUT)) {
    yield [from, m.index, lineStart];
    from = m.index + m[0].length;
    lineStart = m[0] === '\n';
  }
  yield [from, text.length, lineStart];
}

function shorten(written: string): string {
  const t = written.trim().replace(/\s+/g, ' ');
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
}

type Source = {
  original: string;
  n: Normalised;
  offset: number;
  written: string;
  options: LexOptions;
};

/**
 * Reads one part (a line or clause) into `out`, continuing the line before when the part is a
 * line that begins with "="; returns what the part ended with, for the next line to continue.
 */
function readPart(
  part: string,
  src: Source,
  out: DetailedReading,
  deadline: Deadline,
  before: Before,
): Tail | null {
  const tokens = lex(part, src.options);
  if (tokens.length > MAX_PART_TOKENS || looksLikeOcrNoise(tokens, part)) {
    out.unreadable.push(shorten(src.written));
    return null;
  }
  const written = (a: number, b: number) =>
    originalSlice(
      src.original,
      src.n,
      src.offset + tokens[a]!.start,
      src.offset + tokens[b - 1]!.end,
    );
  try {
    const items: Item[] = [];
    const read = readChains(tokens, written, out, shorten(src.written), deadline, before, items);
    if (!read) return null;
    return readLoose(tokens, read.covered, written, out, deadline, items) ?? read.tail;
  } catch (e) {
    if (!(e instanceof TooLarge)) throw e;
    out.unreadable.push(shorten(src.written));
    return null;
  }
}

/** OCR's usual confusions in what looks like a number: "l0" for 10, "1O" for 10. */
function looksLikeOcrNoise(tokens: Token[], part: string): boolean {
  return tokens.some((t, i) => {
    const raw = part.slice(t.start, t.end);
    if (t.kind === 'word' && /^[lIO]\d+$/.test(raw)) return true;
    const next = tokens[i + 1];
    return t.kind === 'num' && next?.kind === 'word' && !next.space && /^[lO]$/.test(next.text);
  });
}

/** A side read from tokens `start`..`end`; a side carried from the line before has its text. */
type Span = { node: Node; start: number; end: number; text?: string };
type Written = (a: number, b: number) => string;

/** The longest expression ending exactly at `end`, starting as early as it can from `from`. */
function suffixOf(tokens: Token[], from: number, end: number, deadline: Deadline): Span | null {
  let start = from;
  for (let k = end - 1; k >= from; k--) {
    const t = tokens[k]!;
    if (t.kind === 'other' || (t.kind === 'word' && !mathsWord(tokens, k))) {
      start = k + 1;
      break;
    }
  }
  for (let k = start; k < end; k++) {
    spend(deadline, end - k);
    const r = readExpression(tokens, k, end);
    if (r && r.end === end) return { node: r.node, start: k, end };
  }
  return null;
}

function prefixOf(tokens: Token[], start: number, end: number): Span | null {
  const r = readExpression(tokens, start, end);
  return r ? { node: r.node, start, end: r.end } : null;
}

/**
 * Reads the equations of a part, continuing the line before when the part is a line beginning
 * with "="; returns
 * which tokens they cover and the chain the part ends with, or null when an equation of it cannot
 * be read (the part is then unreadable as a whole).
 */
function readChains(
  tokens: Token[],
  written: Written,
  out: DetailedReading,
  whole: string,
  deadline: Deadline,
  before: Before,
  items: Item[],
): { covered: boolean[]; tail: Tail | null } | null {
  const covered = tokens.map(() => false);
  let broken = false;
  const equals = tokens.flatMap((t, i) => (t.text === '=' ? [i] : []));
  const leading = equals[0] === 0 && before.lineStart;
  // A line beginning with "=" continues the line before; with nothing to continue, it is read
  // as if the "=" were not there.
  if (leading) covered[0] = true;
  let onto = leading ? continued(before.carried, out) : null;
  if (leading) equals.shift();
  let chain: Span[] | null = onto
    ? [{ node: onto[onto.length - 1]!.node, start: 0, end: 0, text: '' }]
    : null;
  let tail: Tail | null = null;
  const close = () => {
    // A denied equation ("it is not v = u + at") is no claim: read past, never kept.
    if (chain && chain.length > 1 && !denied(tokens, chain[0]!.start)) {
      const added = addChain(chain, written, out, onto);
      items.push(added.item);
      if (added.sides && chain[chain.length - 1]!.end === tokens.length)
        tail = { chain: added.sides, expression: null };
    }
    chain = null;
    onto = null;
  };
  if (chain) {
    const right = prefixOf(tokens, 1, equals[0] ?? tokens.length);
    if (right) {
      for (let i = right.start; i < right.end; i++) covered[i] = true;
      chain.push(right);
      if (right.end < (equals[0] ?? tokens.length)) close();
    } else {
      chain = null;
      broken = true;
    }
  }
  equals.forEach((eq, k) => {
    const partStart = k === 0 ? (leading ? 1 : 0) : equals[k - 1]! + 1;
    const partEnd = equals[k + 1] ?? tokens.length;
    const left: Span | null = chain
      ? chain[chain.length - 1]!
      : namedSide(tokens, suffixOf(tokens, partStart, eq, deadline));
    const right = prefixOf(tokens, eq + 1, partEnd);
    if (!left || !right) {
      close();
      broken = true;
      return;
    }
    covered[eq] = true;
    for (const s of [left, right]) for (let i = s.start; i < s.end; i++) covered[i] = true;
    chain ??= [left];
    chain.push(right);
    if (right.end < partEnd) close();
  });
  close();
  if (!broken) return { covered, tail };
  out.unreadable.push(whole);
  return null;
}

/**
 * The chain a line beginning with "=" continues: the chain the line before ended with, or one
 * begun by the expression it ended with (taken out of the standalone expressions).
 */
function continued(carried: Tail | null, out: DetailedReading): Side[] | null {
  if (carried?.chain) return carried.chain;
  if (!carried?.expression) return null;
  const at = out.expressions.indexOf(carried.expression);
  if (at >= 0) out.expressions.splice(at, 1);
  const chain = [carried.expression];
  out.chains.push(chain);
  return chain;
}

/**
 * The first side of an equation written as one word with a capital is one symbol: "KE" in
 * "KE = ½mv²", "Ek"; in lower case it stays a product ("at = v − u").
 */
function namedSide(tokens: Token[], span: Span | null): Span | null {
  const t = tokens[span?.start ?? -1];
  const named = t?.kind === 'word' && /[A-Z]/.test(t.text) && span?.node.t === 'bin';
  if (!span || span.end !== span.start + 1 || !named) return span;
  return { ...span, node: { t: 'sym', name: t.text } };
}

/**
 * Keeps a chain's sides (appended to `onto` when it continues the line before's chain), and a
 * quantity for each side that is a number with its unit. Returns what was read, for an
 * alternative written after it with "or", and the whole chain (null when a side is unreadable).
 */
function addChain(
  chain: Span[],
  written: Written,
  out: DetailedReading,
  onto: Side[] | null,
): { item: Item; sides: Side[] | null } {
  const own = chain.map((s) => ({ node: s.node, text: s.text ?? written(s.start, s.end) }));
  const sides = onto ? own.slice(1) : own;
  const first = (onto ?? own)[0]!.node;
  const symbol = first.t === 'sym' ? first.name : null;
  const item: Item = { end: chain[chain.length - 1]!.end, symbol, kept: null, hedged: false };
  for (const side of own) {
    if (!finite(side.node)) {
      out.unreadable.push(shorten(side.text));
      return { item, sides: null };
    }
  }
  if (onto) onto.push(...sides);
  else out.chains.push(sides);
  for (const side of own.slice(1)) {
    const q = asQuantity(side.node);
    if (!q) continue;
    const quantity = { text: side.text, value: q.value, unit: q.unit, symbol };
    out.quantities.push(quantity);
    item.kept = { quantity, expression: null };
  }
  return { item, sides: onto ?? sides };
}

/** Whether a side's numbers stay finite (10^10^10 and 2^99999 do not: such a side is unreadable). */
function finite(node: Node): boolean {
  if (symbolsOf(node).size > 0) return true;
  return Number.isFinite(evaluate(node, () => undefined));
}

/**
 * Reads the quantities and expressions outside the part's equations; returns the expression the
 * part ends with, if it ends with one.
 */
function readLoose(
  tokens: Token[],
  covered: boolean[],
  written: Written,
  out: DetailedReading,
  deadline: Deadline,
  items: Item[],
): Tail | null {
  let tail: Tail | null = null;
  let i = 0;
  while (i < tokens.length) {
    if (covered[i] || !startsMaths(tokens, i) || overdue(deadline)) {
      i++;
      continue;
    }
    let end = i;
    while (end < tokens.length && !covered[end]) end++;
    const r = readExpression(tokens, i, end);
    if (!r) {
      i++;
      continue;
    }
    tail = null;
    // "not 7200 N" denies what follows: no claim to read.
    if (!denied(tokens, i)) {
      const before = tokens[i - 1]?.text === 'or' ? items.find((x) => x.end === i - 1) : undefined;
      const text = written(i, r.end);
      const item = before
        ? keepAlternative(r.node, text, before, out, deadline)
        : keepLoose(r.node, text, out);
      items.push({ ...item, end: r.end });
      const expression = item.kept?.expression ?? null;
      if (expression && r.end === tokens.length) tail = { chain: null, expression };
    }
    i = Math.max(r.end, i + 1);
  }
  return tail;
}

function startsMaths(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  if (t.kind === 'num' || t.kind === 'open') return true;
  if (t.text === '-') return tokens[i + 1]?.kind === 'num' && !tokens[i + 1]!.space;
  return t.kind === 'word' && mathsWord(tokens, i);
}

function keepLoose(
  node: Node,
  text: string,
  out: DetailedReading,
  symbol: string | null = null,
): Item {
  const item: Item = { end: 0, symbol, kept: null, hedged: false };
  const q = asQuantity(node);
  if (q) {
    if (!Number.isFinite(q.value)) return item;
    const quantity = { text, value: q.value, unit: q.unit, symbol };
    out.quantities.push(quantity);
    return { ...item, kept: { quantity, expression: null } };
  }
  const operation = node.t === 'bin' || node.t === 'fn' || (node.t === 'neg' && sizeOf(node) > 2);
  if (!operation) return item;
  if (symbolsOf(node).size > 0) {
    const expression = { node, text };
    out.expressions.push(expression);
    return { ...item, kept: { quantity: null, expression } };
  }
  if (!Number.isFinite(evaluate(node, () => undefined))) out.unreadable.push(shorten(text));
  return item;
}

/**
 * What was read so far in a part, for the alternatives written after it with "or": where it
 * ends, the symbol it gives a value to, and the quantity or expression it kept.
 */
type Item = {
  end: number;
  symbol: string | null;
  kept: { quantity: Quantity | null; expression: Side | null } | null;
  /** Alternatives that disagree: none of them is kept. */
  hedged: boolean;
};

/**
 * An alternative written after "or" ("g = 9.8 or 98 m/s²", "x² − 1 or (x − 1)²"): a guess beside
 * a guess is no answer. After a named value it is another value of that symbol ("v = u + at or
 * u − at" another equation for v), so the judge sees both and marks the wrong one. Unnamed
 * alternatives are kept when they agree (5 m/s² or 5 N/kg) and both dropped when they do not.
 */
function keepAlternative(
  node: Node,
  text: string,
  before: Item,
  out: DetailedReading,
  deadline: Deadline,
): Item {
  if (before.symbol) {
    if (asQuantity(node)) return keepLoose(node, text, out, before.symbol);
    const sym: Side = { node: { t: 'sym', name: before.symbol }, text: before.symbol };
    if (symbolsOf(node).size > 0) out.chains.push([sym, { node, text }]);
    return { end: 0, symbol: before.symbol, kept: null, hedged: false };
  }
  const agree =
    !before.hedged && before.kept !== null && sameAlternative(before.kept, node, deadline);
  if (agree) return keepLoose(node, text, out);
  if (before.kept?.quantity) out.quantities.splice(out.quantities.indexOf(before.kept.quantity), 1);
  if (before.kept?.expression)
    out.expressions.splice(out.expressions.indexOf(before.kept.expression), 1);
  return { end: 0, symbol: null, kept: null, hedged: true };
}

/** Whether an alternative says the same as the one before it: equal quantities or expressions. */
function sameAlternative(kept: NonNullable<Item['kept']>, node: Node, deadline: Deadline): boolean {
  const q = asQuantity(node);
  if (kept.quantity && q) {
    const a = kept.quantity;
    const value =
      a.unit && q.unit ? convert(q.value, q.unit, a.unit) : a.unit || q.unit ? null : q.value;
    return value !== null && Math.abs(value - a.value) <= 1e-9 * Math.max(1, Math.abs(a.value));
  }
  if (kept.expression && !q) return sameExpression(kept.expression.node, node, deadline) === 'same';
  return false;
}

/** Words between a denial and what it denies: "is not equal to 9.8", "isn't exactly 5". */
const FILLER = new Set(['equal', 'equals', 'to', 'exactly', 'just', 'simply', 'be']);
const DENIAL = new Set(['not', 'never', 'isnt', 'arent', 'wasnt', 'cannot', 'cant', 'doesnt']);

/** Whether what starts at token `i` is denied: "it is not v = u + at", "not 7200 N", "isn't 9.8". */
function denied(tokens: Token[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && tokens[k]!.kind === 'word' && FILLER.has(tokens[k]!.text.toLowerCase())) k--;
  const t = tokens[k];
  if (t?.kind !== 'word') return false;
  const w = t.text.toLowerCase();
  if (DENIAL.has(w)) return true;
  // "isn't" is read as "isn", "'", "t".
  return w === 't' && tokens[k - 1]?.kind === 'other' && /n$/i.test(tokens[k - 2]?.text ?? '');
}

/** How the engine's own mathjs syntax is read back: every product explicit, every word a symbol. */
const CANONICAL: LexOptions = { names: new Map(), symbols: new Set(), canonical: true };

/**
 * One whole expression read back from the engine's own mathjs syntax (toMathjs), or null when
 * the text is not one expression or is over budget.
 */
export function expressionOf(text: string): Node | null {
  const tokens = lex(normalise(text).text, CANONICAL);
  if (!tokens.length || tokens.length > MAX_PART_TOKENS) return null;
  try {
    const r = readExpression(tokens, 0, tokens.length);
    return r && r.end === tokens.length ? r.node : null;
  } catch (e) {
    if (e instanceof TooLarge) return null;
    throw e;
  }
}
