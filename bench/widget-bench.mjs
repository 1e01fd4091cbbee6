// The embeddable widget against DESIGN §9 (embed.js <= 2 KB gzip; the chat app, all it loads, <= 30 KB
// gzip) and how fast it shows (issue 5 §7). The built server in its own process with one seeded
// assistant, the example school site (examples/embed-html) on another origin with the assistant's
// snippet, and Chromium:
// 1. sizes: every response of the chat frame `/chat/{external_id}` and of the full page
//    `/admissions/{id}` with an empty cache, gzip -9 / brotli q11 computed and what was transferred;
// 2. the issue's anchors (other widgets' weights, as the issue gives them, not measured here);
// 3. times on the example site, each run in a new context (empty cache): navigation start to the
//    launcher on screen, to `window.load` (held by the site's slow photo), and, clicking the launcher
//    at once, to the chat ready; then warm (the hidden frame embed.js starts when the page is idle,
//    ready before the click); on localhost and with CPU 4× + "Fast 3G" throttling.
// Writes the `widget` section of RESULTS.md; exits 1 over budget. Run after `npm run build`.
/* global window, document, location, addEventListener, MutationObserver, IntersectionObserver, requestAnimationFrame, requestIdleCallback -- page functions, run in Chromium */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveExample, snippetFor } from '../examples/embed-html/serve.mjs';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { startBuiltServer } from './lib/built-server.mjs';
import { machine, writeSection } from './lib/results.mjs';
import { kb, sizes, sum } from './lib/sizes.mjs';
import { api, signUpAdmin } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET = { embed: 2_000, chat: 30_000 }; // DESIGN §9, gzip, KB = 1,000 bytes
const RUNS = Number(process.env.BENCH_WIDGET_RUNS ?? 15);
const THROTTLED_RUNS = Number(process.env.BENCH_WIDGET_THROTTLED_RUNS ?? 8);
/** How long the example site's photo holds `window.load`. */
const IMAGE_DELAY_MS = 1500;
/** Chrome DevTools' "Fast 3G" preset (562.5 ms latency, 1.44 Mbps down, 675 kbps up), in bytes/s. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
const CPU_SLOWDOWN = 4;
const INPUT_NAME = 'Type your question';
/** The issue's figures for other chat widgets (gzip, KB), cited, not measured. */
const ANCHORS = [
  ['Crisp', 90],
  ['Typebot', 198],
  ['Flowise', 286],
  ['Chatwoot', 270],
];
/** A 1×1 PNG, the assistant's logo (the app shows it; listed apart from the budget). */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

for (const file of [
  'packages/widget/dist/embed.js',
  'packages/widget/dist/chat.js',
  'packages/server/dist/main.js',
]) {
  if (!existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run \`npm run build\` first (or \`npm run bench\`, which builds).`);
    process.exit(1);
  }
}

