import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// Loaded by URL: the checker is plain JavaScript, which the TypeScript project does not type.
const { importCycles, formatCycles } = (await import(
  new URL('./import-cycles.mjs', import.meta.url).href
)) as {
  importCycles: (program: ts.Program, root: string) => Array<Array<{ file: string; line: number }>>;
  formatCycles: (cycles: Array<Array<{ file: string; line: number }>>) => string[];
};

// The module graph needs no standard library or global types (loading them takes seconds).
const bare = { noLib: true, types: [] };

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** The cycles of a program made of the given files (name → source), as check.mjs prints them. */
function cyclesOf(files: Record<string, string>): string[] {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  dirs.push(root);
  for (const [name, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), source);
  }
  const program = ts.createProgram({
    rootNames: Object.keys(files).map((f) => path.join(root, f)),
    options: {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      ...bare,
    },
  });
  return formatCycles(importCycles(program, root));
}

describe('import cycles (npm run check)', () => {
  it('finds the lint fixtures’ cycle that import-x/no-cycle reports', () => {
    const fixtures = path.join(import.meta.dirname, 'fixtures');
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(fixtures, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(String(d.messageText));
        },
      },
    )!;
    const program = ts.createProgram({
      rootNames: config.fileNames,
      options: { ...config.options, ...bare },
    });
    expect(formatCycles(importCycles(program, fixtures))).toEqual([
      'import cycle: src/web/lib/cycle-a.ts:2 → src/web/lib/cycle-b.ts:2 → src/web/lib/cycle-a.ts',
    ]);
  });

  it('follows static imports, re-exports and dynamic imports, at any depth', () => {
    const chain = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `m${i}.ts`,
        `export const v${i} = 1;\nimport './m${(i + 1) % 12}';\n`,
      ]),
    );
    expect(cyclesOf(chain)).toHaveLength(1);
    expect(cyclesOf(chain)[0]).toMatch(
      /^import cycle: m0\.ts:2 → m1\.ts:2 → .* → m11\.ts:2 → m0\.ts$/,
    );
    expect(
      cyclesOf({
        'a.ts': "export * from './b';\n",
        'b.ts': "export const b = 1;\nexport const load = () => import('./a');\n",
      }),
    ).toEqual(['import cycle: a.ts:1 → b.ts:2 → a.ts']);
    expect(cyclesOf({ 'self.ts': "import './self';\n" })).toEqual([
      'import cycle: self.ts:1 → self.ts',
    ]);
  });

  it('ignores imports of types only, which are erased, and files outside cycles', () => {
    expect(
      cyclesOf({
        'a.ts':
          "import type { B } from './b';\nimport { type C } from './c';\nexport type A = B | C;\n",
        'b.ts': "import { a } from './a2';\nexport type B = string;\nexport const b = a;\n",
        'c.ts': "import type { A } from './a';\nexport type C = A | number;\n",
        'a2.ts': "export const a = 1;\nexport type { B } from './b';\n",
      }),
    ).toEqual([]);
    expect(
      cyclesOf({
        'a.ts': "import { b } from './b';\nexport const a = b;\n",
        'b.ts': "import { c } from './c';\nexport const b = c;\n",
        'c.ts': "import { type T, b } from './b';\nexport const c = 1;\nexport const d: T = b;\n",
        'leaf.ts': "import { a } from './a';\nexport const leaf = a;\n",
      }),
    ).toEqual(['import cycle: b.ts:1 → c.ts:1 → b.ts']);
  });
});
