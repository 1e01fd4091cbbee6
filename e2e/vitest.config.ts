// The browser suites (Storybook smoke, journeys), run by `npm test` after the unit projects so
// Chromium does not compete with them for the cores: `vitest run --config e2e/vitest.config.ts`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'artifacts/**'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // One file per worker at most two at a time: Chromium, the server and the runner share 2 cores.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
