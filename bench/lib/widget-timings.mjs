// Timings on the example site in Chromium: navigation start to the launcher on screen, to
// `window.load`, and to the chat ready after a click (cold, or warm once embed.js's hidden frame is
// ready), each run in a new context (empty cache), optionally under CPU and "Fast 3G" throttling.
/* global window, document, location, addEventListener, MutationObserver, IntersectionObserver, requestAnimationFrame, requestIdleCallback -- page functions, run in Chromium */
import { quantile } from './stats.mjs';
import { INPUT_NAME } from './widget-sizes.mjs';

/** Chrome DevTools' "Fast 3G" preset (562.5 ms latency, 1.44 Mbps down, 675 kbps up), in bytes/s. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
export const CPU_SLOWDOWN = 4;

/**
 * Runs in every frame before its own scripts. On the host page: the time the launcher is first on
 * screen (the animation frame after embed.js inserts it, and it has a box), `conversa:ready` and the
 * chat frame's "input ready" as they arrive, and in cold runs a click on the launcher in that same
 * animation frame. In the chat frame: the first moment its text box is visible and enabled, posted
 * to the parent (which times it on its own clock, like `conversa:ready`).
 */
function instrument({ clickAtOnce }) {
  if (window.top === window) {
    const bench = { launcher: null, click: null, ready: null, input: null };
    Object.defineProperty(window, '__bench', { value: bench });
    addEventListener('message', (event) => {
      if (event.data?.type === 'conversa:ready' && bench.ready === null) bench.ready = performance.now();
      if (event.data?.bench === 'input-ready' && bench.input === null) bench.input = performance.now();
    });
    const observer = new MutationObserver(() => {
      const launcher = document.getElementById('conversa-launcher');
      if (!launcher || bench.launcher !== null) return;
      observer.disconnect();
      const onScreen = () => {
        if (launcher.getClientRects().length === 0) return requestAnimationFrame(onScreen);
        bench.launcher = performance.now();
        if (clickAtOnce) {
          bench.click = performance.now();
          launcher.click();
        }
      };
      requestAnimationFrame(onScreen);
    });
    observer.observe(document, { childList: true, subtree: true });
  } else if (location.pathname.startsWith('/chat/')) {
    // The text box on screen: an IntersectionObserver sees it when the chat renders it in a shown
    // frame, and when embed.js shows the hidden frame it was rendered in (no mutation marks that).
    let done = false;
    let watched = null;
    const watch = () => {
      const input = document.querySelector('textarea');
      if (done || !input || input === watched) return;
      watched = input;
      new IntersectionObserver((entries) => {
        if (done || input.disabled || !entries.some((entry) => entry.isIntersecting)) return;
        done = true;
        window.parent.postMessage({ bench: 'input-ready' }, '*');
      }).observe(input);
    };
    new MutationObserver(watch).observe(document, { childList: true, subtree: true });
  }
}

/** One run on the example site in a new context; `warm` clicks once the hidden frame is ready. */
export async function run(browser, siteUrl, { warm, throttled }) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  try {
    // Cold runs click in the first frame the launcher is on screen.
    await context.addInitScript(instrument, { clickAtOnce: !warm });
    const page = await context.newPage();
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { ...FAST_3G, connectionType: 'cellular3g' });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    await page.goto(siteUrl, { waitUntil: 'commit' });
    if (warm) {
      // The hidden frame embed.js starts once the page is idle, ready; then one more idle period, then the click.
      await page.waitForFunction(() => window.__bench.ready !== null, undefined, {
        timeout: 30_000,
        polling: 50,
      });
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined))));
      await page.evaluate(() => {
        const launcher = document.getElementById('conversa-launcher');
        if (!launcher) throw new Error('no launcher');
        window.__bench.click = performance.now();
        launcher.click();
      });
    }
    // The chat ready as the user sees it (role and name), and the in-page times recorded.
    const frame = page.frameLocator('#conversa-frame');
    const input = frame.getByRole('textbox', { name: INPUT_NAME });
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    if (!(await input.isEnabled())) throw new Error('the chat input is disabled');
    await page.waitForFunction(() => window.__bench.input !== null, undefined, {
      timeout: 10_000,
    });
    await page.waitForLoadState('load', { timeout: 30_000 });
    return await page.evaluate(() => {
      const bench = window.__bench;
      const [navigation] = performance.getEntriesByType('navigation');
      return { ...bench, load: navigation.loadEventStart };
    });
  } finally {
    await context.close();
  }
}

/** N runs of one scenario; each row is milliseconds from navigation start (and click to ready). */
export async function scenario(browser, siteUrl, options, runs) {
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await run(browser, siteUrl, options));
  const stat = (values) => ({
    p50: quantile(values, 0.5),
    p90: quantile(values, 0.9),
    max: Math.max(...values),
  });
  return {
    runs,
    launcher: stat(results.map((r) => r.launcher)),
    load: stat(results.map((r) => r.load)),
    conversaReady: stat(results.map((r) => r.ready)),
    input: stat(results.map((r) => r.input)),
    clickToInput: stat(results.map((r) => r.input - r.click)),
  };
}
