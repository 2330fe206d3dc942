/**
 * Similar hand-ins: pairs of answers that share unusual passages, found by winnowing (Schleimer,
 * Wilkerson and Aiken 2003) over word 5-grams. Passages of the question paper and the model
 * answer, and phrases a large part of the class uses, are ignored; every candidate is checked word
 * by word, so a hash collision never makes a pair. Identical hand-ins are one group, never
 * n·(n−1)/2 pairs. Pure and deterministic: the same texts give the same report.
 */

/** One hand-in to compare: its text (as read, OCR included) and who wrote it. */
export type SimilarityDoc = {
  id: string;
  text: string;
  /** The student: two hand-ins of one student (earlier class) are never a pair. */
  person: string;
  /** False for an earlier class's hand-in: compared with this class's only, never with its own. */
  current: boolean;
};

/** Where a shared passage stands in each text: character offsets [start, end). */
export type SharedPassage = { a: [number, number]; b: [number, number]; words: number };

/** Two hand-ins over the flag line: the share of each one's own words that the other has too. */
export type SimilarPair = {
  a: string;
  b: string;
  shareA: number;
  shareB: number;
  sharedWords: number;
  passages: SharedPassage[];
};

export type SimilarityReport = {
  pairs: SimilarPair[];
  /** Pairs over the flag line beyond `maxPairs` (the list keeps the most similar). */
  morePairs: number;
  /** Hand-ins with the same words (ignoring case, spacing and punctuation), biggest group first. */
  identical: string[][];
  /** Hand-ins with no words of their own besides the papers' (nothing to compare). */
  empty: string[];
  /** How many of the class's phrases were ignored because many hand-ins have them. */
  commonPhrases: number;
  /** Pairs of distinct texts compared word by word (the work done; for the benchmark and tests). */
  checkedPairs: number;
};

export type SimilarityOptions = {
  /**
   * Texts every hand-in may quote: the question paper and the model answer. Not the answers the
   * teacher accepted: those are a classmate's words, which students never see, so ignoring them
   * would hide a copy of that classmate's answer.
   */
  ignore?: string[];
  maxPairs?: number;
  /** Another flag line than FLAG_SHARE and FLAG_WORDS (the benchmark looks below it). */
  flagLine?: FlagLine;
};

/** A pair is over the line when `share` of either hand-in's own words, and `words` words, are shared. */
export type FlagLine = { share: number; words: number };

/** Words per fingerprinted n-gram: shorter matches are too often chance. */
export const NGRAM = 5;
/** Winnowing window: any shared run of NGRAM + WINDOW − 1 = 8 words is always found. */
const WINDOW = 4;
/** The flag line: a pair is listed when this share of either hand-in's own words is shared… */
export const FLAG_SHARE = 0.2;
/** …and at least this many words are. */
export const FLAG_WORDS = 20;
/** A phrase in at least this share of the hand-ins (and at least COMMON_MIN of them) is common. */
const COMMON_SHARE = 0.05;
const COMMON_MIN = 8;
/** Runs of matching words this close in both texts are shown as one passage. */
const MERGE_GAP = 3;
/**
 * Whether two hand-ins sharing `prints` fingerprints can be over the flag line, so are worth
 * comparing word by word (most pairs sharing a fingerprint or two are not). A run of L shared
 * words holds at least ⌊(L − 4) / 4⌋ fingerprints (one per disjoint window) and every run found
 * holds one, so a run has at most 11 words per fingerprint it holds; passages merged across gaps
 * add at most MERGE_GAP words each. So a pair over the line is never dropped, short of a passage
 * repeated within both hand-ins (one fingerprint then seeds several runs).
 */
function mayReachFlag(prints: number, ownWords: number, line: FlagLine) {
  const most = (NGRAM + 2 * WINDOW - 2 + MERGE_GAP) * prints;
  return most >= line.words && most >= line.share * ownWords;
}

type Doc = {
  id: string;
  person: string;
  current: boolean;
  text: string;
  words: string[];
  spans: Array<[number, number]>;
  grams: Uint32Array;
  /** 1 where a word lies in a passage of the papers or a common phrase. */
  ignored: Uint8Array;
  own: number;
  /** Hand-ins with exactly these words (itself first). */
  members: string[];
  prints: Map<number, number[]>;
};

/** Whether a word is plain ASCII (most are: they need no accent folding). */
function ascii(word: string) {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 127) return false;
  return true;
}

/** Words of a text, lower-cased with accents dropped, and where each stands. */
export function tokenize(text: string) {
  const words: string[] = [];
  const spans: Array<[number, number]> = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0].toLowerCase();
    words.push(ascii(w) ? w : w.normalize('NFKD').replace(/\p{M}/gu, ''));
    spans.push([m.index, m.index + m[0].length]);
  }
  return { words, spans };
}

