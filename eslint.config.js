// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Folders that a layer may not import from: shared ← grading ← server, shared ← web. */
const boundaries = {
  'src/shared/**': ['**/grading/**', '**/server/**', '**/web/**', '**/cli/**'],
  'src/grading/**': ['**/server/**', '**/web/**', '**/cli/**'],
  'src/web/**': ['**/grading/**', '**/server/**', '**/cli/**'],
  'src/server/**': ['**/web/**', '**/cli/**'],
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'bench/out/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
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
    settings: { 'import-x/resolver-next': [] },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...Object.entries(boundaries).map(([glob, patterns]) => ({
    files: [glob],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: patterns.map((group) => ({
            group: [group],
            message: 'Crosses a layer boundary (see STYLE.md).',
          })),
        },
      ],
    },
  })),
  {
    // STYLE.md: migrations take Kysely<any> and stay frozen once landed.
    files: ['src/server/db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'bin/*'],
    languageOptions: { globals: { ...globals.node } },
  },
);
