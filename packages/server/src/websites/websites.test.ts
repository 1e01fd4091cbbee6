/**
 * The website crawler end to end (docs/architecture.md#websites), through HTTP on the real
 * database, against a real local site: robots.txt (disallow), a sitemap index, redirects (a chain,
 * off the site), a loop, a 404, a huge page, a slow page, a linked PDF; then a re-sync where a page
 * changed (the answer changes), one was removed (its answer goes), one fails (its passages stay)
 * and the unchanged ones cost one request each and no indexing; the schedule; settings; removal.
 * Bounds and politeness are in crawl-bounds.test.ts, the API's scoping, events, limits and SSRF
 * refusals in websites-api.test.ts.
 */
import { type Website } from '@conversa/contract/website';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { knowledgeChunks } from '../db/knowledge-schema';
import { websitePages } from '../db/websites-schema';
import { createTestServer, type TestServer } from '../testing';
import { readFixture } from '../testing/fixtures-dir';
import { signIn } from '../testing/fixtures';
import { createTenant, type Tenant } from '../testing/institutions.fixtures';
import { type LocalSite, startLocalSite } from '../testing/local-site';
import { asOwner, base, sitemap, websiteCalls } from './websites.fixtures';

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

const { listSites, pagesOf, crawled, ask, chunkIdsOf } = websiteCalls(() => server);

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
