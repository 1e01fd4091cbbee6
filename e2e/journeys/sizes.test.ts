// The size budgets of docs/architecture.md#budgets, on what Chromium loads from the built server
// with an empty cache: the console's /login, all its JavaScript; the widget's embed.js; the chat app
// of the full public page, all its JavaScript and CSS. Sizes are gzip -9 of the bytes received, as
// the benchmarks (bench/bundle-size.mjs, bench/widget-bench.mjs) count them: a new import that drags
// a library into /login fails here, not months later in RESULTS.md.
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIZE_BUDGETS } from '../../scripts/lib/size-budgets.mjs';
import { connectBrowser } from '../lib/browser';
import { appUnderTest, openTab, type AppTab } from '../lib/journey';
import { seedAssistant, type SeededAssistant } from '../lib/widget';

/** gzip -9 bytes of every response kept by `keep`, by path, once the page has settled. */
async function gzipOf(responses: Response[], keep: (response: Response) => boolean) {
  const sizes = new Map<string, number>();
  for (const response of responses.filter(keep)) {
    const body = await response.body();
    sizes.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  }
  return sizes;
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);
/** The files, biggest first, for the failure message. */
const listed = (sizes: Map<string, number>) =>
  [...sizes.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([file, size]) => `${file} ${(size / 1000).toFixed(1)} KB`)
    .join('\n');

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' ||
  (response.headers()['content-type'] ?? '').includes('javascript');
const isStyle = (response: Response) => response.request().resourceType() === 'stylesheet';

describe('shipped sizes', () => {
  let app: ReturnType<typeof appUnderTest>;
  let browser: Browser;
  let school: SeededAssistant;
  const tabs: AppTab[] = [];

  /** A new tab (empty cache) that records every response. */
  const recordingTab = async () => {
    const tab = await openTab(browser);
    tabs.push(tab);
    const responses: Response[] = [];
    tab.page.on('response', (response) => responses.push(response));
    return { page: tab.page, responses };
  };

  beforeAll(async () => {
    app = appUnderTest();
    browser = await connectBrowser();
    school = await seedAssistant(app.url, app.dataDir, {
      email: 'owner@colegio-medidas.example',
      fullName: 'Marta Medidas',
      school: 'Colegio Medidas',
      settings: { name: 'Admisiones Medidas', suggested_questions: ['When do applications open?'] },
      faqs: [],
    });
  });

  afterAll(async () => {
    for (const tab of tabs) await tab.context.close();
    await browser?.close();
  });

  test('/login loads at most its budget of JavaScript', async () => {
    const { page, responses } = await recordingTab();
    await page.goto(`${app.url}/login`);
    // The login route is lazy: its heading on screen, then nothing more in flight.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await gzipOf(responses, isScript);
    expect(scripts.size).toBeGreaterThan(1);
    expect(total(scripts), `/login's JavaScript, gzip:\n${listed(scripts)}`).toBeLessThanOrEqual(
      SIZE_BUDGETS.loginJs,
    );
  });

  test('the public chat page loads embed.js and the chat app within their budgets', async () => {
    const { page, responses } = await recordingTab();
    await page.goto(`${app.url}/admissions/${school.institutionId}`);
    await page.getByRole('textbox', { name: 'Type your question' }).waitFor();
    await page.waitForLoadState('networkidle');
    const chat = await gzipOf(responses, (response) => isScript(response) || isStyle(response));
    expect(chat.size).toBeGreaterThan(0);
    expect(total(chat), `the chat app's JavaScript and CSS, gzip:\n${listed(chat)}`).toBeLessThanOrEqual(
      SIZE_BUDGETS.chat,
    );

    const embed = await page.request.get(`${app.url}/embed.js`);
    expect(embed.status()).toBe(200);
    const embedGzip = gzipSync(await embed.body(), { level: 9 }).length;
    expect(embedGzip, 'embed.js, gzip').toBeLessThanOrEqual(SIZE_BUDGETS.embed);
  });
});
