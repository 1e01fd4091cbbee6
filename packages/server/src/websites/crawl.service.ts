/**
 * The website crawler (docs/architecture.md#websites). A crawl is a chain of `crawl_website` jobs
 * of one site and generation: the first reads robots.txt and the sitemaps and seeds the frontier
 * (crawl-seed.ts), then each job visits pages breadth first for at most `batchMs` and queues the
 * next, so the queue's turns across institutions keep crawls fair and a restart resumes from the
 * table. The last job records the crawl and queues the next scheduled one. A site given as a
 * sitemap's address is its pages only.
 *
 * A page costs one request when it has not changed (ETag / Last-Modified), and no indexing when
 * its text is the same (crawl-read.ts); a page gone (404, 410, now off the site or out of bounds)
 * takes its passages with it; a page that fails otherwise keeps its last good passages and says
 * why. Every request is taken from its institution's budget of the UTC day first, then from its
 * host's: when either is spent the crawl pauses where it is (`paused`, reason `page_budget` or
 * `host_budget`) and its next job is queued for the next day.
 */
import { Mutex } from 'async-mutex';
import { enqueue } from '../jobs/queue';
import { bumpKnowledgeVersion, enqueueEmbedding } from '../knowledge';
import { nextBudgetDay, type PauseReason } from './crawl-budget.repo';
import {
  BudgetSpent,
  type CrawlDeps,
  crawlContext,
  isSitemapAddress,
  type Robots,
  robotsOf,
  wanted,
} from './crawl-context';
import { gone, pageReader } from './crawl-read';
import { crawlSeeder } from './crawl-seed';
import { ownerChecker } from './owner-check';
import { type CrawlPayload, nextSyncAt, publishWebsitePage } from './websites.service';
import {
  CRAWL_WEBSITE,
  type PageRow,
  type PageUpdate,
  toWebsitePage,
  type WebsiteRow,
  websitesRepo,
} from './websites.repo';

export type { CrawlCounters, CrawlDeps } from './crawl-context';

/** Work one crawl job does before it hands the site back to the queue. */
export const CRAWL_BATCH_MS = 20_000;

