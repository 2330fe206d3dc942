import { calibratedScore, outOfFold, samples, shippedFit } from '../bench/fit-model';
import { LAMBDA } from '../src/grading/model-weights';
const data = samples();
const oof = outOfFold(data, 'assignment', shippedFit(LAMBDA));
const cal = [1, 2, 3, 4, 5].map((seed) => calibratedScore(data, oof, 5, seed));
console.log('random', (cal.reduce((a, c) => a + c.r, 0) / 5).toFixed(4), (cal.reduce((a, c) => a + c.rmse, 0) / 5).toFixed(4));
const s = calibratedScore(data, oof, 5, 'suggested');
console.log('suggested', s.r.toFixed(4), s.rmse.toFixed(4));
