import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { residentBytes } from './process-memory';

describe('residentBytes', () => {
  it('counts the memory of the processes a process has started', async () => {
    // A parent that starts a child holding 200 MB, then waits.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['-e',
          'globalThis.b = Buffer.alloc(200 * 1024 * 1024, 1); console.log("ready"); setInterval(() => {}, 1000)'],
          { stdio: ['ignore', 'inherit', 'inherit'] });
         setInterval(() => {}, 1000);`,
      ],
      // its own process group, so that both go at the end
      { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    );
    try {
      await once(parent.stdout!, 'data');
      const total = await residentBytes(parent.pid!);
      expect(total).toBeGreaterThan(200 * 1024 * 1024);
    } finally {
      process.kill(-parent.pid!, 'SIGKILL');
    }
  });

  it('is null for a process that is gone', async () => {
    const p = spawn(process.execPath, ['-e', '0']);
    await once(p, 'exit');
    expect(await residentBytes(p.pid!)).toBeNull();
  });
});
