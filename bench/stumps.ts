/** Gradient-boosted decision stumps: the non-linear half of the shipped grading model. */

/** One stump: if feature <= threshold add `left`, else add `right`. */
export type Stump = { feature: number; threshold: number; left: number; right: number };

/** A boosted ensemble of stumps around a base share. */
export type Stumps = { base: number; stumps: Stump[] };

/** Settings of the boosting: rounds, learning rate and the fewest answers on either side of a split. */
export type StumpParams = { rounds: number; rate: number; minLeaf: number };

/** The best least-squares split of the residuals over all features. */
function bestStump(x: number[][], res: number[], order: number[][], minLeaf: number): Stump {
  const total = res.reduce((a, b) => a + b, 0);
  let best = { gain: -Infinity, stump: { feature: 0, threshold: Infinity, left: 0, right: 0 } };
  order.forEach((ord, f) => {
    let left = 0;
    for (let j = 0; j < ord.length - 1; j++) {
      left += res[ord[j]!]!;
      const nl = j + 1;
      const nr = ord.length - nl;
      const a = x[ord[j]!]![f]!;
      const b = x[ord[j + 1]!]![f]!;
      if (nl < minLeaf || nr < minLeaf || a === b) continue;
      const gain = (left * left) / nl + (total - left) ** 2 / nr;
      if (gain > best.gain) {
        best = {
          gain,
          stump: {
            feature: f,
            threshold: (a + b) / 2,
            left: left / nl,
            right: (total - left) / nr,
          },
        };
      }
    }
  });
  return best.stump;
}

/** Fits boosted stumps to predict y from x by least squares. Deterministic. */
export function fitStumps(x: number[][], y: number[], params: StumpParams): Stumps {
  const base = y.reduce((a, b) => a + b, 0) / y.length;
  const pred = y.map(() => base);
  const order = x[0]!.map((_, f) =>
    x.map((_, i) => i).sort((a, b) => x[a]![f]! - x[b]![f]! || a - b),
  );
  const stumps: Stump[] = [];
  for (let k = 0; k < params.rounds; k++) {
    const s = bestStump(
      x,
      y.map((v, i) => v - pred[i]!),
      order,
      params.minLeaf,
    );
    const stump = { ...s, left: s.left * params.rate, right: s.right * params.rate };
    stumps.push(stump);
    x.forEach(
      (row, i) => (pred[i]! += row[stump.feature]! <= stump.threshold ? stump.left : stump.right),
    );
  }
  return { base, stumps };
}

/** The ensemble's raw prediction for one feature row. */
export function predictStumps(m: Stumps, x: number[]): number {
  return m.stumps.reduce((s, t) => s + (x[t.feature]! <= t.threshold ? t.left : t.right), m.base);
}
