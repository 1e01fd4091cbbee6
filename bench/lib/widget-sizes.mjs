// What the chat frame, the full page and embed.js load with an empty cache, each response with its
// raw, gzip and brotli sizes and what was transferred.
import { sizes } from './sizes.mjs';

/** The chat's text box, by its accessible name: it is there once the chat is ready. */
export const INPUT_NAME = 'Type your question';

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
export async function loadedBy(browser, url, base) {
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
export async function embedLoaded(browser, siteUrl) {
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
