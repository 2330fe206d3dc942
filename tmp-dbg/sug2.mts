import { calibratedScore, outOfFold, samples, shippedFit } from '../bench/fit-model';
import { LAMBDA } from '../src/grading/model-weights';
import * as S from '../src/grading/suggest';
import { cosine } from '../src/grading/vectors';
const data = samples();
const oof = outOfFold(data, 'assignment', shippedFit(LAMBDA));
const variants: Record<string, (items: S.SuggestItem[], n: number) => number[]> = {
  bands: S.pickRepresentatives,
  facility: (items, n) => {
    const sim = items.map((a) => items.map((b) => cosine(a.vec, b.vec)));
    const best = items.map(() => 0);
    const out: number[] = [];
    for (let k = 0; k < Math.min(n, items.length); k++) {
      let bi = -1, bg = -1;
      items.forEach((_, c) => {
        if (out.includes(c)) return;
        let g = 0;
        items.forEach((_, i) => { g += Math.max(0, sim[i]![c]! - best[i]!); });
        if (g > bg + 1e-12) { bg = g; bi = c; }
      });
      out.push(bi);
      items.forEach((_, i) => { best[i] = Math.max(best[i]!, sim[i]![bi]!); });
    }
    return out;
  },
  facilityShare: (items, n) => {
    const sim = items.map((a) => items.map((b) => 0.5 * cosine(a.vec, b.vec) + 0.5 * (1 - Math.abs(a.share - b.share))));
    const best = items.map(() => 0);
    const out: number[] = [];
    for (let k = 0; k < Math.min(n, items.length); k++) {
      let bi = -1, bg = -1;
      items.forEach((_, c) => {
        if (out.includes(c)) return;
        let g = 0;
        items.forEach((_, i) => { g += Math.max(0, sim[i]![c]! - best[i]!); });
        if (g > bg + 1e-12) { bg = g; bi = c; }
      });
      out.push(bi);
      items.forEach((_, i) => { best[i] = Math.max(best[i]!, sim[i]![bi]!); });
    }
    return out;
  },
};
const cal = [1, 2, 3, 4, 5].map((seed) => calibratedScore(data, oof, 5, seed));
console.log('random', (cal.reduce((a, c) => a + c.r, 0) / 5).toFixed(4), (cal.reduce((a, c) => a + c.rmse, 0) / 5).toFixed(4));
for (const [name, fn] of Object.entries(variants)) {
  const s = calibratedScore(data, oof, 5, 'suggested', undefined, fn as any);
  console.log(name, s.r.toFixed(4), s.rmse.toFixed(4));
}
