import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', '**/*.generated.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `any` is allowed at a few typed boundaries (Kysely dynamic tables, JSON bodies).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // The console: hooks follow React's rules, and a feature reaches another feature only through
    // that feature's index.ts (docs/decisions/0038-one-console-data-path.md).
    files: ['packages/console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['packages/console/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          // `../other/api/x`, `../../other/components/y`: any path that climbs out of this feature and
          // back into one of its folders. A feature's own files never need `..` past its root.
          regex: '^(\\.\\./)+(account|apps|areas|audit|auth|data|files|messaging|realtime|security|settings|team|users)/.+',
          message: 'Import another feature through its index.ts (features/<feature>), not its inner files.',
        }],
      }],
    },
  },
);
