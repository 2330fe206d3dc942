import { isContent, stem, words } from './text';

/**
 * Misspellings of the model answer's own words ("refrence", "paremeters", "infinately") are read
 * as those words, so a student who knows the answer but not its spelling still states it. Only
 * words of five letters or more are corrected, by at most one edit (two from eight letters), and
 * only towards a word of the model answer or question.
 */

/** Edit distance of two words, giving up (returning max + 1) once it exceeds `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      row.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/** The words a text's misspellings may be corrected to: the reference's content words of five letters or more. */
export function spellingTargets(reference: string): string[] {
  return [...new Set(words(reference).filter((w) => isContent(w) && w.length >= 5))];
}

/** The text with each misspelt reference word replaced by the reference's spelling. */
export function correctSpelling(text: string, targets: string[]): string {
  if (!targets.length) return text;
  const known = new Set(targets);
  return text.replace(/[A-Za-z]{5,}/g, (raw) => {
    const w = raw.toLowerCase();
    if (known.has(w)) return raw;
    // another form of a reference word ("circuits", "houses") is no misspelling: kept as written
    const root = stem(w);
    if (targets.some((t) => stem(t) === root)) return raw;
    const max = w.length >= 8 ? 2 : 1;
    let best: string | null = null;
    let bestD = max + 1;
    for (const t of targets) {
      // Same first letter: misspellings rarely change it, and it keeps "compile" from "complete".
      if (t[0] !== w[0]) continue;
      const d = distance(w, t, max);
      if (d < bestD) [best, bestD] = [t, d];
    }
    return best ?? raw;
  });
}