/** The crawler of one process. */
export function createCrawler(deps: CrawlDeps) {
  const ctx = crawlContext(deps);
  const { repo, counters } = ctx;
  const seed = crawlSeeder(ctx);
  const reader = pageReader(ctx);
  const owner = ownerChecker(ctx);
  const reading = new Mutex();
  const batchMs = deps.batchMs ?? CRAWL_BATCH_MS;

  /**
   * Visits one page: its outcome recorded (and published); answers the links to follow, or why
   * not when the institution's or the host's budget of the day is spent (the page stays on the
   * frontier, unvisited).
   */
  async function visit(site: WebsiteRow, page: PageRow, robots: Robots): Promise<string[] | PauseReason> {
    const now = () => deps.clock.now();
    const record = async (update: PageUpdate) => {
      const row = await repo.visit(page.id, site.generation, update, now());
      if (row) publishWebsitePage(deps.events, site.assistantId, site.id, toWebsitePage(row));
      return row;
    };
    if (!robots.allowed(page.url)) {
      await reader.forget(site, page);
      await record({ state: 'skipped', reason: 'blocked_by_robots', ...gone });
      return [];
    }
    const url = new URL(page.url);
    if (page.depth > 0 && !wanted(site, url)) {
      // Out of the site's patterns since it was found (its settings changed): no longer the site's.
      await reader.forget(site, page);
      for (const row of await repo.removePages(site, { pageId: page.id })) {
        publishWebsitePage(deps.events, site.assistantId, site.id, toWebsitePage(row), true);
      }
      return [];
    }
    const known = page.passages > 0;
    const outcome = await ctx.request(site, page.url, {
      delayMs: robots.delayMs,
      etag: known ? page.etag : null,
      lastModified: known ? page.lastModified : null,
    });
    if (typeof outcome === 'string') return outcome;
    if (!outcome.ok) {
      const definite = ['not_found', 'redirected_off_site', 'url_not_allowed'].includes(outcome.reason);
      if (definite) await reader.forget(site, page);
      const state = outcome.reason === 'redirected_off_site' ? 'skipped' : 'failed';
      await record({
        state,
        reason: outcome.reason,
        fetchedAt: now(),
        ...(definite ? gone : {}),
      });
      return [];
    }
    if (outcome.status === 304) {
      if (counters) counters.unchanged += 1;
      await record({ state: 'ready', reason: null, fetchedAt: now() });
      return [];
    }
    // Pages are fetched two at a time but read one at a time, so two addresses of the same text
    // fetched together cannot both be indexed before either is seen (`sameText`).
    return reading.runExclusive(() => reader.read(site, page, outcome, record));
  }

  /** Ends a crawl: the site's state, its next scheduled crawl queued. */
  async function finish(site: WebsiteRow, complete = true) {
    const now = deps.clock.now();
    // Pages this crawl did not reach within its page budget (a smaller `max_pages`) leave the site;
    // a crawl given up may not have seeded its frontier, so it takes nothing away.
    const unseen = !complete
      ? []
      : await deps.db.transaction(async (tx) => {
          const removed = await websitesRepo(tx).removePages(site, { unseenBy: site.generation });
          if (removed.length > 0) await bumpKnowledgeVersion(tx, site.institutionId, site.assistantId);
          return removed;
        });
    for (const row of unseen)
      publishWebsitePage(deps.events, site.assistantId, site.id, toWebsitePage(row), true);
    const [counts] = await repo.withCounts([site]);
    const ok = counts!.pages_ready > 0;
    const reason = ok ? null : ((await repo.pageByUrl(site.id, site.url))?.reason ?? 'no_pages');
    // The schedule as it is now: it may have changed while the crawl ran.
    const schedule = (await repo.findForJob(site.institutionId, site.id))?.schedule ?? site.schedule;
    const next = nextSyncAt(schedule, now);
    const row = await deps.db.transaction(async (tx) => {
      const scoped = websitesRepo(tx);
      const finished = await scoped.finishCrawl(
        site.institutionId,
        site.id,
        site.generation,
        { state: ok ? 'ready' : 'failed', reason, nextSyncAt: next },
        now,
      );
      if (!finished) return null;
      await scoped.dropQueuedCrawls(site.institutionId, site.id);
      if (next) {
        const payload: CrawlPayload = {
          institutionId: site.institutionId,
          websiteId: site.id,
          generation: site.generation + 1,
          start: true,
          scheduled: true,
        };
        await enqueue(tx, CRAWL_WEBSITE, { ...payload }, now, {
          institutionId: site.institutionId,
          runAt: next,
        });
      }
      return finished;
    });
    if (row) await ctx.publishSite(row);
    await enqueueEmbedding(
      deps.db,
      deps.embeddings ?? null,
      { institutionId: site.institutionId, assistantId: site.assistantId },
      now,
    ).catch((error: unknown) =>
      deps.logger.warn({ err: error, websiteId: site.id }, 'crawl: embedding not queued'),
    );
  }

  /**
   * Pauses a crawl whose institution, or whose host, has had its requests of the day: the site says
   * which and when it resumes, and its next job (the start again, when the start was cut short) is
   * due then.
   */
  async function pause(site: WebsiteRow, reason: PauseReason, restart: boolean) {
    const now = deps.clock.now();
    const resumesAt = nextBudgetDay(now);
    const row = await deps.db.transaction(async (tx) => {
      const scoped = websitesRepo(tx);
      const paused = await scoped.pauseCrawl(site.institutionId, site.id, site.generation, {
        reason,
        resumesAt,
        now,
      });
      if (!paused) return null;
      await scoped.dropQueuedCrawls(site.institutionId, site.id);
      const payload: CrawlPayload = {
        institutionId: site.institutionId,
        websiteId: site.id,
        generation: site.generation,
        ...(restart ? { start: true } : {}),
      };
      await enqueue(tx, CRAWL_WEBSITE, { ...payload }, now, {
        institutionId: site.institutionId,
        runAt: resumesAt,
      });
      return paused;
    });
    if (!row) return;
    deps.logger.info(
      { institutionId: site.institutionId, websiteId: site.id, reason, resumesAt },
      'crawl: daily budget spent, paused',
    );
    await ctx.publishSite(row);
  }

  return {
    counters,
    /** The owner tag's checks, with this crawler's budgets and politeness. */
    owner,

    /** Runs one job of a crawl. */
    async run(payload: CrawlPayload, signal: AbortSignal): Promise<void> {
      let site = await repo.findForJob(payload.institutionId, payload.websiteId);
      if (!site) return; // removed meanwhile
      const now = deps.clock.now();
      if (payload.scheduled && site.generation === payload.generation - 1) {
        const started = await repo.startCrawl(site.institutionId, site.id, now, site.generation);
        if (!started) return; // a crawl is under way (it queues the next scheduled one when done)
        site = started;
        await ctx.publishSite(site);
      }
      if (site.generation === payload.generation && site.state === 'paused') {
        const resumed = await repo.resumeCrawl(site.institutionId, site.id, site.generation, now);
        if (!resumed) return;
        site = resumed;
        await ctx.publishSite(site);
      }
      if (site.generation !== payload.generation || site.state !== 'crawling') return;
      try {
        // A verified owner's tag checked again first: what it finds sets the budgets that apply.
        if (payload.start) site = await seed(await owner.recheck(site));
      } catch (error) {
        if (error instanceof BudgetSpent) return pause(site, error.reason, true);
        throw error;
      }

      const robots = robotsOf(site);
      // A sitemap's address names the pages to learn: its pages' links are not followed.
      const follow = !isSitemapAddress(site.url);
      const deadline = Date.now() + batchMs;
      while (!signal.aborted) {
        const next = await repo.frontier(site, robots.delayMs > 0 ? 1 : 2);
        if (next.length === 0) return finish(site);
        const found = await Promise.all(next.map((page) => visit(site!, page, robots)));
        const links: { url: string; depth: number }[] = [];
        for (const [index, urls] of found.entries()) {
          for (const raw of follow && typeof urls !== 'string' ? urls : []) {
            const url = new URL(raw);
            if (!wanted(site, url)) continue;
            links.push({ url: url.href, depth: next[index]!.depth + 1 });
          }
        }
        const entries = links.map((link) =>
          robots.allowed(link.url)
            ? link
            : { ...link, state: 'skipped' as const, reason: 'blocked_by_robots' as const },
        );
        await repo.enqueuePages(site, entries, deps.clock.now());
        const spent = found.find((urls): urls is PauseReason => typeof urls === 'string');
        if (spent) return pause(site, spent, false);
        await ctx.publishSite(site);
        if (Date.now() >= deadline) break;
      }
      if (signal.aborted) throw new Error('crawl: stopped; the queue hands the batch back');
      // The rest in another job: other institutions' jobs take their turns in between.
      const batch: CrawlPayload = {
        institutionId: site.institutionId,
        websiteId: site.id,
        generation: site.generation,
      };
      await enqueue(deps.db, CRAWL_WEBSITE, { ...batch }, deps.clock.now(), {
        institutionId: site.institutionId,
        runAt: new Date(deps.clock.now().getTime() + robots.delayMs),
      });
    },

    /** A crawl whose job failed for good ends failed, its pages as they are. */
    async giveUp(payload: CrawlPayload): Promise<void> {
      const site = await repo.findForJob(payload.institutionId, payload.websiteId);
      if (!site || site.generation !== payload.generation || site.state !== 'crawling') return;
      await finish(site, false);
    },
  };
}
export type Crawler = ReturnType<typeof createCrawler>;
