// A Vitest sequencer: the test files that take longest start first, so that on 2 cores the run
// does not end with one long file running alone while the other core idles. Vitest's own order
// puts the longest first only when its cache in node_modules/.vite holds the last run's times;
// on a fresh clone and in CI it has none and falls back to the largest file first, which started
// the scale-out and hostile-file tests (40–120 s each) among the last.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that took longest in the last runs, longest first (see the slowest-files report). */
export const HEAVY_FILES = [
  'src/server/jobs/scale-out.test.ts',
  'src/server/modules/evaluations/cancel.test.ts',
  'src/server/jobs/hostile-grading.test.ts',
  'src/server/modules/files/hostile-uploads.test.ts',
  'src/server/sandbox/sandbox-pool.test.ts',
  'src/server/modules/evaluations/evaluations.test.ts',
];

export default class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = HEAVY_FILES.indexOf(path.relative(this.ctx.config.root, spec.moduleId));
      return at < 0 ? HEAVY_FILES.length : at;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
