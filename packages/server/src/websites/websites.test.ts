/**
 * The website crawler end to end (docs/architecture.md#websites), through HTTP on the real
 * database, against real local sites: robots.txt (disallow, crawl-delay), a sitemap index,
 * redirects (a chain, off the site), a loop, a 404, a huge page, a slow page, a linked PDF; then a
 * re-sync where a page changed (the answer changes), one was removed (its answer goes), one fails
 * (its passages stay) and the unchanged ones cost one request each and no indexing; the schedule;
 * settings; removal; and the SSRF refusals with CRAWL_ALLOW_PRIVATE unset.
 */
import type { PreviewAnswer } from '@conversa/contract/conversation';
import {
  type Website,
  WEBSITE_EVENT,
  WEBSITE_PAGE_EVENT,
  type WebsitePage,
} from '@conversa/contract/website';
import { and, eq, inArray } from 'drizzle-orm';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask as askChat, startSession } from '../testing/chat.fixtures';
import { jobs } from '../db/schema';
import { knowledgeChunks } from '../db/knowledge-schema';
import { websitePages, websites } from '../db/websites-schema';
import { websiteTopic } from '../events/topics';
import { WEBSITE_CHANGES_PER_HOUR } from '../rate-limit/limits';
import { eventually, openEvents } from '../testing/files.fixtures';
import { createTestServer, type TestServer } from '../testing';
import { readFixture } from '../testing/fixtures-dir';
import { signIn } from '../testing/fixtures';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { type LocalSite, startLocalSite } from '../testing/local-site';

let server: TestServer;
let school: Tenant;
let site: LocalSite;

const MAX_BYTES = 200_000;

beforeAll(async () => {
  server = await createTestServer({
    env: { CRAWL_ALLOW_PRIVATE: 'true' },
    // The site runs in this process, beside the database: a page waits for the event loop too.
    crawl: { timeoutMs: 3_000, maxBytes: MAX_BYTES },
  });
  school = await createTenant(server, { name: 'Colegio Sol', kind: 'school' });
  site = await startLocalSite();
});
afterAll(async () => {
  await site.close();
  await server.close();
});

const base = (tenant: Tenant, rest = '') => `/api/institution-product/${tenant.assistant.id}/website${rest}`;
const asOwner = (tenant: Tenant) => ({ token: tenant.owner.token, institution: tenant.institution.id });

async function listSites(tenant: Tenant): Promise<Website[]> {
  const { status, body } = await server.call<{ data: Website[] }>(base(tenant), asOwner(tenant));
  expect(status).toBe(200);
  return body.data;
}

async function pagesOf(tenant: Tenant, siteId: number): Promise<Map<string, WebsitePage>> {
  const { status, body } = await server.call<{ data: WebsitePage[] }>(
    base(tenant, `/${siteId}/page?per-page=100`),
    asOwner(tenant),
  );
  expect(status).toBe(200);
  const urls = body.data.map((page) => page.url);
  expect(new Set(urls).size).toBe(urls.length); // never a page twice
  return new Map(
    body.data.map((page) => {
      const url = new URL(page.url);
      return [url.pathname + url.search, page];
    }),
  );
}

/** Waits for the site's crawl to end (its jobs may wait out a crawl-delay between them). */
async function crawled(tenant: Tenant, siteId: number): Promise<Website> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await server.jobs.idle();
    const found = (await listSites(tenant)).find((one) => one.id === siteId)!;
    if (found.state !== 'crawling') return found;
    if (Date.now() > deadline) throw new Error('the crawl did not end');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ask(tenant: Tenant, text: string): Promise<PreviewAnswer> {
  const { status, body } = await server.call<{ data: PreviewAnswer }>(
    `/api/institution-product/${tenant.assistant.id}/preview`,
    { ...asOwner(tenant), json: { text } },
  );
  expect(status).toBe(200);
  return body.data;
}

const chunkIdsOf = async (pageId: number) =>
  (
    await server.database.db
      .select({ id: knowledgeChunks.id })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.pageId, pageId))
  ).map((row) => row.id);

