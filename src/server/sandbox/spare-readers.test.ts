import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_READ_LIMITS } from '../../grading';
import { sharedStream } from '../../grading/testing/hostile-pdfs';
import { textPdf } from '../../grading/testing/make-pdf';
import { SandboxCancelled, SandboxPool } from './sandbox-pool';
import { SpareReaders } from './spare-readers';

let spare: SpareReaders;
afterEach(() => spare?.close());

const extract = (pool: SandboxPool, bytes: Uint8Array, timeoutMs = 30_000) =>
  pool.run(
    { type: 'extract', bytes, limits: DEFAULT_READ_LIMITS },
    { lane: 'batch', owner: 'o', timeoutMs },
  );
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('SpareReaders', () => {
  it('keeps the idle readers of a closed pool for the next pool, which reads with them', async () => {
    spare = new SpareReaders();
    const first = new SandboxPool({ size: 1, memoryMb: 1536, spare });
    await extract(first, await textPdf('One.'));
    const pids = first.readerPids;
    expect(pids).toHaveLength(1);
    await first.close();
    expect(alive(pids[0]!)).toBe(true);

    const next = new SandboxPool({ size: 1, memoryMb: 1536, spare });
    const out = await extract(next, await textPdf('Two.'));
    expect(out.ok && out.value.status === 'ok' && out.value.text).toBe('Two.');
    expect(next.readerPids).toEqual(pids);
    // A pool with another memory limit starts its own reader.
    const other = new SandboxPool({ size: 1, memoryMb: 600, spare });
    await extract(other, await textPdf('Three.'));
    expect(other.readerPids).not.toEqual(pids);
    await Promise.all([next.close(), other.close()]);

    await spare.close();
    expect(pids.some(alive)).toBe(false);
  });

  it('never keeps a reader that was busy when its pool closed', async () => {
    spare = new SpareReaders();
    const pool = new SandboxPool({ size: 1, memoryMb: 1536, spare });
    const busy = extract(pool, new Uint8Array(sharedStream(50)), 60_000);
    await expect.poll(() => pool.readerPids.length).toBe(1);
    const [pid] = pool.readerPids;
    const refused = expect(busy).rejects.toBeInstanceOf(SandboxCancelled);
    await pool.close();
    await refused;
    expect(spare.take(768)).toBeUndefined();
    expect(alive(pid!)).toBe(false);
  });
});