const kb2 = (bytes) => (bytes / 1000).toFixed(2);
/** The q-quantile of numbers (nearest rank). */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Signs the admin up, creates a school (its admissions assistant comes with it) and sets the assistant up. */
async function seed(server) {
  const token = await signUpAdmin(server);
  const institution = await api(server.base, 'POST', '/institution', {
    token,
    body: { name: 'Colegio Ejemplo', kind: 'school', country: 'ES' },
  });
  const headers = { token, institution: institution.id };
  const [product] = await api(server.base, 'GET', `/institution/${institution.id}/product`, headers);
  if (!product) throw new Error('the new school has no product');
  const form = new FormData();
  form.append('logo', new Blob([LOGO], { type: 'image/png' }), 'logo.png');
  const logo = await fetch(`${server.base}/api/institution-product/${product.id}/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-institution-id': String(institution.id) },
    body: form,
  });
  if (!logo.ok) throw new Error(`POST logo: ${logo.status} ${await logo.text()}`);
  return { token, institutionId: institution.id, productId: product.id, externalId: product.external_id };
}

/** Lets the example site frame the chat, and gives the assistant what a real one shows. */
async function configure(server, seeded, siteOrigins) {
  await api(server.base, 'PUT', `/institution-product/${seeded.productId}`, {
    token: seeded.token,
    institution: seeded.institutionId,
    body: {
      name: 'Admissions assistant',
      public_link_active: true,
      suggested_questions: ['What are the fees?', 'When do applications open?', 'Which documents do I need?'],
      snippet: {
        allowed_origins: siteOrigins,
        color: '#0f766e',
        position: 'right',
        greeting: 'Hello! Ask me about admissions.',
      },
    },
  });
}

/** What a response is, for the size table. */
function kindOf(response, base) {
  const url = new URL(response.url());
  const type = response.request().resourceType();
  if (url.pathname.startsWith('/api/public/logo/')) return 'logo';
  if (url.origin === base && url.pathname.startsWith('/api/')) return 'api';
  if (type === 'document') return 'html';
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  return type;
}

/** Every response `url` needs, with an empty cache, once the chat's input is ready. */
async function loadedBy(browser, url, base) {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    const responses = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(url);
    const input = page.getByRole('textbox', { name: INPUT_NAME });
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const rows = [];
    for (const response of responses) {
      const parsed = new URL(response.url());
      const body = await response.body();
      const { responseBodySize } = await response.request().sizes();
      rows.push({
        file: `${parsed.pathname}${parsed.search}`.replace(/\?origin=.*/, '?origin=…'),
        kind: kindOf(response, base),
        status: response.status(),
        encoding: response.headers()['content-encoding'] ?? 'identity',
        transferred: responseBodySize,
        ...sizes(body),
      });
    }
    return rows;
  } finally {
    await context.close();
  }
}

/** embed.js as the example site loads it (the same bytes as dist/embed.js, with the transfer size). */
async function embedLoaded(browser, siteUrl) {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    const loaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/embed.js');
    await page.goto(siteUrl, { waitUntil: 'commit' });
    const response = await loaded;
    const body = await response.body();
    const { responseBodySize } = await response.request().sizes();
    if (response.status() !== 200) throw new Error(`/embed.js answered ${response.status()}`);
    return {
      file: '/embed.js',
      kind: 'js',
      status: response.status(),
      encoding: response.headers()['content-encoding'] ?? 'identity',
      transferred: responseBodySize,
      ...sizes(body),
    };
  } finally {
    await context.close();
  }
}

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
async function run(browser, siteUrl, { warm, throttled }) {
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
async function scenario(browser, siteUrl, options, runs) {
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

const server = await startBuiltServer();
let sizeRows;
let timings;
let chromiumVersion;
try {
  // A server built before the widget was added (or with WIDGET_DIR elsewhere) does not serve it.
  for (const file of ['/embed.js', '/widget/chat.js']) {
    const response = await fetch(`${server.base}${file}`);
    if (!response.ok) {
      throw new Error(`the built server answers ${response.status} for ${file}: run \`npm run build\` again`);
    }
  }
  const seeded = await seed(server);
  const snippet = snippetFor(server.base, seeded.externalId);
  const site = await serveExample({ snippet, imageDelayMs: IMAGE_DELAY_MS });
  try {
    await configure(server, seeded, [site.url]);
    const browser = await chromium.launch(chromiumLaunchOptions());
    // The throttled row runs the frame in the page's process, as Chrome on Android does (it does not
    // isolate every site): the page's network and CPU emulation then cover the chat frame too.
    const sharedProcess = await chromium.launch({
      ...chromiumLaunchOptions(),
      args: [
        ...chromiumLaunchOptions().args,
        '--disable-site-isolation-trials',
        '--disable-features=IsolateOrigins,site-per-process',
      ],
    });
    try {
      chromiumVersion = browser.version();
      const frameUrl = `${server.base}/chat/${seeded.externalId}?origin=${encodeURIComponent(site.url)}`;
      sizeRows = {
        embed: await embedLoaded(browser, site.url),
        frame: await loadedBy(browser, frameUrl, server.base),
        page: await loadedBy(browser, `${server.base}/admissions/${seeded.institutionId}`, server.base),
      };
      // Unmeasured warm-up of the server and the browser (JIT, first launch).
      await run(browser, site.url, { warm: false, throttled: false });
      timings = [
        ['localhost', 'cold', await scenario(browser, site.url, { warm: false, throttled: false }, RUNS)],
        ['localhost', 'warm', await scenario(browser, site.url, { warm: true, throttled: false }, RUNS)],
        [
          `CPU ${CPU_SLOWDOWN}× + Fast 3G`,
          'cold',
          await scenario(sharedProcess, site.url, { warm: false, throttled: true }, THROTTLED_RUNS),
        ],
        [
          `CPU ${CPU_SLOWDOWN}× + Fast 3G`,
          'warm',
          await scenario(sharedProcess, site.url, { warm: true, throttled: true }, THROTTLED_RUNS),
        ],
      ];
    } finally {
      await browser.close();
      await sharedProcess.close();
    }
  } finally {
    await site.close();
  }
} finally {
  await server.stop();
}

