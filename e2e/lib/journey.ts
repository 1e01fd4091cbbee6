// What every journey page goes through: settle, axe (nothing serious or critical), a screenshot
// under e2e/artifacts/<language>/, and no console error, uncaught exception or failed request.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { expect, inject } from 'vitest';
import { axeSerious, formatViolations } from './axe';
import { say, type Language } from './catalog';
import { newCheckedContext, type PageProblems } from './browser';
import { artifactsDir } from './paths';
import { UI_TIMEOUT_MS } from './timeouts';

/** The running stack; throws why it is not there (a missing build) instead of skipping. */
export function appUnderTest(): { url: string; dataDir: string } {
  const error = inject('appError');
  if (error) throw new Error(`the journeys need the built server and console: ${error}`);
  return { url: inject('appUrl'), dataDir: inject('appDataDir') };
}

/** Desktop and phone viewports. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A browser tab on the console, its own cookies and storage, in a browser language. */
export interface AppTab {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
  /** Requests sent and not answered yet, and when that count last changed. */
  network: { inFlight: number; changedAt: number };
}

/** Opens a fresh context and page (nothing stored: signed out). */
export async function openTab(
  browser: Browser,
  { language = 'en', viewport = DESKTOP }: { language?: 'en' | 'es'; viewport?: typeof DESKTOP } = {},
): Promise<AppTab> {
  const { context, problems } = await newCheckedContext(browser, {
    locale: language === 'es' ? 'es-ES' : 'en-US',
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
  });
  const network = { inFlight: 0, changedAt: Date.now() };
  // A server-sent events stream (the console's live file states) stays open by design: not waited for.
  const count = (delta: number) => (request: Request) => {
    if (request.headers().accept === 'text/event-stream') return;
    network.inFlight += delta;
    network.changedAt = Date.now();
  };
  context.on('request', count(1));
  context.on('requestfinished', count(-1));
  context.on('requestfailed', count(-1));
  const page = await context.newPage();
  page.setDefaultTimeout(UI_TIMEOUT_MS);
  return { context, page, problems, network };
}

// Quieter than Playwright's 'networkidle' (500 ms): the console's chunks and API calls come back to
// back, so 150 ms without a request means the page has what it asked for.
const QUIET_MS = 150;

