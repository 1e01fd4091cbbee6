// Connecting to the shared Chromium, and what every page is checked for: no uncaught errors, no
// console errors, no request leaving the machine.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import { traceContext } from './traces';

/** Connects to the Chromium that global-setup launched. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

const local = /^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

/** Problems a page reported, collected while a suite drives it. */
export class PageProblems {
  readonly list: string[] = [];
  /** Console messages allowed (matched against the text), e.g. an expected 4xx the app handles. */
  allowed: RegExp[] = [];

  add(problem: string) {
    if (!this.allowed.some((pattern) => pattern.test(problem))) this.list.push(problem);
  }

  /** Returns the problems so far and forgets them. */
  take(): string[] {
    return this.list.splice(0, this.list.length);
  }
}

/**
 * A new isolated context (own cookies and storage) whose requests may only reach 127.0.0.1: any
 * other host is aborted and reported, as are console errors and uncaught exceptions.
 */
export async function newCheckedContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; problems: PageProblems }> {
  const context = await browser.newContext({ locale: 'en-US', ...options });
  const problems = new PageProblems();
  await context.route(
    (url) => !local.test(url.href) && !url.href.startsWith('data:') && !url.href.startsWith('blob:'),
    (route) => {
      problems.add(`request to the outside world: ${route.request().url()}`);
      return route.abort('blockedbyclient');
    },
  );
  context.on('page', (page) => watchPage(page, problems));
  await traceContext(context);
  return { context, problems };
}

function watchPage(page: Page, problems: PageProblems) {
  page.on('console', (message) => {
    // Chromium's "Failed to load resource" line names no URL: the response event below does.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.add(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.add(`uncaught: ${error.stack ?? error.message}`));
  page.on('response', (response) => {
    // Mocked answers (MSW's service worker in Storybook) may be errors on purpose.
    if (response.status() >= 400 && !response.fromServiceWorker())
      problems.add(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // Aborted on purpose above (already reported), or cancelled by a navigation.
    if (!/ERR_BLOCKED_BY_CLIENT|ERR_ABORTED/.test(reason))
      problems.add(`request failed (${reason}): ${request.method()} ${request.url()}`);
  });
}