// Sizes: the app's code (JS, CSS) makes the budget, as the console's /login budget counts its JS;
// the HTML document that loads it, the API's answers and the logo are listed apart, with a total.
const APP = new Set(['js', 'css']);
const totals = (rows, kinds = APP) => {
  const app = rows.filter((r) => kinds.has(r.kind));
  return {
    files: app.length,
    raw: sum(app, 'raw'),
    gzip: sum(app, 'gzip'),
    brotli: sum(app, 'brotli'),
    transferred: sum(app, 'transferred'),
  };
};
const frameTotal = totals(sizeRows.frame);
const pageTotal = totals(sizeRows.page);
const withDocument = new Set(['html', 'js', 'css']);
const frameWithDocument = totals(sizeRows.frame, withDocument);
const pageWithDocument = totals(sizeRows.page, withDocument);
const chatGzip = Math.max(frameTotal.gzip, pageTotal.gzip);
const embed = sizeRows.embed;
const embedWithin = embed.gzip <= BUDGET.embed;
const chatWithin = chatGzip <= BUDGET.chat;
const verdict = (within) => (within ? 'within budget' : 'OVER BUDGET');
const unexpected = [...sizeRows.frame, ...sizeRows.page].filter((r) => r.status >= 400);

const sizeLine = (label, r) =>
  `| ${label} | ${r.kind} | ${kb(r.raw)} | ${kb2(r.gzip)} | ${kb2(r.brotli)} | ${kb2(r.transferred)} (${r.encoding}) |`;
const totalLine = (label, t, budget, within, what = 'js+css') =>
  `| **${label}** | ${what}, ${t.files} files | ${kb(t.raw)} | **${kb2(t.gzip)}** | ${kb2(t.brotli)} | ` +
  `${kb2(t.transferred)} | ${budget} | ${within === null ? '' : verdict(within)} |`;
const ms = (s) => `${Math.round(s.p50)} / ${Math.round(s.p90)} / ${Math.round(s.max)}`;