const sitemap = (tag: 'urlset' | 'sitemapindex', locs: string[]) => ({
  type: 'application/xml',
  body: `<?xml version="1.0" encoding="UTF-8"?><${tag} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs
    .map((loc) =>
      tag === 'urlset' ? `<url><loc>${loc}</loc></url>` : `<sitemap><loc>${loc}</loc></sitemap>`,
    )
    .join('')}</${tag}>`,
});

function buildSite() {
  site.set('/robots.txt', {
    type: 'text/plain',
    body: `User-agent: *\nDisallow: /private/\n\nSitemap: ${site.url('/sitemap_index.xml')}\n`,
  });
  site.set('/sitemap_index.xml', sitemap('sitemapindex', [site.url('/sitemap-pages.xml')]));
  site.set('/sitemap-pages.xml', sitemap('urlset', [site.url('/from-sitemap')]));
  site.set(
    '/',
    site.html('Colegio Sol', 'Welcome to Colegio Sol, a school in Valencia.', [
      '/fees',
      '/about',
      '/private/staff',
      '/loop-a',
      '/missing',
      '/big',
      '/slow',
      '/docs/prospectus.pdf',
      '/old',
      '/away',
      'mailto:info@colegiosol.example',
      'https://elsewhere.example/page',
    ]),
  );
  site.set(
    '/fees',
    site.html('Fees', 'The tuition fee for 2026 is 450 euros a month.\n\nLunch costs 5 euros a day.'),
  );
  site.set(
    '/about',
    site.html(
      'About us',
      'Colegio Sol has an astronomy observatory on its roof, open to pupils on Thursday evenings.',
    ),
  );
  site.set('/private/staff', site.html('Staff', 'Staff salaries are confidential.'));
  site.set('/loop-a', site.html('Choir', 'The choir rehearses in the music room on Mondays.', ['/loop-b']));
  site.set('/loop-b', site.html('Chess', 'The chess club meets in the library on Fridays.', ['/loop-a']));
  site.set('/big', { body: `<p>${'x'.repeat(MAX_BYTES + 1)}</p>` });
  site.set('/slow', { ...site.html('Slow', 'This page answers too late.'), delayMs: 6_000 });
  site.set('/docs/prospectus.pdf', {
    type: 'application/pdf',
    body: readFixture('documents', 'pdfjs_two_paragraphs_plain.pdf'),
  });
  site.set('/old', { status: 301, headers: { location: '/older' } });
  site.set('/older', { status: 302, headers: { location: site.url('/uniforms') } });
  site.set('/uniforms', site.html('Uniforms', 'The school uniform is navy blue with a yellow badge.'));
  site.set('/away', { status: 302, headers: { location: 'https://elsewhere.example/' } });
  site.set(
    '/from-sitemap',
    site.html('Transport', 'The school bus leaves the Plaza Mayor at quarter to eight every morning.', [
      '/uniforms',
    ]),
  );
}

