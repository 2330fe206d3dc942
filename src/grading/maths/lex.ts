import { KNOWN_NAMES } from './names';

/**
 * Tokens of normalised text (see normalise.ts): numbers, words (letter runs, with a subscript
 * "v_0"), operators, brackets and everything else. Scientific notation written as a product
 * ("3.0 * 10^8", "3.0 x 10^-8") and digits grouped by spaces ("3 600 000") are folded into one
 * number here, so each reads as one value; "x" between two numbers or brackets is a times sign
 * where x is not a symbol of the question; a name ("Ek", "KE", µ) is marked as one symbol.
 */

export type TokenKind = 'num' | 'word' | 'op' | 'open' | 'close' | 'other';

export type Token = {
  kind: TokenKind;
  /** The token as the reader uses it: "v_0" for "v₀" and "v0", "*" for "×". */
  text: string;
  /** Its value, for a number. */
  value: number;
  /** Whether the number was written in scientific notation. */
  sci: boolean;
  /** Where it stands in the normalised text (end exclusive). */
  start: number;
  end: number;
  /** Whether white space stands right before it. */
  space: boolean;
  /** Whether a word is one symbol however many letters it has ("Ek", "mu" written µ). */
  whole: boolean;
  /**
   * The question's symbol a one-letter word stands for when the question writes it in the other
   * case only ("Q" for its "q"); read so as a symbol, never as a unit.
   */
  symbol?: string;
};

/** How words are read: which are names, and whether "x" can be a times sign. */
export type LexOptions = {
  /** Words read as one symbol, by written form: the symbol ("KE": "Ek"). */
  names: ReadonlyMap<string, string>;
  /** Symbols of the question: "x" is a times sign only when it is not one of them. */
  symbols: ReadonlySet<string>;
  /**
   * The engine's own mathjs syntax, written with every product explicit: every word is one
   * symbol, and numbers and "x" are read exactly as written.
   */
  canonical: boolean;
};

const WRITTEN: LexOptions = { names: KNOWN_NAMES, symbols: new Set(), canonical: false };

const NUMBER = /^(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/;
const WORD = /^[A-Za-z]+(?:_\{[A-Za-z0-9]+\}|_[A-Za-z0-9]+|\d+(?![.\d]))?/;
const OPERATORS = new Set(['+', '-', '*', '/', '^', '=']);

/** The reader's spelling of a word: a subscript written v0, v_0 or v_{0} is v_0. */
function wordText(raw: string): string {
  const m = /^([A-Za-z]+)(?:_\{?([A-Za-z0-9]+)\}?|(\d+))$/.exec(raw);
  if (!m) return raw;
  return `${m[1]}_${m[2] ?? m[3]}`;
}

/** µ written as a letter (not the prefix micro, which normalise.ts writes as "u"). */
const GREEK_LETTERS: Record<string, string> = { µ: 'mu', μ: 'mu', ν: 'nu' };

/** Splits normalised text into tokens (see the file's comment). */
export function lex(text: string, options: LexOptions = WRITTEN): Token[] {
  const tokens: Token[] = [];
  let space = true;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      space = true;
      i++;
      continue;
    }
    const rest = text.slice(i, i + 64);
    const num = NUMBER.exec(rest);
    const word = num ? null : WORD.exec(rest);
    const greek = GREEK_LETTERS[c];
    let kind: TokenKind = 'other';
    let raw = c;
    if (num) [kind, raw] = ['num', num[0]];
    else if (word) [kind, raw] = ['word', word[0]];
    else if (greek) kind = 'word';
    else if (OPERATORS.has(c)) kind = 'op';
    else if (c === '(' || c === '[' || c === '{') kind = 'open';
    else if (c === ')' || c === ']' || c === '}') kind = 'close';
    const plain =
      kind === 'word' ? wordText(raw) : kind === 'open' ? '(' : kind === 'close' ? ')' : raw;
    const name = kind === 'word' ? (options.names.get(raw) ?? options.names.get(plain)) : undefined;
    tokens.push({
      kind,
      text: greek ?? name ?? plain,
      whole: kind === 'word' && (options.canonical || greek !== undefined || name !== undefined),
      value: kind === 'num' ? Number(raw) : NaN,
      sci: kind === 'num' && /[eE]/.test(raw),
      start: i,
      end: i + raw.length,
      space,
    });
    space = false;
    i += raw.length;
  }
  if (options.canonical) return foldScientific(tokens);
  for (const t of tokens) {
    const other = otherCase(t.text);
    if (t.kind === 'word' && other && !options.symbols.has(t.text) && options.symbols.has(other))
      t.symbol = other;
  }
  return foldScientific(timesSigns(foldDigitGroups(tokens), options.symbols));
}

