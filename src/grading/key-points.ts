import { contentStems } from './text';
import type { KeyPoint } from './types';

/** Phrases longer than this many words are cut at commas, conjunctions and prepositions. */
const MAX_WORDS = 6;
/** Words a long phrase may be cut before; the word stays with the phrase it starts. */
const CUT_BEFORE =
  /^(?:and|or|but|that|which|who|where|when|while|because|so|by|using|with|without|from|of|in|into|for|to|on|than)$/i;

function contentCount(words: string[]): number {
  return contentStems(words.join(' ')).length;
}

/** Cuts a long phrase into pieces that each carry at least two content words. */
function cut(phrase: string): string[] {
  const words = phrase.split(' ');
  if (words.length <= MAX_WORDS) return [phrase];
  const pieces: string[][] = [[]];
  for (const w of words) {
    const last = pieces[pieces.length - 1]!;
    if (
      last.length &&
      (CUT_BEFORE.test(w) || /[,;]$/.test(last[last.length - 1]!)) &&
      contentCount(last) >= 2
    )
      pieces.push([w]);
    else last.push(w);
  }
  const tail = pieces[pieces.length - 1]!;
  if (pieces.length > 1 && contentCount(tail) < 2)
    pieces[pieces.length - 2]!.push(...pieces.pop()!);
  return pieces.map((p) => p.join(' ').replace(/^(?:and|or|but|so|to|that|which|of)\s+/i, ''));
}

/** Splits a model answer into short phrases a student can recognise. */
function phrases(modelText: string): string[] {
  return modelText
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?;:])\s+|\s*\n\s*/)
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap(cut);
}

/**
 * The model answer's key points: short phrases with the stems that stand for them, leaving
 * out the question's own words (restating the question earns no key point).
 */
export function keyPoints(modelText: string, questionText: string): KeyPoint[] {
  const question = new Set(contentStems(questionText));
  const seen = new Set<string>();
  const out: KeyPoint[] = [];
  for (const raw of phrases(modelText)) {
    const phrase = raw.replace(/^[-–•*\s]+/, '').replace(/[.;:,\s]+$/, '');
    const all = [...new Set(contentStems(phrase))];
    const own = all.filter((s) => !question.has(s));
    const stems = own.length ? own : all;
    const key = stems.join(' ');
    if (!stems.length || seen.has(key)) continue;
    seen.add(key);
    out.push({ phrase, stems });
  }
  return out;
}

/** Share of a key point's stems that an answer contains. */
export function keyPointCoverage(point: KeyPoint, answer: Set<string>): number {
  return point.stems.filter((s) => answer.has(s)).length / point.stems.length;
}

/** A key point counts as made when at least half of its words (and at least one) appear. */
export function isMatched(point: KeyPoint, answer: Set<string>): boolean {
  return keyPointCoverage(point, answer) >= 0.5;
}
