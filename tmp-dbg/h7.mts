import { SandboxPool } from '../src/server/sandbox/sandbox-pool';
import { xrefBomb } from '../src/grading/testing/hostile-pdfs';
import { DEFAULT_READ_LIMITS } from '../src/grading/read-limits';
const pool = new SandboxPool({ size: 2, memoryMb: 1536 });
const bytes = new Uint8Array(await xrefBomb());
const limits = { ...DEFAULT_READ_LIMITS, maxDecodedBytes: 1e12 };
for (const type of ['inspect-pdf', 'extract'] as const) {
  const t = Date.now();
  const out = await pool.run({ type, bytes, limits } as any, { lane: 'batch', owner: 'x', timeoutMs: 30000 });
  console.log(type, Date.now() - t, JSON.stringify(out).slice(0, 300));
}
await pool.close();
