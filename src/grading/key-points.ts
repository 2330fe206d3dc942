import { analyse, type Analysis, type Token } from './nlp';
import type { KeyPoint } from './types';

/**
 * Key points are the model answer's complete statements: its sentences, and within a long
 * sentence its clauses ("…, whereas …", "…; …", "…, but …") when each side has its own verb.
 * A key point is credited when one sentence of the answer (or two neighbouring ones) states it:
 * most of its words, in a sentence rather than a list of terms, and not negated.
 */

/** Where a sentence may be cut into clauses: semicolons, colons, and a comma before a conjunction. */
const CLAUSE_CUT =
  /\s*[;:]\s+|,\s+(?=(?:and|but|whereas|while|which|so|or|because|whereby|thus|hence)\b)|\s+(?=(?:whereas|whereby)\b)/i;

/** Share of a key point's words an answer sentence must state for the point to count as made. */
export const MATCH_SHARE = 0.5;

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
 * leaving out the question's own words (restating the question earns no key point).
 */
export function keyPoints(modelText: string, questionText: string): KeyPoint[] {
  const question = new Set(contentOf(questionTokens(questionText)).map((t) => t.key));
  const seen = new Set<string>();
  const out: KeyPoint[] = [];
  const sentences = modelText
    .split(/\s*\n\s*(?=[-–•*]|\(?[a-z0-9]{1,2}[.)]\s)/i)
    .flatMap((part) => analyse(part).sentences.map((s) => s.text));
  for (const raw of sentences.flatMap(clauses)) {
    const phrase = tidy(raw);
    const tokens = analyse(phrase).sentences.flatMap((s) => s.tokens);
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

function questionTokens(text: string): Token[] {
  return analyse(text).sentences.flatMap((s) => s.tokens);
}

/** Polarity of the words of `tokens` that belong to the key point: true when most are negated. */
function negatedIn(tokens: Token[], stems: Set<string>): boolean {
  const hits = tokens.filter((t) => t.content && stems.has(t.key));
  return hits.length > 0 && hits.filter((t) => t.negated).length * 2 > hits.length;
}

/**
 * How fully an answer states a key point (0..1): the best share of its words found in one
 * sentence or two neighbouring ones. Sentences that are only lists of terms state nothing (unless
 * the model answer itself is a list), and a sentence that negates the point does not make it.
 */
export function keyPointDegree(point: KeyPoint, answer: Analysis, listsCount = false): number {
  const own = statedDegree(point, answer, listsCount);
  return Math.max(
    own,
    ...(point.alternatives ?? []).map((a) => statedDegree(a, answer, listsCount)),
  );
}

function statedDegree(point: KeyPoint, answer: Analysis, listsCount: boolean): number {
  const stems = new Set(point.stems);
  const sents = answer.sentences;
  let best = 0;
  for (let i = 0; i < sents.length; i++) {
    for (const span of [sents.slice(i, i + 1), sents.slice(i, i + 2)]) {
      if (span.length === 2 && i + 1 >= sents.length) continue;
      if (!listsCount && span.some((s) => !s.structured)) continue;
      const tokens = span.flatMap((s) => s.tokens);
      if (negatedIn(tokens, stems) !== Boolean(point.negated)) continue;
      const present = new Set(tokens.filter((t) => t.content).map((t) => t.key));
      const hits = point.stems.filter((s) => present.has(s)).length;
      // One shared word ("plants") does not state a point of two or more words.
      const share =
        hits < Math.min(2, point.stems.length)
          ? Math.min(hits / point.stems.length, MATCH_SHARE - 0.01)
          : hits / point.stems.length;
      if (share > best) best = share;
    }
  }
  return best;
}

/** Whether a degree counts as the key point being made. */
export function isMatched(degree: number): boolean {
  return degree >= MATCH_SHARE;
}

/**
 * A teacher's rubric item as a key point: its wording, with each accepted alternative a way of
 * stating it that counts as well.
 */
export function rubricKeyPoint(
  item: { text: string; alternatives: string[] },
  questionText: string,
): KeyPoint {
  const one = (text: string): KeyPoint => {
    const points = keyPoints(text, questionText);
    const stems = [...new Set(points.flatMap((p) => p.stems))];
    return { phrase: text, stems, negated: points.some((p) => p.negated) };
  };
  const point = one(item.text);
  const alternatives = item.alternatives.map(one).filter((a) => a.stems.length > 0);
  return alternatives.length ? { ...point, alternatives } : point;
}
