// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaryConfigs } from './scripts/lint/boundaries.js';

/**
 * The project's ESLint config for the code under `root`. A function so that the boundary test
 * (scripts/lint/boundaries.test.ts) lints its fixture tree with exactly these rules.
 * @param {string} root
 */
export function markwiseConfig(root) {
  return tseslint.config(
    {
      ignores: [
        'dist/**',
        'data/**',
        'node_modules/**',
        'bench/out/**',
        'coverage/**',
        // code that breaks the rules on purpose, linted only by scripts/lint/boundaries.test.ts
        'scripts/lint/fixtures/**',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: {
        parserOptions: { projectService: true, tsconfigRootDir: root },
        globals: { ...globals.node, ...globals.browser },
      },
      plugins: { 'import-x': importX },
      rules: {
        '@typescript-eslint/no-floating-promises': 'error',
        '@typescript-eslint/no-misused-promises': [
          'error',
          { checksVoidReturn: { attributes: false } },
        ],
        '@typescript-eslint/consistent-type-imports': 'error',
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        'import-x/no-cycle': ['error', { maxDepth: 8 }],
        eqeqeq: ['error', 'smart'],
      },
      settings: {
        // Without a resolver import-x cannot follow an import to its file, and then no-cycle
        // and no-restricted-paths pass everything. Imports are relative, written without
        // extensions (tsconfig's "Bundler" resolution), so the resolver tries .ts and .tsx.
        // import-x reads the imported TypeScript files too (no-cycle follows their imports).
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          importX.createNodeResolver({
            extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
            tsconfig: { configFile: `${root}/tsconfig.json` },
          }),
        ],
      },
    },
    {
      files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
      plugins: { 'react-hooks': reactHooks },
      rules: {
        'react-hooks/rules-of-hooks': 'error',
        'react-hooks/exhaustive-deps': 'warn',
      },
    },
    // Layers, web features and server modules: see CONTRIBUTING.md, "Layers and boundaries".
    ...boundaryConfigs(root),
    {
      // CONTRIBUTING.md: migrations take Kysely<any> and stay frozen once landed.
      files: ['src/server/db/migrations/*.ts'],
      rules: { '@typescript-eslint/no-explicit-any': 'off' },
    },
    {
      files: ['**/*.{js,mjs,cjs}', 'bin/*'],
      languageOptions: { globals: { ...globals.node } },
    },
  );
}

export default markwiseConfig(import.meta.dirname);
