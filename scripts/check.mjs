// `npm run check`: the typecheck (`tsc --noEmit`) and the lint (`eslint .`) in one process that
// builds the TypeScript program once. Run apart, tsc and typescript-eslint's project service each
// parsed and type-checked the whole project: 38 + 63 CPU-seconds. Here the lint's typed rules
// (no-floating-promises, no-misused-promises) ask the checker that the typecheck has already
// warmed, and the pair costs about 63. Same tsconfig, same ESLint config, same findings and exit
// code as the two commands; `npm run typecheck` and `npm run lint` still run them one at a time.
// Import cycles are found in one pass over the program's module graph instead of by ESLint's
// import-x/no-cycle (scripts/lint/import-cycles.mjs says why).
import path from 'node:path';
import ts from 'typescript';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { formatCycles, importCycles } from './lint/import-cycles.mjs';

const root = path.resolve(import.meta.dirname, '..');

function typecheck() {
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  };
  const configFile = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, host);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    configFileParsingDiagnostics: parsed.errors,
  });
  const diagnostics = [...parsed.errors, ...ts.getPreEmitDiagnostics(program)];
  if (diagnostics.length > 0) {
    const format = process.stdout.isTTY
      ? ts.formatDiagnosticsWithColorAndContext
      : ts.formatDiagnostics;
    process.stdout.write(
      format(diagnostics, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => root,
        getNewLine: () => '\n',
      }),
    );
    console.log(`tsc: ${diagnostics.length} error(s)`);
  }
  return { program, ok: diagnostics.length === 0 };
}

async function lint(program) {
  // The files of the program get their type information from it. Any other file (import-x
  // parses imported packages to follow their exports) is parsed as the config says; import-x
  // drops the project options for those, but not `programs`, hence the choice per file.
  const parser = {
    meta: { name: 'markwise-shared-program', version: '1' },
    parseForESLint(code, options) {
      const inProgram = program.getSourceFile(options.filePath) !== undefined;
      return tseslint.parser.parseForESLint(
        code,
        inProgram ? { ...options, programs: [program] } : options,
      );
    },
  };
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser, parserOptions: { projectService: false } },
      // Checked once over the whole program below (scripts/lint/import-cycles.mjs).
      rules: { 'import-x/no-cycle': 'off' },
    },
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const text = await formatter.format(results);
  if (text) console.log(text);
  // A cycle counts when ESLint lints one of its files, as no-cycle reports it on those.
  const cycles = [];
  for (const cycle of importCycles(program, root)) {
    const linted = await Promise.all(cycle.map(async (s) => !(await eslint.isPathIgnored(s.file))));
    if (linted.some(Boolean)) cycles.push(cycle);
  }
  for (const line of formatCycles(cycles)) console.log(line);
  return cycles.length === 0 && results.every((r) => r.errorCount === 0 && r.fatalErrorCount === 0);
}

const { program, ok: typesOk } = typecheck();
const lintOk = await lint(program);
process.exitCode = typesOk && lintOk ? 0 : 1;
