/**
 * The crawler's bounds and manners (docs/architecture.md#websites): include/exclude patterns and
 * `max_pages` (pages robots.txt forbids take none of it), breadth first, a sitemap's address,
 * gzipped sitemaps (and a gzip bomb refused), the
 * same text under two addresses learnt once, a crawl resumed after a restart, and robots.txt's
 * Crawl-delay.
 */
import { type Website } from '@conversa/contract/website';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';
import { signIn } from '../testing/fixtures';
import { createTenant } from '../testing/institutions.fixtures';
import { startLocalSite } from '../testing/local-site';
import { asOwner, base, sitemap, websiteCalls } from './websites.fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    env: { CRAWL_ALLOW_PRIVATE: 'true' },
    crawl: { timeoutMs: 3_000 },
  });
});
afterAll(() => server.close());

const { pagesOf, crawled, chunkIdsOf } = websiteCalls(() => server);

describe('bounds', () => {
  it('keeps to include/exclude patterns and max_pages, breadth first; a sitemap address crawls its pages', async () => {
    const other = await startLocalSite();
    try {
      const links = [
        '/news/1',
        '/news/2',
        '/admissions/old-dates',
        '/admissions/a',
        '/admissions/b',
        '/admissions/c',
      ];
      other.set('/', other.html('Home', 'Welcome to our school.', links));
      for (const link of links) other.set(link, other.html(link, `This page ${link} has its own words.`));
      other.set('/list.xml', sitemap('urlset', [other.url('/news/1'), other.url('/news/2')]));
      const tenant = await createTenant(server, { name: 'Bounded School', kind: 'school' });
      const added = await server.call<{ data: Website }>(base(tenant), {
        ...asOwner(tenant),
        json: { url: other.origin, include: ['/admissions/'], exclude: ['/admissions/old*'], max_pages: 3 },
      });
      await crawled(tenant, added.body.data.id);
      expect([...(await pagesOf(tenant, added.body.data.id)).keys()]).toEqual([
        '/',
        '/admissions/a',
        '/admissions/b',
      ]);
      const paths = other.requests.map((request) => request.path);
      expect(paths).not.toContain('/news/1');
      expect(paths).not.toContain('/admissions/c');

      // Narrower settings take pages away, with what they taught: a smaller budget, then a pattern.
      const siteId = added.body.data.id;
      const before = await pagesOf(tenant, siteId);
      const narrow = async (json: object) => {
        const put = await server.call(base(tenant, `/${siteId}`), {
          ...asOwner(tenant),
          method: 'PUT',
          json,
        });
        expect(put.status).toBe(200);
        const sync = await server.call(base(tenant, `/${siteId}/sync`), {
          ...asOwner(tenant),
          method: 'POST',
        });
        expect(sync.status).toBe(200);
        await crawled(tenant, siteId);
        return [...(await pagesOf(tenant, siteId)).keys()];
      };
      expect(await narrow({ max_pages: 2 })).toEqual(['/', '/admissions/a']);
      expect(await chunkIdsOf(before.get('/admissions/b')!.id)).toEqual([]);
      expect(await narrow({ exclude: ['/admissions/a'] })).toEqual(['/']);
      expect(await chunkIdsOf(before.get('/admissions/a')!.id)).toEqual([]);

      const fromSitemap = await server.call<{ data: Website }>(base(tenant), {
        ...asOwner(tenant),
        json: { url: other.url('/list.xml'), schedule: 'never' },
      });
      await crawled(tenant, fromSitemap.body.data.id);
      expect([...(await pagesOf(tenant, fromSitemap.body.data.id)).keys()].sort()).toEqual([
        '/news/1',
        '/news/2',
      ]);
    } finally {
      await other.close();
    }
  });

  it('counts only pages fetched towards max_pages: those robots.txt forbids take none of it', async () => {
    const guarded = await startLocalSite();
    try {
      guarded.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nDisallow: /staff/\n' });
      // The forbidden links come first on the page.
      const links = ['/staff/1', '/staff/2', '/staff/3', '/fees', '/visits'];
      guarded.set('/', guarded.html('Home', 'Welcome to Colegio Norte.', links));
      for (const link of links) guarded.set(link, guarded.html(link, `The page ${link} has its own words.`));
      const tenant = await createTenant(server, { name: 'Colegio Norte', kind: 'school' });
      const added = await server.call<{ data: Website }>(base(tenant), {
        ...asOwner(tenant),
        json: { url: guarded.origin, max_pages: 3, schedule: 'never' },
      });
      expect(await crawled(tenant, added.body.data.id)).toMatchObject({ state: 'ready', pages_ready: 3 });
      const pages = await pagesOf(tenant, added.body.data.id);
      expect(Object.fromEntries([...pages].map(([path, page]) => [path, [page.state, page.reason]]))).toEqual(
        {
          '/': ['ready', null],
          '/staff/1': ['skipped', 'blocked_by_robots'],
          '/staff/2': ['skipped', 'blocked_by_robots'],
          '/staff/3': ['skipped', 'blocked_by_robots'],
          '/fees': ['ready', null],
          '/visits': ['ready', null],
        },
      );
      expect(guarded.requests.map((request) => request.path)).not.toContain('/staff/1');
    } finally {
      await guarded.close();
    }
  });

  it('reads gzipped sitemaps (.xml.gz, Content-Encoding) and refuses a gzip bomb', async () => {
    const zipped = await startLocalSite();
    try {
      const urlset = (paths: string[], padding = '') =>
        sitemap(
          'urlset',
          paths.map((path) => zipped.url(path)),
        ).body.replace('</urlset>', `${padding}</urlset>`);
      zipped.set('/robots.txt', {
        type: 'text/plain',
        body: `User-agent: *\nAllow: /\n\nSitemap: ${zipped.url('/pages.xml.gz')}\nSitemap: ${zipped.url('/bomb.xml.gz')}\n`,
      });
      // A real gzipped sitemap, and /sitemap.xml sent gzipped by the server (Content-Encoding).
      zipped.set('/pages.xml.gz', { type: 'application/gzip', body: gzipSync(urlset(['/from-gz'])) });
      zipped.set('/sitemap.xml', {
        type: 'application/xml',
        headers: { 'content-encoding': 'gzip' },
        body: gzipSync(urlset(['/from-encoded'])),
      });
      // A bomb: a sitemap whose page would be learnt, padded to 10 MB (twice a page's limit) in ~10 KB.
      const bomb = gzipSync(urlset(['/from-bomb'], ' '.repeat(10 * 1024 * 1024)));
      expect(bomb.length).toBeLessThan(16 * 1024);
      zipped.set('/bomb.xml.gz', { type: 'application/x-gzip', body: bomb });
      zipped.set('/', zipped.html('Home', 'Welcome to Colegio Sur.'));
      for (const path of ['/from-gz', '/from-encoded', '/from-bomb'])
        zipped.set(path, zipped.html(path, `The page ${path} has its own words.`));

      const tenant = await createTenant(server, { name: 'Colegio Sur', kind: 'school' });
      const added = await server.call<{ data: Website }>(base(tenant), {
        ...asOwner(tenant),
        json: { url: zipped.origin, schedule: 'never' },
      });
      expect(await crawled(tenant, added.body.data.id)).toMatchObject({ state: 'ready', pages_ready: 3 });
      expect([...(await pagesOf(tenant, added.body.data.id)).keys()].sort()).toEqual([
        '/',
        '/from-encoded',
        '/from-gz',
      ]);
      expect(zipped.requests.map((request) => request.path)).toContain('/bomb.xml.gz');
      expect(zipped.requests.map((request) => request.path)).not.toContain('/from-bomb');
    } finally {
      await zipped.close();
    }
  });

  it('learns the same text under two addresses once, even when both are fetched together', async () => {
    const twins = await startLocalSite();
    try {
      twins.set('/', twins.html('Home', 'Our timetable is below.', ['/timetable', '/timetable?print=1']));
      const timetable = twins.html('Timetable', 'Lessons start at nine and end at three.');
      twins.set('/timetable', timetable);
      twins.set('/timetable?print=1', timetable);
      const tenant = await createTenant(server, { name: 'Twin School', kind: 'school' });
      const { body } = await server.call<{ data: Website }>(base(tenant), {
        ...asOwner(tenant),
        json: { url: twins.origin, schedule: 'never' },
      });
      await crawled(tenant, body.data.id);
      const states = [...(await pagesOf(tenant, body.data.id)).values()]
        .filter((page) => page.url.includes('/timetable'))
        .map((page) => [page.state, page.reason])
        .sort();
      expect(states).toEqual([
        ['ready', null],
        ['skipped', 'duplicate'],
      ]);
    } finally {
      await twins.close();
    }
  });

  it('resumes a crawl after a restart, from the pages table', async () => {
    const resumed = await startLocalSite();
    const first = await createTestServer({
      durable: true,
      runJobs: false,
      env: { CRAWL_ALLOW_PRIVATE: 'true' },
    });
    try {
      resumed.set('/', resumed.html('Home', 'The open day is on the first Saturday of March.', ['/a']));
      resumed.set('/a', resumed.html('A', 'Enrolment closes at the end of May.'));
      const tenant = await createTenant(first, { name: 'Restarted School', kind: 'school' });
      const added = await first.call<{ data: Website }>(
        `/api/institution-product/${tenant.assistant.id}/website`,
        { token: tenant.owner.token, institution: tenant.institution.id, json: { url: resumed.origin } },
      );
      // The first process takes the crawl's job… and dies before it ends.
      const claimed = await first.jobs.queue.claim(first.clock.now(), first.jobs.leaseMs);
      expect(claimed).toMatchObject({ kind: 'crawl_website', payload: { websiteId: added.body.data.id } });
      await first.close();

      const second = await createTestServer({ reopen: first.location, env: { CRAWL_ALLOW_PRIVATE: 'true' } });
      try {
        second.clock.advance(first.jobs.leaseMs + 1_000);
        second.jobs.wake();
        const deadline = Date.now() + 30_000;
        let state = 'crawling';
        while (state === 'crawling' && Date.now() < deadline) {
          await second.jobs.idle();
          const { body } = await second.call<{ data: Website[] }>(
            `/api/institution-product/${tenant.assistant.id}/website`,
            { token: await signIn(second, tenant.owner.id), institution: tenant.institution.id },
          );
          state = body.data[0]!.state;
        }
        expect(state).toBe('ready');
        expect(resumed.requests.filter((request) => request.path === '/a')).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      await resumed.close();
    }
  });
});

describe('politeness', () => {
  it("honours the crawler's Crawl-delay: one request at a time, that long apart", async () => {
    const slowSite = await startLocalSite();
    try {
      slowSite.set('/robots.txt', { type: 'text/plain', body: 'User-agent: ConversaBot\nCrawl-delay: 1\n' });
      slowSite.set('/', slowSite.html('Home', 'The school opens at nine.', ['/a', '/b']));
      slowSite.set('/a', slowSite.html('A', 'Page a tells about the garden.'));
      slowSite.set('/b', slowSite.html('B', 'Page b tells about the gym.'));
      const tenant = await createTenant(server, { name: 'Slow School', kind: 'school' });
      const { body } = await server.call<{ data: Website }>(base(tenant), {
        ...asOwner(tenant),
        json: { url: slowSite.origin, schedule: 'never' },
      });
      const done = await crawled(tenant, body.data.id);
      expect(done).toMatchObject({ state: 'ready', pages_ready: 3, next_sync_at: null });
      const pageTimes = slowSite.requests
        .filter((request) => ['/', '/a', '/b'].includes(request.path))
        .map((request) => request.at);
      expect(pageTimes).toHaveLength(3);
      for (let i = 1; i < pageTimes.length; i += 1) {
        expect(pageTimes[i]! - pageTimes[i - 1]!).toBeGreaterThanOrEqual(950);
      }
      expect(slowSite.maxInFlight()).toBe(1);
    } finally {
      await slowSite.close();
    }
  });
});
