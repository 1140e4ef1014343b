import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/** Test files of the server, SDK and shared packages (outside their build's tsconfig.json). */
const TESTS = [
  'packages/{server,sdk,shared}/src/**/*.test.ts',
  'packages/{server,sdk,shared}/src/**/*.test-helpers.ts',
  'packages/server/src/test-helpers.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '**/*.generated.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `any` is allowed at a few typed boundaries (Kysely dynamic tables, JSON bodies).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `../other/api/x`, `../../other/components/y`: any path that climbs out of this feature and
              // back into one of its folders. A feature's own files never need `..` past its root. A
              // feature's `keys.ts` (its query keys alone) is the one other entry: refreshing another
              // feature's data must not import its pages, which may import this feature back.
              regex:
                '^(\\.\\./)+(account|apps|areas|audit|auth|cache-control|data|files|instance|knowledge-bases|messaging|realtime|security|settings|team|users)/(?!keys$).+',
              message:
                'Import another feature through its index.ts (features/<feature>) or its keys.ts, not its inner files.',
            },
          ],
        },
      ],
    },
  },
  // Type-aware rules for the server, the SDK and the shared package (issue 15 item 5): a promise
  // nobody awaits loses its rejection, and a switch over a union must say what it does with every
  // member (a case each, or a default that covers the rest on purpose). Sources are typed by their
  // package's tsconfig.json through the project service; tests and test helpers, which the build's
  // tsconfig.json leaves out, by the package's tsconfig.test.json.
  ...[
    { files: ['packages/{server,sdk,shared}/src/**/*.ts'], ignores: TESTS, parserOptions: { projectService: true } },
    {
      files: TESTS,
      parserOptions: {
        project: [
          'packages/server/tsconfig.test.json',
          'packages/sdk/tsconfig.test.json',
          'packages/shared/tsconfig.test.json',
        ],
      },
    },
  ].map(({ files, ignores, parserOptions }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    languageOptions: { parserOptions: { ...parserOptions, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  })),
);
