// Flat config: typescript-eslint, kebab-case file names, and the dependency direction of docs/architecture.md#packages
// (contract <- data <- ui <- admin; contract <- data <- widget; contract <- server).
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const packages = ['contract', 'data', 'ui', 'admin', 'widget', 'server'];

/** What each package may import from the workspace; everything else is forbidden. */
const allowed = {
  contract: [],
  data: ['contract'],
  ui: ['contract', 'data'],
  admin: ['contract', 'data', 'ui'],
  widget: ['contract', 'data'],
  server: ['contract'],
};

const direction = packages.map((name) => {
  const forbidden = packages.filter((other) => other !== name && !allowed[name].includes(other));
  return {
    files: [`packages/${name}/src/**/*.{ts,tsx}`],
    // Tests may bring up the real server in-process (docs/architecture.md#tests); shipped code may not.
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: forbidden.flatMap((other) => [`@conversa/${other}`, `@conversa/${other}/*`]),
              message: `packages/${name} must not import this package (dependency direction, docs/architecture.md#packages).`,
            },
            {
              group: ['../../*/src/*', '../../../*/src/*'],
              message: 'Import workspace packages by name, not by relative path.',
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.cache/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'storybook-static/**',
      '.storybook/public/**',
      // lingui's compiled catalogs (`pnpm --filter @conversa/widget extract`).
      'packages/widget/src/locales/*/messages.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // React code runs in the browser (and in jsdom under vitest).
    files: ['packages/ui/src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['scripts/**', 'bench/**', '**/build.mjs', '**/*.config.{js,ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['packages/**/*.{ts,tsx,js,mjs}', 'scripts/**', 'bench/**', 'e2e/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'packages/*/src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // The tests run without module isolation (vitest.config.ts): a module mock would outlive its file.
    files: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(do)?(mock|unmock)$/]",
          message: 'No module mocks: the test projects share modules between files (isolate: false).',
        },
      ],
    },
  },
  ...direction,
);
