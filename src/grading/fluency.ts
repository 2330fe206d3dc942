import type { Analysis } from './nlp';
import { POS_BIGRAMS } from './pos-bigrams';

/**
 * How much an answer reads as English, by the order of its parts of speech: the mean natural log
 * of the chance of each word's part of speech after the one before it, as students and teachers
 * write them (POS_BIGRAMS, counted on the training answers). Written sentences score about −1.4 to
 * −2.1, words strung together in no grammatical order ("salt leaving is water evaporated the") lower
 * (−2.9); the tagger misreads some sentences of any subject, so an answer is read against its model
 * answer (see GARBLED_MARGIN). Needs no model of the subject: only which kinds of words follow which.
 */

/** Each sentence's parts of speech, between BOS and EOS. */
export function posSequences(a: Analysis): string[][] {
  return a.sentences.map((s) => ['BOS', ...s.tokens.map((t) => t.pos), 'EOS']);
}

const SMOOTHING = 0.5;
const rows = new Map(
  Object.entries(POS_BIGRAMS).map(([from, row]) => [
    from,
    { row, total: Object.values(row).reduce((s, n) => s + n, 0) },
  ]),
);
const TAGS = new Set([...Object.keys(POS_BIGRAMS), 'EOS']).size;

/** The mean log-chance of each part of speech after the one before it (0 for an empty answer). */
export function posFluency(a: Analysis): number {
  let sum = 0;
  let n = 0;
  for (const seq of posSequences(a))
    for (let i = 1; i < seq.length; i++) {
      const r = rows.get(seq[i - 1]!);
      const count = r?.row[seq[i]!] ?? 0;
      sum += Math.log((count + SMOOTHING) / ((r?.total ?? 0) + SMOOTHING * TAGS));
      n++;
    }
  return n ? sum / n : 0;
}
