// The browser suites (Storybook smoke, journeys), run by `npm test` after the unit projects so
// Chromium does not compete with them for the cores: `vitest run --config e2e/vitest.config.ts`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { UI_TIMEOUT_MS } from './lib/timeouts';

/**
 * The files that take longest, in that order: each Storybook smoke walks every story (about 3 min),
 * the language journey checks every page in two languages (about 2 min). Without a duration cache (a
 * fresh clone, CI) vitest starts larger files first, which put these small files last: the two
 * workers then ended a minute apart. Started first, the short journeys fill in around them.
 */
const LONGEST = ['storybook/storybook-en-light', 'storybook/storybook-es-dark', 'journeys/language'];
const rank = (spec: TestSpecification) => {
  const index = LONGEST.findIndex((name) => spec.moduleId.includes(`/${name}.test.`));
  return index === -1 ? LONGEST.length : index;
};

/** Vitest's order (failed first, then longest or largest first), with the longest files ahead. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.position - b.position)
      .map(({ spec }) => spec);
  }
}

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
    sequence: { sequencer: LongestFirst },
    // expect.poll waits as long as Playwright's actions do (its own default, 1 s, gave up while a
    // loaded machine was still rendering the first page).
    expect: { poll: { timeout: UI_TIMEOUT_MS } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
