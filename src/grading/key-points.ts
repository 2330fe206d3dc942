import { mathsTarget, readingContext } from './maths';
import { analyse, type Token } from './nlp';
import { phrasal } from './phrasal';
import { contentStems, words } from './text';
import type { KeyPoint } from './types';

/**
 * Key points are the model answer's complete statements: its sentences, and within a long
 * sentence its clauses ("…, whereas …", "…; …", "…, but …") when each side has its own verb.
 * A key point is credited when one sentence of the answer (or two neighbouring ones) states it:
 * most of its words, in a sentence rather than a list of terms, and not negated.
 */

/** Where a sentence may be cut into clauses: semicolons, colons, and a comma before a conjunction. */
const CLAUSE_CUT =
  /\s*[;:]\s+|,\s+(?=(?:and|but|whereas|while|which|so|or|because|whereby|thus|hence)\b)|\s+(?=(?:whereas|whereby|because)\b)/i;

function hasVerb(tokens: Token[]): boolean {
  return tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
}

function contentOf(tokens: Token[]): Token[] {
  return tokens.filter((t) => t.content);
}

/** Cuts one sentence into clauses that each have a verb and two content words; never mid-phrase. */
function clauses(sentence: string): string[] {
  const pieces = sentence.split(CLAUSE_CUT).filter((p) => p.trim());
  const out: string[] = [];
  for (const piece of pieces) {
    const tokens = analyse(piece).sentences.flatMap((s) => s.tokens);
    const whole = hasVerb(tokens) && contentOf(tokens).length >= 2;
    if (out.length && !whole) out[out.length - 1] += ` ${piece}`;
    else out.push(piece);
  }
  // A first piece without a verb ("In short, …") joins the next one.
  if (out.length > 1 && !hasVerb(analyse(out[0]!).sentences.flatMap((s) => s.tokens)))
    out.splice(0, 2, `${out[0]} ${out[1]}`);
  return out;
}

function tidy(phrase: string): string {
  const t = phrase
    .replace(/^[-–•*\s]+/, '')
    .replace(/^(?:and|but|so|or|whereas|whereby|thus|hence)\s+/i, '')
    .replace(/[.;:,\s]+$/, '')
    .trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * The model answer's key points: whole statements, each with the lemma stems that stand for it,
 * leaving out the question's own words (restating the question earns no key point). A line that
 * is mathematics ("v = u + at", "g = 9.8 m/s² (±2%)", a step of a calculation) is a key point of
 * its own, judged by its value or its algebra rather than its words (src/grading/maths).
 */
export function keyPoints(modelText: string, questionText: string): KeyPoint[] {
  const out: KeyPoint[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length) out.push(...prosePoints(prose.join('\n'), questionText, out));
    prose = [];
  };
  const notation = readingContext(questionText, modelText);
  for (const line of modelText.split('\n')) {
    const maths = mathsTarget(line, notation);
    if (!maths) {
      prose.push(line);
      continue;
    }
    flush();
    // Symbols keep their case: "a = …" is the acceleration, "A = …" an area.
    const phrase = line.replace(/^[-–•*\s]+/, '').replace(/[.;,\s]+$/, '');
    out.push({ phrase, stems: mathsStems(phrase), maths });
  }
  flush();
  return out;
}

/** The words of a mathematical key point, for the word statistics: its content, or every symbol. */
function mathsStems(phrase: string): string[] {
  const content = contentStems(phrase);
  return content.length ? content : words(phrase);
}

/** Key points of prose: its sentences and clauses, none a repeat of one already found (`found`). */
function prosePoints(modelText: string, questionText: string, found: KeyPoint[]): KeyPoint[] {
  const question = new Set(contentOf(questionTokens(questionText)).map((t) => t.key));
  const seen = new Set(found.map((p) => [...p.stems].sort().join(' ')));
  const out: KeyPoint[] = [];
  const sentences = modelText
    .split(/\s*\n\s*(?=[-–•*]|\(?[a-z0-9]{1,2}[.)]\s)/i)
    .flatMap((part) => analyse(part).sentences.map((s) => s.text));
  for (const raw of sentences.flatMap(clauses)) {
    // A bare "Yes." or "No." opening the model answer is a point of its own, the option the
    // answer picks (see optionOf in judge.ts): "no" is a stop word, and would otherwise leave
    // nothing to contradict.
    if (BARE_OPTION.test(raw)) {
      // the answer's own verdict opens it; a later part's ("… No. The motor …") is not the
      // option the whole answer picks, and is left out as before
      if (out.length || found.length) continue;
      const option = tidy(raw);
      const keys = contentOf(analyse(option).sentences.flatMap((s) => s.tokens)).map((t) => t.key);
      const stems = keys.length ? keys : [option.toLowerCase()];
      if (!seen.has(stems.join(' '))) out.push({ phrase: option, stems });
      seen.add(stems.join(' '));
      continue;
    }
    const phrase = tidy(raw);
    const tokens = phrasal(analyse(phrase).sentences.flatMap((s) => s.tokens));
    const all = [...new Set(contentOf(tokens).map((t) => t.key))];
    const own = all.filter((s) => !question.has(s));
    const stems = own.length ? own : all;
    const key = [...stems].sort().join(' ');
    if (!stems.length || seen.has(key)) continue;
    seen.add(key);
    out.push({ phrase, stems, negated: contentOf(tokens).some((t) => t.negated) });
  }
  return out;
}

/** A sentence that is only a yes or a no. */
const BARE_OPTION = /^\s*(?:yes|no)\s*[.!]?\s*$/i;

function questionTokens(text: string): Token[] {
  return analyse(text).sentences.flatMap((s) => s.tokens);
}

/**
 * A teacher's rubric item as a key point: its wording, with each accepted alternative a way of
 * stating it that counts as well.
 */
export function rubricKeyPoint(
  item: { text: string; alternatives: string[] },
  questionText: string,
): KeyPoint {
  const notation = readingContext(questionText, item.text);
  const one = (text: string): KeyPoint => {
    const maths = mathsTarget(text, notation);
    if (maths) return { phrase: text, stems: mathsStems(text), maths };
    const points = keyPoints(text, questionText);
    const stems = [...new Set(points.flatMap((p) => p.stems))];
    return { phrase: text, stems, negated: points.some((p) => p.negated) };
  };
  const point = one(item.text);
  const alternatives = item.alternatives.map(one).filter((a) => a.stems.length > 0);
  return alternatives.length ? { ...point, alternatives } : point;
}
