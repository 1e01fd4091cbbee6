/**
 * How long a journey waits for the page to show something: Playwright's actions, the `expect.poll`
 * checks (vitest.config.ts) and the helpers' own deadlines. One figure, so that no check gives up
 * sooner than the others on a loaded machine (vitest's own poll default is one second).
 */
export const UI_TIMEOUT_MS = 10_000;
