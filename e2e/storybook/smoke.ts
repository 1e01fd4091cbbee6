// The Storybook smoke (issue 3 §3): every story of the static build opened in Chromium in one
// locale and colour mode. One preview page per mode switches stories over Storybook's channel (as
// the manager does) instead of reloading, and reads the a11y addon's own axe run from
// `storyFinished`, so each story honours its a11y parameters and axe runs once.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatViolations, seriousOnly, type AxeViolation } from '../lib/axe';
import { connectBrowser, newCheckedContext, type PageProblems } from '../lib/browser';
import { storybookDir } from '../lib/paths';
import { serveStatic, type StaticServer } from '../lib/static-server';

/** A story as `index.json` lists it. */
interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  tags?: string[];
}

/** Keeps a problem readable: a thrown testing-library error carries the whole DOM. */
const clip = (text: string) =>
  text.length > 1500 ? `${text.slice(0, 1500)}… (${text.length} characters)` : text;

/** Stories with this tag may render nothing visible (a closed dialog); all else must show something. */
export const EMPTY_TAG = 'renders-nothing';

/** The stories of the static build; throws when Storybook is not built. */
export function readStories(): IndexEntry[] {
  const file = path.join(storybookDir, 'index.json');
  if (!existsSync(file))
    throw new Error(`${file} not found: run \`npm run build-storybook\` (npm test builds it itself).`);
  const index = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries).filter((entry) => entry.type === 'story');
}

/** What the page-side hook records from Storybook's channel. */
interface SmokeState {
  finished: {
    storyId: string;
    status: string;
    reporters: { type: string; status?: string; result?: unknown }[];
  }[];
  errors: string[];
  globals: Record<string, unknown> | null;
  ready: boolean;
}

declare global {
  interface Window {
    __smoke: SmokeState;
  }
}

// Runs in the page before Storybook: hooks the channel the moment the preview creates it.
function hookChannel() {
  const state: SmokeState = { finished: [], errors: [], globals: null, ready: false };
  window.__smoke = state;
  type Channel = { on(event: string, fn: (...args: unknown[]) => void): void };
  let channel: Channel | undefined;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set: (value: Channel) => {
      channel = value;
      value.on('storyFinished', (event) => state.finished.push(event as SmokeState['finished'][number]));
      for (const name of ['storyErrored', 'storyThrewException', 'playFunctionThrewException'])
        value.on(name, (error) => state.errors.push(`${name}: ${JSON.stringify(error)}`));
      value.on('unhandledErrorsWhilePlaying', (errors) =>
        state.errors.push(`unhandled errors: ${JSON.stringify(errors)}`),
      );
      for (const name of ['setGlobals', 'globalsUpdated'])
        value.on(name, (event) => {
          state.globals = (event as { globals: Record<string, unknown> }).globals;
        });
      for (const name of ['storyMissing', 'storyFinished', 'storyErrored', 'storyThrewException'])
        value.on(name, () => {
          state.ready = true;
        });
    },
  });
}

/** What one story did: the finished event, channel errors, and whether anything is on screen. */
async function renderStory(page: Page, storyId: string, alreadySelected: boolean) {
  return page.evaluate(
    ({ id, selected }) =>
      new Promise<{
        status: string;
        reporters: SmokeState['finished'][number]['reporters'];
        errors: string[];
        content: boolean;
      }>((resolve, reject) => {
        const state = window.__smoke;
        // The story the page was opened on has rendered already: its events are kept.
        if (!selected) {
          state.finished = [];
          state.errors = [];
        }
        const started = Date.now();
        const timer = setInterval(() => {
          const finished = state.finished.find((event) => event.storyId === id);
          if (!finished && Date.now() - started < 20_000) return;
          clearInterval(timer);
          if (!finished) {
            reject(new Error(`story ${id} did not finish within 20 s (${state.errors.join('; ')})`));
            return;
          }
          // The story root, or what it portals into <body> (dialogs, menus, toasts).
          const root = document.getElementById('storybook-root');
          const own =
            '#storybook-root, #storybook-docs, #storybook-highlights-root, script, style, [class*="sb-"]';
          const portals = Array.from(document.body.children).filter(
            (el) => !el.matches(own) && (el.textContent?.trim() || el.querySelector('svg, img, input')),
          );
          const content = Boolean(root && root.childElementCount > 0) || portals.length > 0;
          resolve(JSON.parse(JSON.stringify({ ...finished, errors: state.errors, content })));
        }, 10);
        const channel = (
          window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(e: string, p: unknown): void } }
        ).__STORYBOOK_ADDONS_CHANNEL__;
        if (!selected) channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
      }),
    { id: storyId, selected: alreadySelected },
  );
}

/** Registers one test per story, in the given Storybook globals. */
export function defineStorybookSmoke(globals: { locale: 'en' | 'es'; colorMode: 'light' | 'dark' }) {
  const stories = readStories();
  const mode = `${globals.locale} ${globals.colorMode}`;

  describe(`Storybook, ${mode}`, () => {
    let server: StaticServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let problems: PageProblems;

    beforeAll(async () => {
      server = await serveStatic(storybookDir);
      browser = await connectBrowser();
      ({ context, problems } = await newCheckedContext(browser, {
        locale: globals.locale === 'es' ? 'es-ES' : 'en-US',
        colorScheme: globals.colorMode,
      }));
      page = await context.newPage();
      await page.addInitScript(hookChannel);
      // Opened on the first story, as a designer's link would; the others follow over the channel.
      const first = stories[0]?.id ?? '';
      const query = `id=${first}&viewMode=story&globals=locale:${globals.locale};colorMode:${globals.colorMode}`;
      await page.goto(`${server.url}/iframe.html?${query}`);
      await page.waitForFunction(() => window.__smoke?.ready, undefined, { timeout: 30_000 });
    });

    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await server?.close();
    });

    test('the build lists stories and the preview took the globals', async () => {
      expect(stories.length).toBeGreaterThan(0);
      const applied = await page.evaluate(() => window.__smoke.globals);
      expect(applied).toMatchObject(globals);
    });

    stories.forEach((story, index) => {
      test(`${story.title} / ${story.name}`, async () => {
        // Problems since the previous story belong to this one (the first: since the page opened).
        const result = await renderStory(page, story.id, index === 0);
        const found: string[] = [...result.errors, ...problems.take()].map(clip);
        // The a11y addon fails a story on any violation; this smoke fails on serious and critical
        // ones (below), so only other failed reports count here.
        const failedReports = result.reporters.filter((r) => r.status === 'failed' && r.type !== 'a11y');
        for (const report of failedReports)
          found.push(clip(`${report.type} report failed: ${JSON.stringify(report.result)}`));
        if (
          result.status !== 'success' &&
          found.length === 0 &&
          !result.reporters.some((r) => r.status === 'failed')
        )
          found.push(`story finished with status ${result.status}`);
        if (!result.content && !story.tags?.includes(EMPTY_TAG))
          found.push(`nothing rendered (tag the story '${EMPTY_TAG}' if that is its state)`);

        const a11y = result.reporters.find((report) => report.type === 'a11y');
        const axe = a11y?.result as { violations?: AxeViolation[]; error?: unknown } | undefined;
        if (!axe) found.push('the a11y addon did not run axe (a11y disabled for this story?)');
        else if (axe.error) found.push(`axe failed: ${JSON.stringify(axe.error)}`);
        else {
          const serious = seriousOnly(axe.violations ?? []);
          if (serious.length > 0) found.push(`axe:\n${formatViolations(serious)}`);
        }
        expect(found, `${story.id} (${mode})`).toEqual([]);
      });
    });
  });
}
