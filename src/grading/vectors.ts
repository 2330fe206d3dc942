/** A sparse term-weight vector. */
export type Vec = Map<string, number>;

/** Cosine similarity of two sparse vectors (0 when either is empty). */
export function cosine(a: Vec, b: Vec): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const [k, v] of small) dot += v * (large.get(k) ?? 0);
  for (const v of a.values()) na += v * v;
  for (const v of b.values()) nb += v * v;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The vector scaled to unit length (empty stays empty). */
export function unit(v: Vec): Vec {
  let n = 0;
  for (const x of v.values()) n += x * x;
  if (!n) return new Map(v);
  const s = 1 / Math.sqrt(n);
  return new Map([...v].map(([k, x]) => [k, x * s]));
}

/** Adds `scale * b` into `into`. */
export function addInto(into: Vec, b: Vec, scale = 1): void {
  for (const [k, v] of b) into.set(k, (into.get(k) ?? 0) + v * scale);
}

/** Term-frequency vector of stems, each term weighted by `weight(term)`. */
export function tfVector(stems: string[], weight: (term: string) => number): Vec {
  const v: Vec = new Map();
  for (const s of stems) v.set(s, (v.get(s) ?? 0) + 1);
  for (const [k, c] of v) v.set(k, (1 + Math.log(c)) * weight(k));
  return v;
}

/** Dot product of two sparse vectors. */
export function dot(a: Vec, b: Vec): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let d = 0;
  for (const [k, v] of small) d += v * (large.get(k) ?? 0);
  return d;
}

/**
 * Cosine of the unit vector `u` with `sum` less `u` (a class centroid leaving `u` out), without
 * copying the sum; `sumNorm2` is the squared length of `sum`.
 */
export function cosineLeavingOut(u: Vec, sum: Vec, sumNorm2: number): number {
  const us = dot(u, sum);
  const uu = dot(u, u);
  const norm2 = sumNorm2 - 2 * us + uu;
  return uu > 0 && norm2 > 1e-12 ? (us - uu) / Math.sqrt(uu * norm2) : 0;
}

/**
 * Sparse vectors packed over one vocabulary, for the class's pairwise similarities: each vector's
 * terms as ids and weights in typed arrays, so all n² dot products cost a scan of one vector each.
 */
export class PackedVectors {
  private readonly ids: Int32Array[] = [];
  private readonly weights: Float64Array[] = [];
  private readonly dense: Float64Array;

  constructor(vecs: Vec[]) {
    const vocabulary = new Map<string, number>();
    for (const v of vecs) {
      const ids = new Int32Array(v.size);
      const weights = new Float64Array(v.size);
      let k = 0;
      for (const [term, w] of v) {
        let id = vocabulary.get(term);
        if (id === undefined) vocabulary.set(term, (id = vocabulary.size));
        ids[k] = id;
        weights[k++] = w;
      }
      this.ids.push(ids);
      this.weights.push(weights);
    }
    this.dense = new Float64Array(vocabulary.size);
  }

  /** Writes the dot product of vector `i` with every vector into `out` (out[i] included). */
  dotsWith(i: number, out: Float64Array): void {
    const { dense } = this;
    const ids = this.ids[i]!;
    const ws = this.weights[i]!;
    for (let k = 0; k < ids.length; k++) dense[ids[k]!] = ws[k]!;
    for (let j = 0; j < this.ids.length; j++) {
      const jd = this.ids[j]!;
      const jw = this.weights[j]!;
      let d = 0;
      for (let k = 0; k < jd.length; k++) d += dense[jd[k]!]! * jw[k]!;
      out[j] = d;
    }
    for (let k = 0; k < ids.length; k++) dense[ids[k]!] = 0;
  }
}
