// A Vitest reporter, beside the default one: at the end of every run it prints the ten test
// files that took longest, with the time spent importing them and the CPU they used (see
// cpu-meter.ts), so a file that starts to drag shows up in the run that made it slow, and the
// CPU all files used together. SLOWEST_FILES=200 prints more of them.
import type { Reporter, TestModule } from 'vitest/node';

const COUNT = Number(process.env.SLOWEST_FILES) || 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** Prints the slowest test files of the run: wall time, import time, CPU time. */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const all = modules
      .map((m) => {
        const d = m.diagnostic();
        const cpu = m.meta().cpuSeconds;
        return {
          file: m.relativeModuleId,
          wall: d.prepareDuration + d.collectDuration + d.duration,
          imports: d.collectDuration,
          cpuSeconds: cpu,
          cpu: cpu === undefined ? '' : seconds(cpu * 1000),
        };
      })
      .sort((a, b) => b.wall - a.wall);
    const rows = all.slice(0, COUNT);
    const totalCpu = all.reduce((sum, r) => sum + (r.cpuSeconds ?? 0), 0);
    if (rows.length === 0) return;
    const lines = rows.map(
      (r) => `${seconds(r.wall)} ${seconds(r.imports)} ${r.cpu.padStart(8)}  ${r.file}`,
    );
    const total =
      totalCpu > 0 ? `\n CPU of all ${all.length} files: ${totalCpu.toFixed(0)} s\n` : '';
    console.log(
      `\n Slowest ${rows.length} test files\n     wall   import      cpu  file\n${lines.join('\n')}\n${total}`,
    );
  }
}
