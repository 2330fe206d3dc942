import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { WORKER_NEEDS_POSTGRES } from './worker';

it('refuses to start a grading worker on SQLite, where the web process grades', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-worker-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const out = spawnSync(process.execPath, ['bin/markwise', 'worker'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(out.status).toBe(1);
    expect(out.stderr).toContain(WORKER_NEEDS_POSTGRES);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
