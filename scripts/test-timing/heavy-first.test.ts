import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAVY_FILES } from './heavy-first';

const root = path.resolve(import.meta.dirname, '../..');

describe('the heavy-first list', () => {
  it('names test files that exist, so a renamed one is not silently started last again', () => {
    const missing = HEAVY_FILES.filter((f) => !fs.existsSync(path.join(root, f)));
    expect(missing).toEqual([]);
    expect(HEAVY_FILES.every((f) => f.endsWith('.test.ts'))).toBe(true);
  });
});
