// The browser suites (Storybook smoke, journeys), run by `npm test` after the unit projects so
// Chromium does not compete with them for the cores: `vitest run --config e2e/vitest.config.ts`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { UI_TIMEOUT_MS } from './lib/timeouts';

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'artifacts/**'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./lib/setup.ts'],
    // One file per worker at most two at a time: Chromium, the server and the runner share 2 cores.
    maxWorkers: 2,
    // expect.poll waits as long as Playwright's actions do (its own default, 1 s, gave up while a
    // loaded machine was still rendering the first page).
    expect: { poll: { timeout: UI_TIMEOUT_MS } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
