import fs from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(import.meta.dirname, 'fixtures');

// Loaded by URL: the config is plain JavaScript, which the TypeScript project does not type.
const configUrl = new URL('../../eslint.config.js', import.meta.url).href;
const boundariesUrl = new URL('./boundaries.js', import.meta.url).href;

interface Problem {
  rule: string | null;
  line: number;
  message: string;
}

/** The problems ESLint reports per fixture file (path under fixtures/src), with the project's own config. */
async function lintFixtures(): Promise<Record<string, Problem[]>> {
  const { markwiseConfig } = (await import(configUrl)) as {
    markwiseConfig: (root: string) => Linter.Config[];
  };
  const eslint = new ESLint({
    cwd: fixtures,
    overrideConfigFile: true,
    overrideConfig: markwiseConfig(fixtures),
  });
  const results = await eslint.lintFiles(['src/**/*.ts']);
  return Object.fromEntries(
    results.map((r) => [
      path.relative(path.join(fixtures, 'src'), r.filePath),
      r.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message })),
    ]),
  );
}

describe('lint boundaries (scripts/lint/fixtures)', () => {
  let problems: Record<string, Problem[]>;
  beforeAll(async () => {
    problems = await lintFixtures();
  }, 120_000);

  const rules = (file: string) => problems[file]?.map((p) => `${p.line} ${p.rule}`);

  it('fails an import cycle', () => {
    expect(rules('web/lib/cycle-a.ts')).toEqual(['2 import-x/no-cycle']);
    expect(rules('web/lib/cycle-b.ts')).toEqual(['2 import-x/no-cycle']);
  });

  it('fails a web feature that imports another feature, and says where shared UI goes', () => {
    expect(rules('web/features/alpha/alpha.ts')).toEqual(['2 import-x/no-restricted-paths']);
    const [problem] = problems['web/features/alpha/alpha.ts']!;
    expect(problem!.message).toContain('src/web/components/ui');
    expect(problem!.message).toContain('CONTRIBUTING.md');
  });

  it('fails a layer violation: shared importing the server', () => {
    expect(rules('shared/limits.ts')).toEqual(['2 import-x/no-restricted-paths']);
    expect(problems['shared/limits.ts']![0]!.message).toContain('CONTRIBUTING.md');
  });

  it("fails a server module that imports another module's repository, not its service", () => {
    expect(rules('server/modules/two/two.service.ts')).toEqual(['2 import-x/no-restricted-paths']);
  });

  it('passes the imports the rules allow', () => {
    for (const file of [
      'web/features/alpha/allowed.ts',
      'web/features/beta/beta.ts',
      'web/components/ui/label.ts',
      'server/modules/one/one.service.ts',
      'shared/words.ts',
    ]) {
      expect(problems[file], file).toEqual([]);
    }
  });
});

describe('server module exceptions in scripts/lint/boundaries.js', () => {
  it('lists only imports the code still makes (a fixed one must leave the list)', async () => {
    const { serverModuleExceptions } = (await import(boundariesUrl)) as {
      serverModuleExceptions: Record<string, string[]>;
    };
    const modules = path.join(repo, 'src/server/modules');
    for (const [file, allowed] of Object.entries(serverModuleExceptions)) {
      const source = fs.readFileSync(path.join(modules, file), 'utf8');
      for (const target of allowed) {
        expect(source, `${file} → ${target}`).toContain(`'../${target.replace(/\.ts$/, '')}'`);
      }
    }
  });
});