/** Waits until the page has loaded its chunks and data, and shows its heading. */
export async function settle(tab: AppTab): Promise<void> {
  const { page, network } = tab;
  await page.waitForLoadState('load');
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while (network.inFlight > 0 || Date.now() - network.changedAt < QUIET_MS) {
    if (Date.now() > deadline)
      throw new Error(`requests still open after ${UI_TIMEOUT_MS} ms on ${page.url()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  await expect.poll(() => page.locator('h1:visible').count()).toBeGreaterThan(0);
}

/**
 * Checks the page as it is now and saves its screenshot as `artifacts/<language>/<name>.png`.
 * `language` is what the page should be in: checked against `<html lang>`.
 */
export async function checkPage(tab: AppTab, name: string, language: 'en' | 'es'): Promise<void> {
  const { page, problems } = tab;
  await settle(tab);
  const dir = path.join(artifactsDir, language);
  mkdirSync(dir, { recursive: true });
  // From the top: a full-page picture of a scrolled page draws the fixed and sticky parts (the
  // menu, the hidden skip link) where the scroll left them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  const violations = await axeSerious(page);
  expect(violations.length, `axe on ${name} (${language}):\n${formatViolations(violations)}`).toBe(0);
  expect(await page.evaluate(() => document.documentElement.lang), `<html lang> on ${name}`).toBe(language);
  const title = await page.title();
  expect(title, `document title on ${name}`).toMatch(/^\S.* \| Conversa$/);
  // Social-share metadata follows the page (docs/product.md#screens-and-routes): title, description, type, url, image.
  const meta = await page.evaluate(() =>
    Object.fromEntries(
      ['og:title', 'og:description', 'og:type', 'og:url', 'og:image'].map((key) => [
        key,
        document.head.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ?? '',
      ]),
    ),
  );
  expect(meta, `social meta on ${name}`).toMatchObject({
    'og:title': title,
    'og:type': 'website',
    'og:url': page.url(),
  });
  expect(meta['og:description'], `og:description on ${name}`).not.toBe('');
  expect(meta['og:image'], `og:image on ${name}`).toMatch(/^https?:\/\//);
  expect(problems.take(), `problems on ${name} (${language})`).toEqual([]);
}

/**
 * Where the root sends a signed-in user: what their menu offers first (an assistant's trainer, its
 * dashboard, leads or orders, by role), the assistant setup without one, or Change institution for
 * a platform admin without a membership.
 */
export function isHome(url: URL): boolean {
  return /^\/((pre-sales\/(trainer|dashboard)|sales-support\/(trainer|leads|orders))\/\d+|setup-assistant|change-institution)$/.test(
    url.pathname,
  );
}

/** The path of the page now (no origin, no query). */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** A RegExp matching text that starts with `text` (and, with `exact`, is nothing more but a `*`). */
export function startsWith(text: string, exact = false): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(exact ? `^${escaped}\\*?$` : `^${escaped}`);
}

/**
 * Logs in from /login with e-mail and password, in the page's language; waits for the home page, or
 * for `landing` (a guard's redirect to /login brings the person back to the page they asked for).
 */
export async function logIn(
  tab: AppTab,
  baseUrl: string,
  email: string,
  password: string,
  language: Language,
  landing: string | RegExp | ((url: URL) => boolean) = isHome,
) {
  await tab.page.goto(`${baseUrl}/login`);
  await signInHere(tab, email, password, language, landing);
}

/**
 * Signs in with e-mail and password on the sign-in page the tab shows now (a guard sent it there
 * from the page it asked for); waits for `landing`.
 */
export async function signInHere(
  tab: AppTab,
  email: string,
  password: string,
  language: Language,
  landing: string | RegExp | ((url: URL) => boolean) = isHome,
) {
  const { page } = tab;
  await page.getByRole('button', { name: say(language, 'Log in with your email') }).click();
  await page.getByRole('heading', { level: 1, name: say(language, 'Log in') }).waitFor();
  await page.getByLabel(startsWith(say(language, 'Email'))).fill(email);
  await page.getByLabel(startsWith(say(language, 'Password'), true)).fill(password);
  await page.getByRole('button', { name: say(language, 'Log in'), exact: true }).click();
  await page.waitForURL(landing);
}

/** Opens the avatar menu and follows one of its entries (English text, shown in `language`). */
export async function accountMenu(tab: AppTab, entry: string, language: Language) {
  await tab.page.getByRole('button', { name: startsWith(say(language, 'Account menu')) }).click();
  await tab.page.getByRole('menuitem', { name: say(language, entry) }).click();
}

/** The fresh tabs (own storage) one journey file opens: `open` one, `closeAll` after the file. */
export function journeyTabs(browser: () => Browser) {
  const tabs: AppTab[] = [];
  return {
    async open(options: Parameters<typeof openTab>[1] = {}): Promise<AppTab> {
      const opened = await openTab(browser(), options);
      tabs.push(opened);
      return opened;
    },
    async closeAll(): Promise<void> {
      for (const opened of tabs.splice(0)) await opened.context.close();
    },
  };
}

/** Asks the public chat page in `visitor`'s tab; resolves to the answer's list item once it is whole. */
export async function askPublicChat(visitor: AppTab, question: string) {
  const { page } = visitor;
  await page.getByRole('textbox', { name: 'Type your question' }).fill(question);
  await page.getByRole('button', { name: 'Send', exact: true }).first().click();
  const answer = page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').last();
  await expect.poll(() => answer.getAttribute('aria-busy')).toBeNull();
  await expect.poll(() => answer.getAttribute('class')).toContain('cv-assistant');
  return answer;
}
