/**
 * Mathematics as PDF text and OCR give it, rewritten in one plain notation the reader parses:
 * superscripts become powers (x² → x^2, s⁻² → s^-2), subscripts join their symbol (v₀ → v_0),
 * ×, ·, ÷ and the Unicode minus and dash become * / -, √ becomes sqrt, π and Greek letters their
 * names, ½ a fraction, Ω ohm and °C degC. Each character of the result remembers where it came
 * from, so a part read from the plain text is quoted to people as it was written.
 */

/**
 * The plain text, and for each of its characters where the original characters it came from start
 * and end (end exclusive).
 */
export type Normalised = { text: string; origin: number[]; originEnd: number[] };

const SUPERSCRIPT: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁻': '-',
  '⁺': '+',
};

const SUBSCRIPT: Record<string, string> = {
  '₀': '0',
  '₁': '1',
  '₂': '2',
  '₃': '3',
  '₄': '4',
  '₅': '5',
  '₆': '6',
  '₇': '7',
  '₈': '8',
  '₉': '9',
};

/** Single characters written as a word or a sign the reader knows. */
const CHARACTERS: Record<string, string> = {
  '×': '*',
  '⋅': '*',
  '·': '*',
  '∙': '*',
  '✕': '*',
  '÷': '/',
  '∕': '/',
  '−': '-',
  '–': '-',
  '≈': '=',
  '≃': '=',
  π: ' pi ',
  θ: ' theta ',
  λ: ' lambda ',
  ω: ' omega ',
  ρ: ' rho ',
  α: ' alpha ',
  β: ' beta ',
  γ: ' gamma ',
  σ: ' sigma ',
  τ: ' tau ',
  φ: ' phi ',
  ε: ' epsilon ',
  η: ' eta ',
  ν: ' nu ',
  '½': '(1/2)',
  '⅓': '(1/3)',
  '⅔': '(2/3)',
  '¼': '(1/4)',
  '¾': '(3/4)',
  Ω: 'ohm',
  '℃': 'degC',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
};

/** Builds the normalised text piece by piece, keeping each piece's origin. */
class Builder {
  text = '';
  origin: number[] = [];
  originEnd: number[] = [];
  push(piece: string, from: number, to = from + 1): void {
    this.text += piece;
    for (let k = 0; k < piece.length; k++) {
      this.origin.push(from);
      this.originEnd.push(to);
    }
  }
}

/** µ or μ right after a number (with or without a space) and before a letter is the prefix micro. */
function isMicroPrefix(text: string, i: number): boolean {
  return /[A-Za-z]/.test(text[i + 1] ?? '') && /\d\s?$/.test(text.slice(Math.max(0, i - 2), i));
}

/**
 * Whether the long dash at `i` stands for a minus sign, as text recognition often reads one
 * ("5x —10", "x — 3", "b² — 4ac", "= —23"): after a number, a bracket, a power, an operator or a
 * one-letter symbol, or glued to the number or bracket after it. After a word ("Speed — 5 m/s",
 * "well—known") it stays a dash.
 */
function dashIsMinus(text: string, i: number): boolean {
  const before = text.slice(Math.max(0, i - 3), i).trimEnd();
  const last = before[before.length - 1] ?? '';
  if (/[\d)=(+*/]/.test(last) || SUPERSCRIPT[last] !== undefined) return true;
  if (/(?:^|[^A-Za-z])[A-Za-z]$/.test(before)) return true;
  return /^[\d(]/.test(text[i + 1] ?? '');
}

/** How many characters from `i` form a run of superscripts, and what they read as. */
function superscriptRun(text: string, i: number): { length: number; plain: string } {
  let plain = '';
  let k = i;
  while (k < text.length && SUPERSCRIPT[text[k]!] !== undefined) plain += SUPERSCRIPT[text[k++]!];
  return { length: k - i, plain };
}

/** Rewrites a text into the reader's plain notation (see the file's comment). */
export function normalise(original: string): Normalised {
  const out = new Builder();
  const text = original;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const sup = superscriptRun(text, i);
    if (sup.length) {
      const signInside = sup.plain.length > 1 && /[+-]/.test(sup.plain.slice(1));
      out.push(`^${signInside ? `(${sup.plain})` : sup.plain}`, i, i + sup.length);
      i += sup.length - 1;
      continue;
    }
    const sub = SUBSCRIPT[c];
    if (sub !== undefined) {
      const glued = /[A-Za-z]$/.test(out.text) ? '_' : '';
      // "R₁R₂" is R_1 times R_2: a letter after a subscript starts a symbol of its own.
      const apart = /[A-Za-z]/.test(text[i + 1] ?? '') ? ' ' : '';
      out.push(`${glued}${sub}${apart}`, i);
      continue;
    }
    if (c === 'µ' || c === 'μ') {
      // The letter µ stays itself: lex.ts reads it as the symbol mu, never as m·u.
      out.push(isMicroPrefix(text, i) ? 'u' : ' µ ', i);
      continue;
    }
    if (c === 'Δ' || c === 'δ') {
      out.push(/[A-Za-z]/.test(text[i + 1] ?? '') ? 'Delta_' : ' Delta ', i);
      continue;
    }
    if (c === '°') {
      const celsius = /^\s?C(?![A-Za-z])/.exec(text.slice(i + 1));
      out.push(celsius ? ' degC' : ' deg', i, i + 1 + (celsius?.[0].length ?? 0));
      if (celsius) i += celsius[0].length;
      continue;
    }
    if (c === '√') {
      out.push(' sqrt', i);
      continue;
    }
    if (c === '—' && dashIsMinus(text, i)) {
      out.push('-', i);
      continue;
    }
    if (c === '*' && text[i + 1] === '*') {
      out.push('^', i, i + 2);
      i++;
      continue;
    }
    out.push(CHARACTERS[c] ?? c, i);
  }
  return { text: out.text, origin: out.origin, originEnd: out.originEnd };
}

/** The original words behind the normalised characters `start`..`end` (end exclusive). */
export function originalSlice(original: string, n: Normalised, start: number, end: number): string {
  if (end <= start) return '';
  const from = n.origin[start] ?? 0;
  const to = n.originEnd[end - 1] ?? original.length;
  return original.slice(from, to).trim();
}

/** One piece of normalised text to write another way: characters `start`..`end`, as `text`. */
export type Edit = { start: number; end: number; text: string };

/**
 * The normalised text with some of its pieces written another way (edits in order, not
 * overlapping); each new character keeps the origin of the whole piece it replaces.
 */
export function rewrite(n: Normalised, edits: Edit[]): Normalised {
  if (!edits.length) return n;
  const out = new Builder();
  let at = 0;
  const keep = (to: number) => {
    for (; at < to; at++) out.push(n.text[at]!, n.origin[at]!, n.originEnd[at]!);
  };
  for (const e of edits) {
    if (e.start < at) continue;
    keep(e.start);
    out.push(e.text, n.origin[e.start]!, n.originEnd[e.end - 1]!);
    at = e.end;
  }
  keep(n.text.length);
  return { text: out.text, origin: out.origin, originEnd: out.originEnd };
}
