/**
 * The task organisers'-style lexical baseline of SemEval-2013 Task 7 (Dzikovska et al. 2013): four
 * word-overlap measures of the answer against the reference answer (the best of the accepted ones)
 * and the same four against the question, fitted the same way as the engine's model. Printed beside
 * every figure of the engine so a gain over plain word overlap shows.
 */
import { splitAccepted } from '../src/grading/prepare';
import { contentStems } from '../src/grading/text';
import type { CorpusQuestion } from './corpora';

/** Number of shared words, F1 of the overlap, cosine of word counts, and the Lesk score. */
function overlap(answer: string[], reference: string[]): number[] {
  const a = new Set(answer);
  const r = new Set(reference);
  const shared = [...a].filter((w) => r.has(w)).length;
  const precision = a.size ? shared / a.size : 0;
  const recall = r.size ? shared / r.size : 0;
  const f1 = shared ? (2 * precision * recall) / (precision + recall) : 0;
  const cosine = a.size && r.size ? shared / Math.sqrt(a.size * r.size) : 0;
  return [shared, f1, cosine, lesk(answer, reference)];
}

/**
 * Lesk-style score: the sum of the squared lengths of the longest common runs of words, taken
 * greedily, over the product of the lengths (0..1).
 */
function lesk(a: string[], b: string[]): number {
  const used = new Set<number>();
  let sum = 0;
  for (let i = 0; i < a.length;) {
    let best = 0;
    let at = -1;
    for (let j = 0; j < b.length; j++) {
      let k = 0;
      while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k] && !used.has(j + k)) k++;
      if (k > best) [best, at] = [k, j];
    }
    if (best === 0) {
      i++;
      continue;
    }
    for (let k = 0; k < best; k++) used.add(at + k);
    sum += best * best;
    i += best;
  }
  return a.length && b.length ? sum / (a.length * b.length) : 0;
}

/** The baseline's eight features of one answer to a question. */
export function lexicalFeatures(q: CorpusQuestion, answer: string): number[] {
  const { main, accepted } = splitAccepted(q.model);
  const words = contentStems(answer);
  const refs = [main, ...accepted].map((r) => overlap(words, contentStems(r)));
  const best = refs.reduce((a, b) => (b[1]! > a[1]! ? b : a));
  return [...best, ...overlap(words, contentStems(q.question))];
}
