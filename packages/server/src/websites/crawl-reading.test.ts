/**
 * Pages are read off the event loop (docs/architecture.md#websites): while the crawler reads a
 * page built to stall a reader (5 MB of blocks), the server keeps answering, and past the reading
 * time limit the page fails as `too_complex` with its last good passages kept, the thread replaced
 * for the next page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';
import { createTenant } from '../testing/institutions.fixtures';
import { type LocalSite, startLocalSite } from '../testing/local-site';
import { asOwner, base, websiteCalls } from './websites.fixtures';

/** The reading time limit here: the stalling page takes seconds even without Readability. */
const READ_MS = 500;
/** The event loop's longest stall allowed meanwhile, and the health check's slowest answer. */
const STALL_MS = 750;

let server: TestServer;
let site: LocalSite;
let calls: ReturnType<typeof websiteCalls>;

beforeAll(async () => {
  server = await createTestServer({
    env: { CRAWL_ALLOW_PRIVATE: 'true' },
    crawl: { timeoutMs: 10_000, readTimeoutMs: READ_MS },
  });
  calls = websiteCalls(server);
  site = await startLocalSite();
});
afterAll(async () => {
  await site.close();
  await server.close();
});

/**
 * About 4.5 MB of small blocks: by Readability it would take minutes; past READABILITY_MAX_ELEMENTS
 * it is read without, which still takes seconds (parsing it is most of that).
 */
const stalling = () => ({
  body: `<!doctype html><html><head><title>Timetable</title></head><body>${'<div><p>Lessons, lessons and more lessons.</p></div>'.repeat(90_000)}</body></html>`,
});

describe('reading a page', () => {
  it('keeps the server answering while a huge page is read, and fails it as too complex past the limit, keeping what it taught', async () => {
    site.set('/', site.html('Home', 'Colegio Río welcomes you.', ['/timetable']));
    site.set('/timetable', site.html('Timetable', 'Lessons start at nine and end at three.'));
    const tenant = await createTenant(server, { name: 'Colegio Río', kind: 'school' });
    const added = await calls.addSite(tenant, { url: site.origin, schedule: 'never' });
    expect(await calls.crawled(tenant, added.id)).toMatchObject({ state: 'ready', pages_ready: 2 });
    const before = (await calls.pagesOf(tenant, added.id)).get('/timetable')!;
    expect(before.passages).toBeGreaterThan(0);
    const chunks = await calls.chunkIdsOf(before.id);

    site.set('/', site.html('Home', 'Colegio Río welcomes you.', ['/timetable', '/canteen']));
    site.set('/timetable', stalling());
    site.set('/canteen', site.html('Canteen', 'The canteen serves lunch at one.'));
    // The event loop's longest stall while the crawl runs.
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 10);
    let healthSlowest = 0;
    let crawling = true;
    const probes = (async () => {
      while (crawling) {
        const started = performance.now();
        const health = await server.request('/api/health');
        expect(health.status).toBe(200);
        healthSlowest = Math.max(healthSlowest, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      const sync = await server.call(base(tenant, `/${added.id}/sync`), {
        ...asOwner(tenant),
        method: 'POST',
      });
      expect(sync.status).toBe(200);
      expect(await calls.crawled(tenant, added.id)).toMatchObject({ state: 'ready' });
    } finally {
      crawling = false;
      clearInterval(ticker);
      await probes;
    }
    // Reading the page took its whole time limit; the event loop never stalled for long meanwhile.
    expect(longest).toBeLessThan(STALL_MS);
    expect(healthSlowest).toBeLessThan(STALL_MS);

    const pages = await calls.pagesOf(tenant, added.id);
    expect(pages.get('/timetable')).toMatchObject({
      state: 'failed',
      reason: 'too_complex',
      passages: before.passages,
    });
    expect(await calls.chunkIdsOf(before.id)).toEqual(chunks);
    expect((await calls.ask(tenant, 'When do lessons start?')).text).toContain('nine');
    // The next page is read by a new thread.
    expect(pages.get('/canteen')).toMatchObject({ state: 'ready', reason: null });
  });
});
