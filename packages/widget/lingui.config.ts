/**
 * Lingui catalogs of the widget's chat: English source, Spanish translation, as .po, compiled to
 * TypeScript (`pnpm extract`) so the rollup build, vitest and Storybook read them as plain modules.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.stories.{ts,tsx}'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
  compileNamespace: 'ts',
});