const lines = [
  '## Widget size and speed (bench/widget-bench.mjs)',
  '',
  `${new Date().toISOString().slice(0, 10)}, ${machine()}, Chromium ${chromiumVersion}. The built server`,
  'with one seeded admissions assistant (3 suggested questions, a greeting, a 1×1 PNG logo); the example',
  'site `examples/embed-html` on another origin (`localhost` vs the server on `127.0.0.1`) with its snippet.',
  'KB = 1,000 bytes; gzip -9 and brotli q11 computed here, "transferred" is what the server sent.',
  '',
  `**embed.js: ${kb2(embed.gzip)} KB gzip (budget <= ${kb(BUDGET.embed)} KB): ${verdict(embedWithin)}. ` +
    `Chat app, all it loads (JS + CSS): ${kb2(frameTotal.gzip)} KB gzip in the frame, ` +
    `${kb2(pageTotal.gzip)} KB full page (budget <= ${kb(BUDGET.chat)} KB): ${verdict(chatWithin)}.**`,
  '',
  "The budget counts the chat app's code, every JS and CSS file it loads, as the console's `/login` budget",
  "counts its JS. The HTML document that loads it (the frame's or the public page's, rendered by the",
  'server), the public assistant JSON and the logo are listed apart; the totals with the document are',
  `${kb2(frameWithDocument.gzip)} KB (frame) and ${kb2(pageWithDocument.gzip)} KB (full page). embed.js is counted on its own.`,
  '',
  '| response (empty cache) | kind | raw KB | gzip KB | brotli KB | transferred KB (encoding) |',
  '|---|---|---:|---:|---:|---:|',
  sizeLine('embed.js (loaded by the example site)', embed),
  ...sizeRows.frame.map((r) => sizeLine(`frame: ${r.file}`, r)),
  ...sizeRows.page.map((r) => sizeLine(`full page: ${r.file}`, r)),
  '',
  '| widget | what is counted | raw KB | gzip KB | brotli KB | transferred KB | budget (gzip) | verdict |',
  '|---|---|---:|---:|---:|---:|---|---|',
  `| **embed.js** | the loader | ${kb(embed.raw)} | **${kb2(embed.gzip)}** | ${kb2(embed.brotli)} | ` +
    `${kb2(embed.transferred)} | <= ${kb(BUDGET.embed)} KB | ${verdict(embedWithin)} |`,
  totalLine('chat frame `/chat/{id}`', frameTotal, `<= ${kb(BUDGET.chat)} KB`, chatWithin),
  totalLine('full page `/admissions/{id}`', pageTotal, `<= ${kb(BUDGET.chat)} KB`, chatWithin),
  totalLine('chat frame with its HTML document', frameWithDocument, '', null, 'html+js+css'),
  totalLine('full page with its HTML document', pageWithDocument, '', null, 'html+js+css'),
  `| **embed.js + chat frame** | what a visitor who opens the chat loads | ${kb(embed.raw + frameTotal.raw)} | ` +
    `${kb2(embed.gzip + frameTotal.gzip)} | ${kb2(embed.brotli + frameTotal.brotli)} | ` +
    `${kb2(embed.transferred + frameTotal.transferred)} | | |`,
  ...ANCHORS.map(
    ([name, size]) => `| ${name} | issue 5's figure, not measured here | | about ${size} | | | | |`,
  ),
  '',
  `Times in Chromium (headless), ms from navigation start as p50 / p90 / max. Each run is a new browser`,
  `context (empty cache). The site's photo answers after ${IMAGE_DELAY_MS} ms and holds \`window.load\`.`,
  '"Launcher" is the first animation frame after embed.js inserts the button; in cold runs an init script',
  'clicks it in that same frame. "conversa:ready" is the frame\'s message arriving at the host page;',
  `"chat ready" is the frame's text box "${INPUT_NAME}" visible and enabled (the assistant loaded),`,
  'reported to the host page by an init script in the frame. Warm runs click once the hidden frame that',
  'embed.js starts when the page has loaded and is idle has said `conversa:ready`, and the page is idle',
  'again: the click only shows it. The throttled rows use DevTools\' "Fast 3G"',
  `(562.5 ms latency, 1.44 Mbps down, 675 kbps up) and CPU ${CPU_SLOWDOWN}× slower through CDP, with site isolation`,
  "off so the chat frame shares the page's emulation (as on Android).",
  '',
  '| conditions | run | runs | launcher visible | window.load | conversa:ready | chat ready | click → chat ready |',
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...timings.map(
    ([conditions, kind, s]) =>
      `| ${conditions} | ${kind} | ${s.runs} | ${ms(s.launcher)} | ${ms(s.load)} | ${ms(s.conversaReady)} | ` +
      `${ms(s.input)} | ${ms(s.clickToInput)} |`,
  ),
];
lines.push(
  '',
  'In cold runs `window.load` also waits for the chat frame, opened before the photo arrives; in warm runs',
  'the hidden frame starts only after `load`, so it never delays the host page.',
);
if (![...sizeRows.frame, ...sizeRows.page].some((r) => r.kind === 'css')) {
  lines.push("No CSS response: the chat app's styles ship inside `chat.js`.");
}
const encodings = new Set([embed, ...sizeRows.frame].filter((r) => r.kind === 'js').map((r) => r.encoding));
if (encodings.has('identity')) {
  lines.push(
    "The widget's JavaScript is sent uncompressed (`identity` above): the server sends pre-compressed",
    '`.br`/`.gz` siblings when they exist, and the widget build does not write them.',
  );
}
if (unexpected.length > 0) {
  lines.push('', `Failed responses: ${unexpected.map((r) => `${r.file} (${r.status})`).join(', ')}.`);
}
const markdown = lines.join('\n');
writeSection('widget', markdown);
console.log(markdown);
const over = [
  !embedWithin && `embed.js is ${kb2(embed.gzip)} KB gzip (budget ${kb(BUDGET.embed)} KB)`,
  !chatWithin && `the chat app loads ${kb2(chatGzip)} KB gzip (budget ${kb(BUDGET.chat)} KB)`,
].filter(Boolean);
if (over.length > 0) {
  console.log(`over budget: ${over.join('; ')}`);
  process.exitCode = 1;
}
