import { contentStems } from './text';
import {
  addInto,
  cosine,
  cosineLeavingOut,
  dot,
  PackedVectors,
  tfVector,
  unit,
  type Vec,
} from './vectors';
import { QUESTION_WORD_CREDIT } from './rules';

/** Names of the features computed for each answer on its own and against the batch. */
const BASE_NAMES = [
  'cover',
  'coverDf',
  'coverIdf',
  'precision',
  'bigram',
  'cosModel',
  'cosCentroid',
  'knn',
  'cosRef',
  'logLen',
  'lenRatio',
  'lenRel',
  'questionOnly',
  'novel',
  'zCentroid',
  'zCover',
  'batchCentroid',
  'modelLen',
  'charModel',
  'charCentroid',
  'coverSq',
  'kpDegree',
  'kpMatched',
  'kpContra',
  'contraMax',
  'kpBest',
  'kpMin',
  'refRecall',
  'refPrecision',
  'refF1',
  'relOwn',
  'relMargin',
  'structure',
] as const;

type BaseName = (typeof BASE_NAMES)[number];

/**
 * Features also read relative to the class: each one's z-score among the answers to the same
 * question, since how far an answer stands above its classmates says more than a raw overlap whose
 * scale changes with the length of the model answer (cross-validated r 0.655 → 0.664 on dev).
 */
const ABSOLUTE_ONLY = [
  'zCentroid',
  'zCover',
  'batchCentroid',
  'modelLen',
  // A length's standing in the class is the same number however the length is scaled: logLenZ says it.
  'lenRatio',
  'lenRel',
] as const;
type RelativeName = Exclude<BaseName, (typeof ABSOLUTE_ONLY)[number]>;
const RELATIVE = BASE_NAMES.filter(
  (n): n is RelativeName => !(ABSOLUTE_ONLY as readonly string[]).includes(n),
);

/** The name of one feature. */
export type FeatureName = BaseName | `${RelativeName}Z`;

/** Names of the features, in the order the shipped model expects them. */
export const FEATURE_NAMES: readonly FeatureName[] = [
  ...BASE_NAMES,
  ...RELATIVE.map((n) => `${n}Z` as const),
];

/** One answer's feature values, by name. */
export type Features = Record<FeatureName, number>;

/** Features found outside the word statistics: key points stated, relevance, sentence structure. */
export type ExtraFeatures = {
  /** Mean degree to which the answer states each key point (0..1). */
  kpDegree: number;
  /** Share of the key points the answer states. */
  kpMatched: number;
  /** Share of the key points the answer contradicts, and how fully the strongest contradiction addresses its point. */
  kpContra: number;
  contraMax: number;
  /** Degree of the key point it states most fully, and of the one it states least. */
  kpBest: number;
  kpMin: number;
  /** Word overlap with the closest right answer: recall, precision, F1 (question words left out). */
  refRecall: number;
  refPrecision: number;
  refF1: number;
  /** Closeness to this question, and how much closer than to the closest other question. */
  relOwn: number;
  relMargin: number;
  /** Share of the answer's words that stand in sentences rather than lists of terms. */
  structure: number;
};

/** What the features of one answer are computed from. */
export type AnswerText = { stems: string[]; extra: ExtraFeatures };

/** Character trigrams of the stems: tolerant of misspellings and word forms the stemmer misses. */
function charVector(stems: string[]): Vec {
  const v: Vec = new Map();
  for (const s of stems) {
    const w = ` ${s} `;
    for (let i = 0; i + 3 <= w.length; i++)
      v.set(w.slice(i, i + 3), (v.get(w.slice(i, i + 3)) ?? 0) + 1);
  }
  return v;
}

function bigrams(stems: string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < stems.length; i++) out.add(`${stems[i - 1]} ${stems[i]}`);
  return out;
}

function zScores(values: number[]): number[] {
  const mean = values.reduce((a, b) => a + b, 0) / (values.length || 1);
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length || 1));
  return values.map((v) => (sd > 1e-9 ? (v - mean) / sd : 0));
}

