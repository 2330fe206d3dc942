import { addInto, cosine, dot, tfVector, unit, type Vec } from './vectors';
import {
  OFF_TOPIC,
  OFF_TOPIC_OTHER,
  OTHER_QUESTION_MARGIN,
  OTHER_QUESTION_MIN,
  OTHER_QUESTION_RATIO,
  WEAK,
} from './rules';

/**
 * Whether an answer addresses its question. Every question of the paper is described twice: by
 * its question text and model answer, and by the class's answers to it. An answer closer to
 * another question's description than to its own reads as an answer to that question; one close
 * to none of them is off-topic.
 */
export type Relevance = {
  /** Closeness to this question (0..1): to its question and model answer, and to the class's answers. */
  own: number;
  /** The closest other question's number and closeness, when the paper has other questions. */
  other: { number: string; score: number } | null;
  verdict: 'relevant' | 'weak' | 'off-topic' | 'other-question';
};

/** One question of the paper as relevance sees it: reference stems and the class's answers. */
export type PaperQuestion = { number: string; reference: string[]; answers: string[][] };

function idfOf(docs: string[][]): (t: string) => number {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  return (t) => Math.max(0.1, Math.log((n + 1) / ((df.get(t) ?? 0) + 0.5)));
}

type Described = { ref: Vec; sum: Vec; sumNorm2: number; vecs: Vec[] };

/** Cosine of a unit vector with the sum of a class's unit vectors, leaving itself out when `self`. */
function classCosine(v: Vec, d: Described, self: boolean): number {
  const vs = dot(v, d.sum);
  const vv = self ? dot(v, v) : 0;
  const num = vs - vv;
  const norm2 = d.sumNorm2 - (self ? 2 * vs - vv : 0);
  const vNorm = Math.sqrt(dot(v, v));
  return norm2 > 1e-12 && vNorm > 0 ? num / (vNorm * Math.sqrt(norm2)) : 0;
}

/**
 * Relevance of every answer to question `qi` of the paper. `paper[qi].answers` are the answers
 * being judged (empty ones are skipped by the caller); the other questions' answers describe them.
 */
export function relevanceOf(paper: PaperQuestion[], qi: number): Relevance[] {
  const idf = idfOf([
    ...paper.map((p) => p.reference),
    ...paper.flatMap((p) => p.answers.filter((a) => a.length)),
  ]);
  const described: Described[] = paper.map((p) => {
    const vecs = p.answers.map((a) => unit(tfVector(a, idf)));
    const sum: Vec = new Map();
    for (const v of vecs) addInto(sum, v);
    return { ref: tfVector(p.reference, idf), sum, sumNorm2: dot(sum, sum), vecs };
  });
  const mine = described[qi]!;
  return mine.vecs.map((v) => {
    const closeness = (d: Described, self: boolean): number => {
      const count = d.vecs.length - (self ? 1 : 0);
      const ref = cosine(v, d.ref);
      return count >= 3 ? (ref + classCosine(v, d, self)) / 2 : ref;
    };
    const own = closeness(mine, true);
    let other: Relevance['other'] = null;
    described.forEach((d, j) => {
      if (j === qi) return;
      const score = closeness(d, false);
      if (!other || score > other.score) other = { number: paper[j]!.number, score };
    });
    const best = other as Relevance['other'];
    const verdict: Relevance['verdict'] =
      best &&
      best.score >= OTHER_QUESTION_MIN &&
      best.score > OTHER_QUESTION_RATIO * own + OTHER_QUESTION_MARGIN
        ? 'other-question'
        : own < OFF_TOPIC && (!best || best.score < OFF_TOPIC_OTHER)
          ? 'off-topic'
          : own < WEAK
            ? 'weak'
            : 'relevant';
    return { own, other: best, verdict };
  });
}