describe('a website, crawled and kept up with', () => {
  let siteId: number;

  it('adds a site and crawls it: robots.txt, sitemap index, redirects, a loop, limits, a PDF', async () => {
    buildSite();
    const { status, body } = await server.call<{ data: Website }>(base(school), {
      ...asOwner(school),
      json: { url: site.url('/') },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ state: 'crawling', schedule: 'weekly', max_pages: 100 });
    siteId = body.data.id;

    const done = await crawled(school, siteId);
    const pages = await pagesOf(school, siteId);
    const states = Object.fromEntries([...pages].map(([path, page]) => [path, [page.state, page.reason]]));
    expect(states).toEqual({
      '/': ['ready', null],
      '/fees': ['ready', null],
      '/about': ['ready', null],
      '/private/staff': ['skipped', 'blocked_by_robots'],
      '/loop-a': ['ready', null],
      '/loop-b': ['ready', null],
      '/missing': ['failed', 'not_found'],
      '/big': ['failed', 'too_large'],
      '/slow': ['failed', 'timed_out'],
      '/docs/prospectus.pdf': ['ready', null],
      // The chain's end is learnt under the address linked; the same page linked again is not.
      '/old': ['ready', null],
      '/uniforms': ['skipped', 'duplicate'],
      '/away': ['skipped', 'redirected_off_site'],
      '/from-sitemap': ['ready', null],
    });
    expect(pages.get('/old')!.title).toBe('Uniforms');
    expect(pages.get('/docs/prospectus.pdf')!.passages).toBeGreaterThan(0);
    expect(done).toMatchObject({ state: 'ready', pages_ready: 8, pages_failed: 3, reason: null });
    expect(new Date(done.next_sync_at!).getTime() - new Date(done.last_synced_at!).getTime()).toBe(
      7 * 24 * 60 * 60_000,
    );

    // Disallowed pages are never asked for; the loop is walked once; it says who it is.
    const paths = site.requests.map((request) => request.path);
    expect(paths).not.toContain('/private/staff');
    expect(paths.filter((path) => path === '/loop-a')).toHaveLength(1);
    expect(paths.filter((path) => path === '/loop-b')).toHaveLength(1);
    expect(site.requests[0]!.headers['user-agent']).toMatch(
      /^ConversaBot\/1\.0 \(\+http:\/\/conversa\.test\/bot\)$/,
    );
    expect(site.maxInFlight()).toBeLessThanOrEqual(2);
  });

  it('answers from a page and cites it with its title and link', async () => {
    const answer = await ask(school, 'How much is the tuition fee?');
    expect(answer.text).toContain('450 euros');
    expect(answer.sources).toContainEqual(
      expect.objectContaining({ kind: 'website', title: 'Fees', url: site.url('/fees') }),
    );
  });

  it('syncs again: changed pages replaced, removed ones gone, failing ones kept, unchanged ones one request', async () => {
    const pagesBefore = await pagesOf(school, siteId);
    const loopChunks = await chunkIdsOf(pagesBefore.get('/loop-a')!.id);
    const choirBefore = pagesBefore.get('/loop-b')!;
    site.set(
      '/fees',
      site.html('Fees', 'The tuition fee for 2026 is 520 euros a month.\n\nLunch costs 5 euros a day.'),
    );
    site.set('/about', null);
    site.set('/loop-b', { status: 500, body: 'down for maintenance' });
    const from = site.requests.length;

    const started = await server.call<{ data: Website }>(base(school, `/${siteId}/sync`), {
      ...asOwner(school),
      method: 'POST',
    });
    expect(started.status).toBe(200);
    expect(started.body.data.state).toBe('crawling');
    const again = await server.call<{ code: string }>(base(school, `/${siteId}/sync`), {
      ...asOwner(school),
      method: 'POST',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('crawl_running');
    await crawled(school, siteId);

    const pages = await pagesOf(school, siteId);
    expect(pages.get('/about')).toMatchObject({ state: 'failed', reason: 'not_found', passages: 0 });
    expect(await chunkIdsOf(pages.get('/about')!.id)).toEqual([]);
    // A page failing now keeps what it taught, and says why.
    expect(pages.get('/loop-b')).toMatchObject({
      state: 'failed',
      reason: 'unreachable',
      passages: choirBefore.passages,
    });
    expect((await chunkIdsOf(choirBefore.id)).length).toBe(choirBefore.passages);
    // Unchanged pages: one conditional request each, answered 304, not indexed again.
    const resync = site.requests.slice(from);
    for (const path of ['/', '/loop-a', '/from-sitemap', '/old']) {
      expect(
        resync.filter((request) => request.path === path),
        path,
      ).toHaveLength(1);
    }
    expect(resync.find((request) => request.path === '/loop-a')!.status).toBe(304);
    expect(await chunkIdsOf(pages.get('/loop-a')!.id)).toEqual(loopChunks);
    expect(pages.get('/loop-a')!.changed_at).toBe(pagesBefore.get('/loop-a')!.changed_at);

    expect((await ask(school, 'How much is the tuition fee?')).text).toContain('520 euros');
    const observatory = await ask(school, 'Does the school have an astronomy observatory?');
    expect(observatory.sources.some((source) => source.url === site.url('/about'))).toBe(false);
  });

  it('crawls again on its schedule, and a new schedule moves the next crawl', async () => {
    const before = (await listSites(school)).find((one) => one.id === siteId)!;
    const from = site.requests.length;
    server.clock.advance(8 * 24 * 60 * 60_000);
    // A week later the owner's session has ended: a new one.
    school.owner.token = await signIn(server, school.owner.id);
    await server.jobs.idle();
    const after = await crawled(school, siteId);
    expect(site.requests.length).toBeGreaterThan(from);
    expect(new Date(after.last_synced_at!).getTime()).toBeGreaterThan(
      new Date(before.last_synced_at!).getTime(),
    );

    const { status, body } = await server.call<{ data: Website }>(base(school, `/${siteId}`), {
      ...asOwner(school),
      method: 'PUT',
      json: { schedule: 'never', exclude: ['/loop-*'] },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ schedule: 'never', next_sync_at: null, exclude: ['/loop-*'] });
    const queued = await server.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'crawl_website'), eq(jobs.state, 'queued')));
    expect(queued).toEqual([]);
  });

  it('removes a site with its pages and what was learnt from them', async () => {
    const pageIds = [...(await pagesOf(school, siteId)).values()].map((page) => page.id);
    const { status } = await server.call(base(school, '/delete'), {
      ...asOwner(school),
      json: { ids: [siteId] },
    });
    expect(status).toBe(200);
    expect(await listSites(school)).toEqual([]);
    const left = await server.database.db
      .select({ id: knowledgeChunks.id })
      .from(knowledgeChunks)
      .where(inArray(knowledgeChunks.pageId, pageIds));
    expect(left).toEqual([]);
    expect(
      await server.database.db.select().from(websitePages).where(eq(websitePages.websiteId, siteId)),
    ).toEqual([]);
    const answer = await ask(school, 'How much is the tuition fee?');
    expect(answer.text).not.toContain('520');
  });
});

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