/**
 * Standing within the class measured from its median and median absolute deviation, so a few odd
 * answers (copies, lists, answers to other questions) do not move everyone else's standing.
 */
function robustZ(values: number[]): number[] {
  const mid = median(values);
  const mad = 1.4826 * median(values.map((v) => Math.abs(v - mid)));
  if (mad <= 1e-9) return zScores(values);
  return values.map((v) => Math.max(-4, Math.min(4, (v - mid) / mad)));
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : 0;
}

/** Weighted share of `terms` that `present` contains. */
function recall(terms: Set<string>, present: Set<string>, weight: (t: string) => number): number {
  let hit = 0;
  let all = 0;
  for (const t of terms) {
    const w = weight(t);
    all += w;
    if (present.has(t)) hit += w;
  }
  return all ? hit / all : 0;
}

/** Mean of the `k` largest values of `row` except index `skip`, summed largest first. */
function meanOfTop(row: Float64Array, skip: number, k: number): number {
  const top: number[] = [];
  for (let j = 0; j < row.length; j++) {
    if (j === skip) continue;
    const v = row[j]!;
    if (top.length === k && v <= top[k - 1]!) continue;
    let at = top.length === k ? k - 1 : top.length;
    while (at > 0 && top[at - 1]! < v) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = v;
  }
  return top.length ? top.reduce((a, b) => a + b, 0) / top.length : 0;
}

/** Leave-one-out centroid similarity and mean similarity to the k nearest other answers. */
function batchSimilarity(vecs: Vec[]): { centroid: number[]; knn: number[] } {
  const units = vecs.map(unit);
  const sum: Vec = new Map();
  for (const u of units) addInto(sum, u);
  const k = Math.max(1, Math.min(5, Math.floor(units.length / 4)));
  const sumNorm2 = dot(sum, sum);
  const centroid = units.map((u) => cosineLeavingOut(u, sum, sumNorm2));
  const packed = new PackedVectors(units);
  const row = new Float64Array(units.length);
  const knn = units.map((_, i) => {
    packed.dotsWith(i, row);
    return meanOfTop(row, i, k);
  });
  return { centroid, knn };
}

/** Features of every answer to one question, and the weighted term vectors they came from. */
export type BatchFeatures = { features: Features[]; vectors: Vec[] };

/**
 * Computes every feature of every answer to one question. Batch features (rarity of terms,
 * similarity to the other answers) need all answers to the question at once.
 */
