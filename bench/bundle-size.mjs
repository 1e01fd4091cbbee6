// The admin console's JavaScript weight against docs/architecture.md#budgets (/login initial JS <= 120 KB gzip):
// /login opened in Chromium on the built server with an empty cache, every JS response summed
// (raw, gzip -9, brotli q11, and the bytes actually transferred), cross-checked with what Vite's
// manifest says the entry and the login route import; then each route chunk's own size.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { SIZE_BUDGETS } from '../scripts/lib/size-budgets.mjs';
import { startBuiltServer } from './lib/built-server.mjs';
import { machine, writeSection } from './lib/results.mjs';
import { kb, sizes, sum } from './lib/sizes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'packages/admin/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
const BUDGET_GZIP = SIZE_BUDGETS.loginJs;
const LOGIN_PAGE = 'src/pages/login.tsx';

for (const file of [path.join(dist, 'index.html'), path.join(root, 'packages/server/dist/main.js')]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`npm run bench\` (it builds first) or \`npm run build\`.`);
    process.exit(1);
  }
}

/** Every JS file Chromium loads for /login, with the bytes it received over the wire. */
async function measureInBrowser(base) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || type.includes('javascript'))
        scripts.push(response);
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    // The login route's chunk is lazy: wait until its heading is on screen, then for the network to settle.
    await page.waitForSelector('#root h1', { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const rows = [];
    for (const response of scripts) {
      const body = await response.body();
      const { responseBodySize } = await response.request().sizes();
      rows.push({
        file: new URL(response.url()).pathname.replace(/^\//, ''),
        encoding: response.headers()['content-encoding'] ?? 'identity',
        transferred: responseBodySize,
        ...sizes(body),
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

/** Manifest keys statically imported from `key`, itself included. */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, seen);
  return seen;
}

const fileSizes = (file) => sizes(readFileSync(path.join(dist, file)));

const server = await startBuiltServer();
let loaded;
try {
  loaded = await measureInBrowser(server.url);
} finally {
  await server.stop();
}
loaded.sort((a, b) => b.gzip - a.gzip);
const total = { raw: sum(loaded, 'raw'), gzip: sum(loaded, 'gzip'), brotli: sum(loaded, 'brotli') };
const transferred = sum(loaded, 'transferred');
const within = total.gzip <= BUDGET_GZIP;

let manifestNote = 'no dist/.vite/manifest.json: route chunks not listed (set `build.manifest: true`).';
let routeTable = [];
if (existsSync(manifestFile)) {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const initial = closure(manifest, entry);
  const expected = new Set(initial);
  if (manifest[LOGIN_PAGE]) closure(manifest, LOGIN_PAGE, expected);
  const expectedGzip = sum(
    [...expected].map((key) => fileSizes(manifest[key].file)),
    'gzip',
  );
  const loadedFiles = new Set(loaded.map((row) => row.file));
  const unexpected = [...expected].filter((key) => !loadedFiles.has(manifest[key].file));
  manifestNote =
    `The manifest's entry + its static imports + \`${LOGIN_PAGE}\` and its imports: ${expected.size} files, ` +
    `${kb(expectedGzip)} KB gzip` +
    (unexpected.length
      ? ` (not loaded by the browser: ${unexpected.join(', ')})`
      : ' (all of them loaded above).');
  // Each lazy route: its chunk plus the shared chunks it pulls in beyond the entry's.
  routeTable = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry)
    .sort()
    .map((key) => {
      const own = fileSizes(manifest[key].file);
      const extra = [...closure(manifest, key)].filter((k) => k !== key && !initial.has(k));
      const added = extra.map((k) => fileSizes(manifest[k].file));
      return {
        route: key,
        file: manifest[key].file,
        own,
        withShared: { gzip: own.gzip + sum(added, 'gzip'), brotli: own.brotli + sum(added, 'brotli') },
      };
    });
}

const lines = [
  `## Admin bundle size (bench/bundle-size.mjs)`,
  '',
  `${new Date().toISOString().slice(0, 10)}, ${machine()}. \`/login\` opened in Chromium on the built`,
  `server with an empty cache; every JavaScript response counted. gzip -9 and brotli q11 computed here;`,
  `"transferred" is what the server actually sent (its pre-compressed files). KB = 1,000 bytes.`,
  '',
  `**Initial JS of /login: ${kb(total.gzip)} KB gzip, ${kb(total.brotli)} KB brotli, ${kb(total.raw)} KB raw, ` +
    `${kb(transferred)} KB transferred, ${loaded.length} files. Budget <= ${kb(BUDGET_GZIP)} KB gzip: ` +
    `${within ? 'within budget' : 'OVER BUDGET'}.**`,
  '',
  '| file loaded for /login | raw KB | gzip KB | brotli KB | transferred KB (encoding) |',
  '|---|---:|---:|---:|---:|',
  ...loaded.map(
    (r) =>
      `| ${r.file} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.brotli)} | ${kb(r.transferred)} (${r.encoding}) |`,
  ),
  `| **total** | ${kb(total.raw)} | ${kb(total.gzip)} | ${kb(total.brotli)} | ${kb(transferred)} |`,
  '',
  manifestNote,
];
if (routeTable.length > 0) {
  lines.push(
    '',
    'Route chunks (lazy routes): the chunk itself, and with the shared chunks it adds beyond the entry.',
    '',
    '| lazy module (route or catalog) | chunk | raw KB | gzip KB | brotli KB | gzip KB with shared | brotli KB with shared |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...routeTable.map(
      (r) =>
        `| ${r.route} | ${r.file} | ${kb(r.own.raw)} | ${kb(r.own.gzip)} | ${kb(r.own.brotli)} | ` +
        `${kb(r.withShared.gzip)} | ${kb(r.withShared.brotli)} |`,
    ),
  );
}
const markdown = lines.join('\n');
writeSection('bundle', markdown);
console.log(markdown);
if (!within) {
  console.log(`over budget: /login loads ${kb(total.gzip)} KB gzip of JS (budget ${kb(BUDGET_GZIP)} KB)`);
  process.exitCode = 1;
}