describe('live, scoped and limited', () => {
  it("pushes the site's and its pages' states on the assistant's event stream", async () => {
    const live = await startLocalSite();
    try {
      live.set('/', live.html('Home', 'Visits are on Tuesdays.', ['/a']));
      live.set('/a', live.html('Page A', 'The canteen serves breakfast from eight.'));
      const tenant = await createTenant(server, { name: 'Live School', kind: 'school' });
      const stream = await openEvents(await server.listen(), tenant);
      await eventually(() => server.events.listenerCount(websiteTopic(tenant.assistant.id)) === 1);
      const { body } = await server.call<{ data: Website }>(base(tenant), {
        ...asOwner(tenant),
        json: { url: live.origin, schedule: 'never' },
      });
      await crawled(tenant, body.data.id);
      const data = (name: string) =>
        stream.events.filter((event) => event.event === name).map((event) => event.data as unknown);
      await eventually(() => data(WEBSITE_EVENT).some((event) => (event as Website).state === 'ready'));
      expect((data(WEBSITE_EVENT)[0] as Website).state).toBe('crawling');
      expect(data(WEBSITE_PAGE_EVENT)).toContainEqual(
        expect.objectContaining({
          url: live.url('/a'),
          state: 'ready',
          title: 'Page A',
          website_id: body.data.id,
        }),
      );
      await stream.close();
    } finally {
      await live.close();
    }
  });

  it("answers 404 for another assistant's site, whatever the call", async () => {
    const other = await createTenant(server, { name: 'Other School', kind: 'school' });
    const [own] = await server.database.db
      .insert(websites)
      .values({
        institutionId: school.institution.id,
        assistantId: school.assistant.id,
        url: 'https://colegiosol.example/',
        maxPages: 10,
        schedule: 'never',
        state: 'ready',
      })
      .returning({ id: websites.id });
    const calls = [
      { path: `/${own!.id}`, method: 'PUT', json: { schedule: 'daily' } },
      { path: `/${own!.id}/sync`, method: 'POST' },
      { path: `/${own!.id}/page`, method: 'GET' },
      { path: '/delete', method: 'POST', json: { ids: [own!.id] } },
    ];
    for (const call of calls) {
      const { status } = await server.call(base(other, call.path), {
        ...asOwner(other),
        method: call.method,
        ...(call.json ? { json: call.json } : {}),
      });
      expect(status, call.path).toBe(404);
    }
    expect((await listSites(school)).map((one) => one.id)).toContain(own!.id);
  });

  it('limits adding sites and syncing to 30 an hour per institution', async () => {
    const tenant = await createTenant(server, { name: 'Busy School', kind: 'school' });
    const add = () =>
      server.call<{ code: string }>(base(tenant), {
        ...asOwner(tenant),
        json: { url: 'http://127.0.0.1:9/' },
      });
    for (let i = 0; i < WEBSITE_CHANGES_PER_HOUR; i += 1) expect((await add()).status).toBeLessThan(300);
    const refused = await add();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(await listSites(tenant)).toHaveLength(1);
  });
});