export function computeFeatures(
  questionText: string,
  modelText: string,
  answers: AnswerText[],
): BatchFeatures {
  const question = new Set(contentStems(questionText));
  const modelStems = contentStems(modelText);
  const model = new Set(modelStems);
  const n = answers.length;
  const sets = answers.map((a) => new Set(a.stems));
  const df = new Map<string, number>();
  for (const s of sets) for (const t of s) df.set(t, (df.get(t) ?? 0) + 1);
  const qw = (t: string): number => (question.has(t) ? QUESTION_WORD_CREDIT : 1);
  const idf = (t: string): number => Math.log((n + 1) / ((df.get(t) ?? 0) + 0.5));
  const vecWeight = (t: string): number => qw(t) * (1 + Math.max(0, idf(t)));
  const vecs = answers.map((a) => tfVector(a.stems, vecWeight));
  const modelVec = tfVector(modelStems, vecWeight);
  const { centroid, knn } = batchSimilarity(vecs);
  const cosRef = pseudoReferenceCosines(modelVec, vecs);
  const modelBigrams = bigrams(modelStems);
  const lens = answers.map((a) => a.stems.length);
  const medLen = median(lens);
  const raw = answers.map((a, i) => {
    const set = sets[i]!;
    const own = [...set].filter((t) => !question.has(t));
    const ab = bigrams(a.stems);
    return {
      ...a.extra,
      cover: recall(model, set, qw),
      coverDf: recall(model, set, (t) => qw(t) * (0.05 + (df.get(t) ?? 0) / n)),
      coverIdf: recall(model, set, (t) => qw(t) * (0.5 + Math.max(0, idf(t)))),
      precision: own.length ? own.filter((t) => model.has(t)).length / own.length : 0,
      bigram: modelBigrams.size
        ? [...modelBigrams].filter((b) => ab.has(b)).length / modelBigrams.size
        : 0,
      cosModel: cosine(vecs[i]!, modelVec),
      cosCentroid: centroid[i]!,
      knn: knn[i]!,
      cosRef: cosRef[i]!,
      logLen: Math.log1p(a.stems.length),
      lenRatio: Math.log((1 + a.stems.length) / (1 + modelStems.length)),
      lenRel: Math.log((1 + a.stems.length) / (1 + medLen)),
      questionOnly: a.stems.length
        ? a.stems.filter((t) => question.has(t)).length / a.stems.length
        : 0,
      novel: set.size
        ? [...set].filter((t) => !model.has(t) && !question.has(t) && (df.get(t) ?? 0) <= 1)
            .length / set.size
        : 0,
    };
  });
  const zc = zScores(raw.map((r) => r.cosCentroid));
  const zv = zScores(raw.map((r) => r.cover));
  const batchCentroid = raw.reduce((s, r) => s + r.cosCentroid, 0) / (n || 1);
  const chars = answers.map((a) => charVector(a.stems.filter((t) => !question.has(t))));
  const charModelVec = charVector(modelStems.filter((t) => !question.has(t)));
  const charBatch = batchSimilarity(chars);
  const base = raw.map((r, i) => ({
    ...r,
    zCentroid: zc[i]!,
    zCover: zv[i]!,
    batchCentroid,
    modelLen: Math.log1p(modelStems.length),
    charModel: cosine(chars[i]!, charModelVec),
    charCentroid: charBatch.centroid[i]!,
    coverSq: (1 - r.coverDf) ** 2,
  }));
  const features = base.map((f) => ({ ...f }) as Features);
  for (const name of RELATIVE) {
    const z = robustZ(base.map((f) => f[name]));
    features.forEach((f, i) => (f[`${name}Z`] = z[i]!));
  }
  return { features, vectors: vecs };
}

/**
 * Each answer's cosine with a reference built from the model answer plus the answers closest to
 * it (pseudo-relevance feedback), leaving the answer out of its own reference. The references
 * differ only by that one answer, so each cosine comes from two shared sums in one pass.
 */
function pseudoReferenceCosines(modelVec: Vec, vecs: Vec[]): number[] {
  const m = unit(modelVec);
  const units = vecs.map(unit);
  const ranked = vecs
    .map((v, i) => ({ i, s: cosine(v, m) }))
    .sort((a, b) => b.s - a.s || a.i - b.i);
  const k = Math.max(1, Math.ceil(vecs.length / 3));
  const inTop = new Set(ranked.slice(0, k).map((r) => r.i));
  // The reference of an answer outside the top k, and of one inside it (which then takes the next).
  const outside: Vec = new Map(m);
  for (const r of ranked.slice(0, k)) addInto(outside, units[r.i]!, 1 / k);
  const inside: Vec = new Map(outside);
  if (ranked[k]) addInto(inside, units[ranked[k]!.i]!, 1 / k);
  const outsideNorm2 = dot(outside, outside);
  const insideNorm2 = dot(inside, inside);
  return vecs.map((v, i) => {
    const vv = dot(v, v);
    if (!vv) return 0;
    if (!inTop.has(i)) return outsideNorm2 ? dot(v, outside) / Math.sqrt(vv * outsideNorm2) : 0;
    const u = units[i]!;
    const num = dot(v, inside) - dot(v, u) / k;
    const norm2 = insideNorm2 - (2 / k) * dot(inside, u) + dot(u, u) / (k * k);
    return norm2 > 1e-12 ? num / Math.sqrt(vv * norm2) : 0;
  });
}
