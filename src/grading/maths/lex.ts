/**
 * Tokens of normalised text (see normalise.ts): numbers, words (letter runs, with a subscript
 * "v_0"), operators, brackets and everything else. Scientific notation written as a product
 * ("3.0 * 10^8", "3.0 x 10^-8") is folded into one number here, so it reads as one value.
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
};

const NUMBER = /^(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/;
const WORD = /^[A-Za-z]+(?:_\{[A-Za-z0-9]+\}|_[A-Za-z0-9]+|\d+(?![.\d]))?/;
const OPERATORS = new Set(['+', '-', '*', '/', '^', '=']);

/** The reader's spelling of a word: a subscript written v0, v_0 or v_{0} is v_0. */
function wordText(raw: string): string {
  const m = /^([A-Za-z]+)(?:_\{?([A-Za-z0-9]+)\}?|(\d+))$/.exec(raw);
  if (!m) return raw;
  return `${m[1]}_${m[2] ?? m[3]}`;
}

/** Splits normalised text into tokens. */
export function lex(text: string): Token[] {
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
    let kind: TokenKind = 'other';
    let raw = c;
    if (num) [kind, raw] = ['num', num[0]];
    else if (word) [kind, raw] = ['word', word[0]];
    else if (OPERATORS.has(c)) kind = 'op';
    else if (c === '(' || c === '[' || c === '{') kind = 'open';
    else if (c === ')' || c === ']' || c === '}') kind = 'close';
    const tokenText =
      kind === 'word' ? wordText(raw) : kind === 'open' ? '(' : kind === 'close' ? ')' : raw;
    tokens.push({
      kind,
      text: tokenText,
      value: kind === 'num' ? Number(raw) : NaN,
      sci: kind === 'num' && /[eE]/.test(raw),
      start: i,
      end: i + raw.length,
      space,
    });
    space = false;
    i += raw.length;
  }
  return foldScientific(tokens);
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
