// A Vitest reporter, beside the default one: at the end of every run it prints the ten test
// files that took longest, with the time spent importing them and the CPU they used (see
// cpu-meter.ts), so a file that starts to drag shows up in the run that made it slow.
import type { Reporter, TestModule } from 'vitest/node';

const COUNT = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** Prints the slowest test files of the run: wall time, import time, CPU time. */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        const cpu = m.meta().cpuSeconds;
        return {
          file: m.relativeModuleId,
          wall: d.prepareDuration + d.collectDuration + d.duration,
          imports: d.collectDuration,
          cpu: cpu === undefined ? '' : seconds(cpu * 1000),
        };
      })
      .sort((a, b) => b.wall - a.wall)
      .slice(0, COUNT);
    if (rows.length === 0) return;
    const lines = rows.map(
      (r) => `${seconds(r.wall)} ${seconds(r.imports)} ${r.cpu.padStart(8)}  ${r.file}`,
    );
    console.log(
      `\n Slowest ${rows.length} test files\n     wall   import      cpu  file\n${lines.join('\n')}\n`,
    );
  }
}
