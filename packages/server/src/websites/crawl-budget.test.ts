/**
 * The crawler's daily budgets (docs/architecture.md#websites): when an institution's requests of
 * the UTC day are spent a crawl pauses where it is (what it learnt stays, the site says when it
 * resumes, no job fails), another site of the institution waits too while other institutions crawl
 * on, and the next day the crawl goes on by itself from where it stopped. A host's requests of the
 * day, every institution's together, are bounded the same way.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { crawlBudget, crawlHostBudget } from '../db/websites-schema';
import { createTestServer, signIn, type TestServer } from '../testing';
import { createTenant } from '../testing/institutions.fixtures';
import { type LocalSite, startLocalSite } from '../testing/local-site';
import { base, asOwner, websiteCalls } from './websites.fixtures';

/** robots.txt, /sitemap.xml (none), then three pages. */
const BUDGET = 5;

let server: TestServer;
let site: LocalSite;
let calls: ReturnType<typeof websiteCalls>;

beforeAll(async () => {
  server = await createTestServer({
    env: { CRAWL_ALLOW_PRIVATE: 'true' },
    crawl: { timeoutMs: 3_000, dailyPages: BUDGET },
    captureLogs: true,
  });
  calls = websiteCalls(server);
  site = await startLocalSite();
});
afterAll(async () => {
  await site.close();
  await server.close();
});

const nextUtcMidnight = (now: Date) => {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return next;
};

describe("an institution's pages of the day", () => {
  it('pauses a crawl when they are spent, keeps what it learnt, and goes on the next day', async () => {
    site.set('/', site.html('Home', 'Colegio Luna welcomes you.', ['/a', '/b', '/c', '/d']));
    site.set('/a', site.html('Canteen', 'The canteen serves breakfast from eight.'));
    site.set('/b', site.html('Library', 'The library lends three books a week.'));
    site.set('/c', site.html('Pool', 'The swimming pool opens on Saturdays.'));
    site.set('/d', site.html('Choir', 'The choir sings at the spring concert.'));
    const tenant = await createTenant(server, { name: 'Colegio Luna', kind: 'school' });
    const added = await calls.addSite(tenant, { url: site.origin, schedule: 'never' });

    const paused = await calls.crawled(tenant, added.id);
    const resumesAt = nextUtcMidnight(server.clock.now());
    expect(paused).toMatchObject({
      state: 'paused',
      reason: 'page_budget',
      pages_ready: 3,
      next_sync_at: resumesAt.toISOString(),
    });
    // Exactly the budget was asked of the site: robots.txt, the sitemap, three pages.
    expect(site.requests.map((request) => request.path).sort()).toEqual(
      ['/', '/a', '/b', '/robots.txt', '/sitemap.xml'].sort(),
    );
    const pages = await calls.pagesOf(tenant, added.id);
    expect([...pages].map(([path, page]) => [path, page.state])).toEqual([
      ['/', 'ready'],
      ['/a', 'ready'],
      ['/b', 'ready'],
      ['/c', 'processing'],
      ['/d', 'processing'],
    ]);
    // What was learnt is there to answer from meanwhile.
    expect((await calls.ask(tenant, 'When does the canteen serve breakfast?')).text).toContain('eight');
    // The crawl waits in the queue for the next day; no job failed, nothing logged as an error.
    const queued = await server.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'crawl_website'), eq(jobs.institutionId, tenant.institution.id)));
    expect(queued.filter((job) => job.state === 'queued').map((job) => job.runAt.toISOString())).toEqual([
      resumesAt.toISOString(),
    ]);
    expect(queued.filter((job) => job.state === 'failed')).toEqual([]);
    expect(server.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);

    // "Sync now" has nothing to start while the crawl is paused.
    const sync = await server.call<{ code: string }>(base(tenant, `/${added.id}/sync`), {
      ...asOwner(tenant),
      method: 'POST',
    });
    expect(sync.status).toBe(409);
    expect(sync.body.code).toBe('crawl_running');

    // The budget is the institution's: its second site waits without a request to its host…
    const second = await startLocalSite();
    const third = await startLocalSite();
    try {
      second.set('/', second.html('Sports', 'The sports day is in June.'));
      const other = await calls.addSite(tenant, { url: second.origin, schedule: 'never' });
      expect(await calls.crawled(tenant, other.id)).toMatchObject({ state: 'paused', reason: 'page_budget' });
      expect(second.requests).toEqual([]);
      // … while another institution's crawl is not held back.
      third.set('/', third.html('Other school', 'Another school, another budget.'));
      const neighbour = await createTenant(server, { name: 'Colegio Estrella', kind: 'school' });
      const theirs = await calls.addSite(neighbour, { url: third.origin, schedule: 'never' });
      expect(await calls.crawled(neighbour, theirs.id)).toMatchObject({ state: 'ready', pages_ready: 1 });

      // The next day both crawls go on by themselves, from where they stopped.
      server.clock.advance(resumesAt.getTime() - server.clock.now().getTime() + 1_000);
      server.jobs.wake();
      tenant.owner.token = await signIn(server, tenant.owner.id);
      const done = await calls.crawled(tenant, added.id);
      expect(done).toMatchObject({ state: 'ready', reason: null, pages_ready: 5 });
      expect(await calls.crawled(tenant, other.id)).toMatchObject({ state: 'ready', pages_ready: 1 });
      const paths = site.requests.map((request) => request.path);
      for (const path of ['/', '/a', '/b', '/c', '/d']) {
        expect(
          paths.filter((one) => one === path),
          path,
        ).toHaveLength(1);
      }
      // Counted in the database, per institution and day: today's row only.
      const rows = await server.database.db
        .select()
        .from(crawlBudget)
        .where(eq(crawlBudget.institutionId, tenant.institution.id));
      expect(rows.map((row) => row.day)).toEqual([resumesAt.toISOString().slice(0, 10)]);
    } finally {
      await second.close();
      await third.close();
    }
  });
});