/**
 * "3 600 000" as one number: a group of one to three digits followed by groups of exactly three,
 * each after one space.
 */
function foldDigitGroups(tokens: Token[]): Token[] {
  const out: Token[] = [];
  const group = (t: Token | undefined, after: Token) =>
    t?.kind === 'num' && /^\d{3}$/.test(t.text) && t.start === after.end + 1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const before = out[out.length - 1];
    const glued = before?.kind === 'num' && t.start === before.end + 1;
    if (t.kind !== 'num' || !/^\d{1,3}$/.test(t.text) || glued || !group(tokens[i + 1], t)) {
      out.push(t);
      continue;
    }
    let last = t;
    let digits = t.text;
    while (group(tokens[i + 1], last)) {
      last = tokens[++i]!;
      digits += last.text;
    }
    out.push({ ...t, text: digits, value: Number(digits), end: last.end });
  }
  return out;
}

/** "q" for "Q", "v_0" for "V_0": a one-letter symbol in the other case, or null. */
function otherCase(word: string): string | null {
  const m = /^([A-Za-z])(_[A-Za-z0-9]+)?$/.exec(word);
  if (!m) return null;
  const letter = m[1]!;
  const swapped = letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase();
  return swapped + (m[2] ?? '');
}

/** What can stand on either side of a times sign written "x". */
const LEFT_OPERAND = new Set(['num', 'close', 'word']);
const RIGHT_OPERAND = new Set(['num', 'open', 'word']);

/** "0.5 x 6.02", "(R1 x R2)", "(5 x 60)": an "x" between operands, spaced, is a times sign. */
function timesSigns(tokens: Token[], symbols: ReadonlySet<string>): Token[] {
  if (symbols.has('x')) return tokens;
  return tokens.map((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const times =
      t.kind === 'word' &&
      t.text === 'x' &&
      t.space &&
      next?.space === true &&
      prev !== undefined &&
      LEFT_OPERAND.has(prev.kind) &&
      RIGHT_OPERAND.has(next.kind);
    return times ? { ...t, kind: 'op', text: '*', whole: false } : t;
  });
}

/** "3.0 * 10^8" and "3.0 x 10^-8" as one number, unless the mantissa follows a division. */
function foldScientific(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const times = tokens[i + 1];
    const ten = tokens[i + 2];
    const hat = tokens[i + 3];
    const signed = tokens[i + 4]?.kind === 'op' && /^[+-]$/.test(tokens[i + 4]!.text);
    const exp = tokens[i + (signed ? 5 : 4)];
    const before = out[out.length - 1];
    const fold =
      t.kind === 'num' &&
      !t.sci &&
      (times?.text === '*' || times?.text === 'x' || times?.text === 'X') &&
      ten?.kind === 'num' &&
      ten.text === '10' &&
      hat?.text === '^' &&
      exp?.kind === 'num' &&
      /^\d+$/.test(exp.text) &&
      before?.text !== '/' &&
      before?.text !== '^';
    if (!fold) {
      out.push(t);
      continue;
    }
    const power = Number(`${signed ? tokens[i + 4]!.text : ''}${exp.text}`);
    out.push({ ...t, value: Number(`${t.text}e${power}`), sci: true, end: exp.end });
    i += signed ? 5 : 4;
  }
  return out;
}