describe('a generated answer', () => {
  it('may link the web page it was grounded on, and nothing the page does not point to', async () => {
    const fees = await startLocalSite();
    const pieces = (url: string) => [
      'Lunch costs 5 euros a day ([Fees](',
      `${url})). Pay at `,
      'https://evil.example/pay.',
    ];
    let answer: string[] = [];
    const peer = createHttpServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const content of answer)
          response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`);
        response.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    const withModel = await createTestServer({
      env: {
        CRAWL_ALLOW_PRIVATE: 'true',
        LLM_BASE_URL: `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`,
        LLM_MODEL: 'test-model',
      },
    });
    try {
      fees.set('/', fees.html('Fees', 'Lunch costs 5 euros a day in the school canteen.'));
      const tenant = await createTenant(withModel, { name: 'Linked School', kind: 'school' });
      const added = await withModel.call<{ data: Website }>(
        `/api/institution-product/${tenant.assistant.id}/website`,
        { ...asOwner(tenant), json: { url: fees.origin, schedule: 'never' } },
      );
      expect(added.status).toBe(201);
      await withModel.jobs.idle();
      answer = pieces(fees.url('/'));
      const session = await startSession(withModel, tenant);
      const asked = await askChat(withModel, session, 'How much does lunch cost in the canteen?');
      expect(asked.text).toContain(`[Fees](${fees.url('/')})`);
      expect(asked.text).not.toContain('evil.example');
    } finally {
      await withModel.close();
      await new Promise<void>((resolve) => peer.close(() => resolve()));
      await fees.close();
    }
  });
});

describe('GET /bot', () => {
  it("tells a site's owner what ConversaBot is and how to keep it out, in their language", async () => {
    const english = await server.request('/bot');
    expect(english.status).toBe(200);
    expect(await english.text()).toContain('User-agent: ConversaBot');
    const spanish = await (await server.request('/bot', { locale: 'es' })).text();
    expect(spanish).toContain('respeta robots.txt');
  });
});

describe('no server-side request forgery', () => {
  let strict: TestServer;
  let tenant: Tenant;
  beforeAll(async () => {
    strict = await createTestServer();
    tenant = await createTenant(strict, { name: 'Strict School', kind: 'school' });
  });
  afterAll(() => strict.close());

  it('refuses private addresses, other schemes and credentials with a translated 400, writing nothing', async () => {
    for (const url of [
      site.url('/'),
      `http://localhost:${new URL(site.origin).port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'file:///etc/passwd',
      'http://user:secret@example.com/',
    ]) {
      const { status, body } = await strict.call<{
        code: string;
        message: string;
        issues: { path: string }[];
      }>(`/api/institution-product/${tenant.assistant.id}/website`, {
        ...asOwner(tenant),
        json: { url },
        locale: 'es',
      });
      expect(status, url).toBe(400);
      expect(body.code).toBe('url_not_allowed');
      expect(body.message).toMatch(/no se puede rastrear/);
      expect(body.issues[0]!.path).toBe('url');
    }
    const { body } = await strict.call<{ data: Website[] }>(
      `/api/institution-product/${tenant.assistant.id}/website`,
      asOwner(tenant),
    );
    expect(body.data).toEqual([]);
  });
});