describe("a host's pages of the day, every institution's together", () => {
  /** robots.txt, /sitemap.xml (none) and two pages for the first institution; two more for the next. */
  const HOST_BUDGET = 6;
  let hosted: TestServer;
  const hostedCalls = websiteCalls(() => hosted);
  let shared: LocalSite;
  let elsewhere: LocalSite;

  beforeAll(async () => {
    hosted = await createTestServer({
      env: { CRAWL_ALLOW_PRIVATE: 'true' },
      crawl: { timeoutMs: 3_000, dailyPages: 100, hostDailyPages: HOST_BUDGET },
      captureLogs: true,
    });
    shared = await startLocalSite();
    elsewhere = await startLocalSite();
  });
  afterAll(async () => {
    await shared.close();
    await elsewhere.close();
    await hosted.close();
  });

  it('bounds what one site receives from us however many institutions list it, and goes on the next day', async () => {
    shared.set('/', shared.html('Home', 'The Academy of Music welcomes you.', ['/a']));
    shared.set('/a', shared.html('Lessons', 'Piano lessons are on Tuesdays.'));
    const first = await createTenant(hosted, { name: 'Academia Uno', kind: 'school' });
    const theirs = await hostedCalls.addSite(first, { url: shared.origin, schedule: 'never' });
    expect(await hostedCalls.crawled(first, theirs.id)).toMatchObject({ state: 'ready', pages_ready: 2 });

    // A second institution (a second sign-up) lists the same site: two requests are left of the day.
    const second = await createTenant(hosted, { name: 'Academia Dos', kind: 'school' });
    const ours = await hostedCalls.addSite(second, { url: shared.origin, schedule: 'never' });
    const resumesAt = nextUtcMidnight(hosted.clock.now());
    expect(await hostedCalls.crawled(second, ours.id)).toMatchObject({
      state: 'paused',
      reason: 'host_budget',
      pages_ready: 0,
      next_sync_at: resumesAt.toISOString(),
    });
    expect(shared.requests).toHaveLength(HOST_BUDGET);
    // Another host is not held back, for the same institution.
    elsewhere.set('/', elsewhere.html('Choir', 'The choir rehearses on Fridays.'));
    const other = await hostedCalls.addSite(second, { url: elsewhere.origin, schedule: 'never' });
    expect(await hostedCalls.crawled(second, other.id)).toMatchObject({ state: 'ready', pages_ready: 1 });

    // The next day the paused crawl goes on by itself, from where it stopped.
    hosted.clock.advance(resumesAt.getTime() - hosted.clock.now().getTime() + 1_000);
    hosted.jobs.wake();
    second.owner.token = await signIn(hosted, second.owner.id);
    expect(await hostedCalls.crawled(second, ours.id)).toMatchObject({
      state: 'ready',
      reason: null,
      pages_ready: 2,
    });
    expect(shared.requests).toHaveLength(HOST_BUDGET + 2);
    const rows = await hosted.database.db
      .select()
      .from(crawlHostBudget)
      .where(eq(crawlHostBudget.host, new URL(shared.origin).host));
    expect(rows.find((row) => row.day === resumesAt.toISOString().slice(0, 10))?.pages).toBe(2);
    expect(hosted.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);
  });
});