function wordHash(word: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The hash of every NGRAM-word run, by its first word. */
function gramHashes(words: string[]) {
  const wh = words.map(wordHash);
  const out = new Uint32Array(Math.max(0, words.length - NGRAM + 1));
  for (let i = 0; i < out.length; i++) {
    let h = 0;
    for (let j = 0; j < NGRAM; j++) h = (Math.imul(h, 0x9e3779b1) + wh[i + j]!) >>> 0;
    out[i] = h;
  }
  return out;
}

/** Winnowing: the smallest hash of every window (rightmost on ties), each with its positions. */
function winnow(grams: Uint32Array, skip: (i: number) => boolean) {
  const prints = new Map<number, number[]>();
  let last = -1;
  for (let start = 0; start + WINDOW <= Math.max(grams.length, WINDOW); start++) {
    let best = -1;
    for (let i = start; i < Math.min(start + WINDOW, grams.length); i++)
      if (!skip(i) && (best < 0 || grams[i]! <= grams[best]!)) best = i;
    if (best < 0 || best === last) continue;
    last = best;
    const at = prints.get(grams[best]!);
    if (at) at.push(best);
    else prints.set(grams[best]!, [best]);
  }
  return prints;
}

function markGram(ignored: Uint8Array, i: number) {
  ignored.fill(1, i, i + NGRAM);
}

/** Reads the hand-ins: identical ones merged, the papers' passages marked as ignored. */
function prepare(docs: SimilarityDoc[], paper: Set<number>) {
  const byWords = new Map<string, Doc>();
  const empty: string[] = [];
  let skipped = 0;
  for (const d of docs) {
    const { words, spans } = tokenize(d.text);
    const grams = gramHashes(words);
    const ignored = new Uint8Array(words.length);
    grams.forEach((g, i) => paper.has(g) && markGram(ignored, i));
    const own = words.length - ignored.reduce((n, x) => n + x, 0);
    if (own < NGRAM) {
      if (d.current) empty.push(d.id);
      else skipped++;
      continue;
    }
    // Identical texts are one document whose members are all listed, if all are of one class.
    const key = `${d.current ? 1 : 0}:${words.join(' ')}`;
    const same = byWords.get(key);
    if (same) {
      same.members.push(d.id);
      continue;
    }
    const doc: Doc = {
      ...d,
      words,
      spans,
      grams,
      ignored,
      own,
      members: [d.id],
      prints: new Map(),
    };
    byWords.set(key, doc);
  }
  return { distinct: [...byWords.values()], empty, read: docs.length - empty.length - skipped };
}

/** Fingerprints in so many hand-ins that they are the class's common phrases, not copying. */
function commonPrints(distinct: Doc[], total: number) {
  const seen = new Map<number, number>();
  for (const d of distinct)
    for (const h of d.prints.keys()) seen.set(h, (seen.get(h) ?? 0) + d.members.length);
  const limit = Math.max(COMMON_MIN, Math.ceil(total * COMMON_SHARE));
  const common = new Set<number>();
  for (const [h, n] of seen) if (n >= limit) common.add(h);
  return common;
}

/**
 * Pairs of distinct documents sharing at least one fingerprint that is not common, one of them at
 * least of this class: two earlier classes' hand-ins are never counted, so the work grows with
 * this class's size times theirs, not with the square of theirs.
 */
function candidates(distinct: Doc[], common: Set<number>, line: FlagLine) {
  const postings = new Map<number, { current: number[]; earlier: number[] }>();
  distinct.forEach((d, di) => {
    for (const h of d.prints.keys()) {
      if (common.has(h)) continue;
      let list = postings.get(h);
      if (!list) postings.set(h, (list = { current: [], earlier: [] }));
      (d.current ? list.current : list.earlier).push(di);
    }
  });
  const pairs = new Map<number, number>();
  const n = distinct.length;
  const count = (x: number, y: number) => {
    const key = x * n + y;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  };
  for (const { current, earlier } of postings.values())
    for (let x = 0; x < current.length; x++) {
      for (let y = x + 1; y < current.length; y++) count(current[x]!, current[y]!);
      for (const y of earlier) count(current[x]!, y);
    }
  const out: Array<readonly [number, number]> = [];
  for (const [key, shared] of pairs) {
    const [x, y] = [Math.floor(key / n), key % n];
    if (mayReachFlag(shared, Math.min(distinct[x]!.own, distinct[y]!.own), line)) out.push([x, y]);
  }
  return out;
}

type Run = { a: number; b: number; len: number };

/** Maximal runs of equal words grown from the shared fingerprints, checked word by word. */
function matchingRuns(A: Doc, B: Doc, common: Set<number>): Run[] {
  const runs: Run[] = [];
  const covered = new Set<number>();
  for (const [h, as] of A.prints) {
    const bs = B.prints.get(h);
    if (!bs || common.has(h)) continue;
    for (const i of as)
      for (const j of bs) {
        if (covered.has((i - j) * 1e6 + i)) continue;
        let len = 0;
        while (i + len < A.words.length && j + len < B.words.length)
          if (A.words[i + len] === B.words[j + len]) len++;
          else break;
        if (len < NGRAM) continue;
        let s = 0;
        while (i - s > 0 && j - s > 0 && A.words[i - s - 1] === B.words[j - s - 1]) s++;
        for (let t = i - s; t < i + len; t++) covered.add((i - j) * 1e6 + t);
        runs.push({ a: i - s, b: j - s, len: len + s });
      }
  }
  return runs.sort((x, y) => x.a - y.a || x.b - y.b);
}

type Passage = { a: number; aEnd: number; b: number; bEnd: number };

/** Words of [s, e) not ignored. */
function ownWords(doc: Doc, s: number, e: number) {
  let n = 0;
  for (let t = s; t < e; t++) if (!doc.ignored[t]) n++;
  return n;
}

/** [s, e) without ignored words at either end. */
function trimmed(doc: Doc, s: number, e: number): [number, number] {
  while (s < e && doc.ignored[s]) s++;
  while (e > s && doc.ignored[e - 1]) e--;
  return [s, e];
}

/** Runs close in both texts, merged into passages trimmed of ignored words at their ends. */
function passagesOf(A: Doc, B: Doc, runs: Run[]) {
  const merged: Passage[] = [];
  for (const r of runs) {
    const p = merged.at(-1);
    if (p && r.a - p.aEnd <= MERGE_GAP && r.b - p.bEnd <= MERGE_GAP && r.b >= p.b) {
      p.aEnd = Math.max(p.aEnd, r.a + r.len);
      p.bEnd = Math.max(p.bEnd, r.b + r.len);
    } else merged.push({ a: r.a, aEnd: r.a + r.len, b: r.b, bEnd: r.b + r.len });
  }
  const out: Passage[] = [];
  for (const p of merged) {
    const [a, aEnd] = trimmed(A, p.a, p.aEnd);
    const [b, bEnd] = trimmed(B, p.b, p.bEnd);
    if (ownWords(A, a, aEnd) >= NGRAM && ownWords(B, b, bEnd) >= NGRAM)
      out.push({ a, aEnd, b, bEnd });
  }
  return out;
}

/** Words of `doc` inside any of the ranges, counted once, not ignored. */
function coveredWords(doc: Doc, ranges: Array<[number, number]>) {
  const seen = new Uint8Array(doc.words.length);
  for (const [s, e] of ranges) seen.fill(1, s, e);
  let n = 0;
  seen.forEach((x, i) => {
    if (x && !doc.ignored[i]) n++;
  });
  return n;
}

const charSpan = (d: Doc, s: number, e: number): [number, number] => [
  d.spans[s]![0],
  d.spans[e - 1]![1],
];

function comparePair(A: Doc, B: Doc, common: Set<number>, line: FlagLine) {
  const found = passagesOf(A, B, matchingRuns(A, B, common));
  if (found.length === 0) return null;
  const inA = coveredWords(
    A,
    found.map((p) => [p.a, p.aEnd]),
  );
  const inB = coveredWords(
    B,
    found.map((p) => [p.b, p.bEnd]),
  );
  const shareA = inA / A.own;
  const shareB = inB / B.own;
  if (Math.max(inA, inB) < line.words || Math.max(shareA, shareB) < line.share) return null;
  return {
    shareA,
    shareB,
    sharedWords: Math.max(inA, inB),
    passages: found.map((p) => ({
      a: charSpan(A, p.a, p.aEnd),
      b: charSpan(B, p.b, p.bEnd),
      words: ownWords(A, p.a, p.aEnd),
    })),
  };
}

/**
 * Compares every hand-in with every other (and with the earlier classes' ones) and returns the
 * pairs over the flag line, most similar first, with the passages they share.
 */
export function findSimilar(docs: SimilarityDoc[], options: SimilarityOptions = {}) {
  const line = options.flagLine ?? { share: FLAG_SHARE, words: FLAG_WORDS };
  const paper = new Set<number>();
  for (const t of options.ignore ?? []) for (const g of gramHashes(tokenize(t).words)) paper.add(g);
  const { distinct, empty, read } = prepare(docs, paper);
  for (const d of distinct) d.prints = winnow(d.grams, (i) => paper.has(d.grams[i]!));
  const common = commonPrints(distinct, read);
  for (const d of distinct) d.grams.forEach((g, i) => common.has(g) && markGram(d.ignored, i));
  const people = new Map(docs.map((d) => [d.id, d.person]));
  const pairs: SimilarPair[] = [];
  const checked = candidates(distinct, common, line);
  for (const [x, y] of checked) {
    // The first is always of this class (see candidates), an earlier class's hand-in the second.
    const [A, B] = [distinct[x]!, distinct[y]!];
    const found = comparePair(A, B, common, line);
    if (!found) continue;
    for (const a of A.members)
      for (const b of B.members)
        if (people.get(a) !== people.get(b)) pairs.push({ a, b, ...found });
  }
  const top = (p: SimilarPair) => Math.max(p.shareA, p.shareB);
  pairs.sort((p, q) => top(q) - top(p) || q.sharedWords - p.sharedWords);
  const maxPairs = options.maxPairs ?? 200;
  return {
    pairs: pairs.slice(0, maxPairs),
    morePairs: Math.max(0, pairs.length - maxPairs),
    identical: distinct
      .filter((d) => d.current && d.members.length > 1)
      .map((d) => d.members)
      .sort((a, b) => b.length - a.length),
    empty,
    commonPhrases: common.size,
    checkedPairs: checked.length,
  } satisfies SimilarityReport;
}
