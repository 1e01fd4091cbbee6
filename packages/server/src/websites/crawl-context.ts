/**
 * What the parts of a crawl share (crawl.service.ts, crawl-seed.ts, crawl-read.ts): the crawler's
 * dependencies, a site's robots.txt rules and scope and the daily budgets every request is taken
 * from.
 */
import { WEBSITE_DAILY_PAGE_BUDGET, WEBSITE_HOST_DAILY_PAGE_BUDGET } from '@conversa/contract/constants';
import type { Logger } from 'pino';
import robotsParser from 'robots-parser';
import type { Clock } from '../clock';
import type { EmbeddingsConfig } from '../config';
import type { Db } from '../db/database';
import type { EventBus } from '../events/event-bus';
import type { ExtractLimits } from '../knowledge';
import { crawlBudgetRepo, type PauseReason } from './crawl-budget.repo';
import { CRAWLER_NAME, type CrawlerFetch, type FetchOutcome, type FetchRequest } from './crawler-fetch';
import { hostPacer } from './host-pacer';
import { inScope } from './patterns';
import { publishWebsite } from './websites.service';
import { type WebsiteRow, websitesRepo } from './websites.repo';

export interface CrawlDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  logger: Logger;
  fetcher: CrawlerFetch;
  embeddings?: EmbeddingsConfig | null;
  extractLimits?: Partial<ExtractLimits>;
  batchMs?: number;
  /** How long one page may be read in the HTML thread (default WEBSITE_PAGE_READ_TIMEOUT_MS). */
  readTimeoutMs?: number;
  /** Requests per institution and UTC day (default WEBSITE_DAILY_PAGE_BUDGET; tests lower it). */
  dailyPages?: number;
  /** Requests per host and UTC day (default WEBSITE_HOST_DAILY_PAGE_BUDGET; tests lower it). */
  hostDailyPages?: number;
  /** Pages visited and re-indexed, counted for the benchmark and the tests. */
  counters?: CrawlCounters;
}

export interface CrawlCounters {
  requests: number;
  indexed: number;
  unchanged: number;
}

/** Thrown where a request finds its institution's or its host's budget of the day spent: the crawl pauses. */
export class BudgetSpent extends Error {
  constructor(readonly reason: PauseReason) {
    super(`crawl: the day's requests are spent (${reason})`);
  }
}

/** Links that are never pages or documents: not worth a request. */
const NOT_PAGES =
  /\.(?:jpe?g|png|gif|webp|svg|ico|bmp|tiff?|css|js|mjs|json|xml|rss|atom|zip|gz|tgz|rar|7z|mp[34]|m4a|wav|ogg|webm|mov|avi|woff2?|ttf|eot|exe|dmg|iso|apk|xlsx?|pptx?|csv)$/i;

/** Whether a site was given as a sitemap's address (its pages, and no others, are crawled). */
export const isSitemapAddress = (url: string) => /\.xml(\.gz)?$/i.test(new URL(url).pathname);

/** The rules of a site's robots.txt (as read at its crawl's start) for our crawler. */
export function robotsOf(site: WebsiteRow) {
  const origin = new URL(site.url).origin;
  const robots = robotsParser(`${origin}/robots.txt`, site.robots ?? '');
  return {
    allowed: (url: string) => robots.isAllowed(url, CRAWLER_NAME) !== false,
    delayMs: Math.max(0, Number(robots.getCrawlDelay(CRAWLER_NAME) ?? 0)) * 1000,
    sitemaps: robots.getSitemaps(),
  };
}
export type Robots = ReturnType<typeof robotsOf>;

/** An address the crawl may visit: the site's origin, a page or document, within the patterns. */
export const wanted = (site: WebsiteRow, url: URL) =>
  url.origin === new URL(site.url).origin &&
  !NOT_PAGES.test(url.pathname) &&
  inScope(url, site.include, site.exclude);

/** What a request needs of its site: its institution, its address and whether its owner is verified. */
type CrawlSite = Pick<WebsiteRow, 'institutionId' | 'url' | 'ownerVerifiedAt'>;

/** How to send one request: the host's Crawl-delay, whether it checks the owner tag, and the fetch's own. */
type CrawlRequest = Omit<FetchRequest, 'within'> & { delayMs?: number; ownerCheck?: boolean };

/** The crawler's shared parts for one process. */
export function crawlContext(deps: CrawlDeps) {
  const repo = websitesRepo(deps.db);
  const budget = crawlBudgetRepo(deps.db);
  const budgets = {
    institution: deps.dailyPages ?? WEBSITE_DAILY_PAGE_BUDGET,
    host: deps.hostDailyPages ?? WEBSITE_HOST_DAILY_PAGE_BUDGET,
  };
  const pacer = hostPacer(deps.db, deps.clock);
  /**
   * Takes one request to `url` from the site's institution's budget of the day and its host's:
   * null when there was room, else why the crawl pauses. The host's budget never holds back the
   * site's verified owner on the site's own host, nor a check of the owner tag (`ownerCheck`: one
   * request, which a spent host must not keep an owner from).
   */
  const take = (site: CrawlSite, url: string, ownerCheck: boolean) => {
    const host = new URL(url).host;
    const owner = ownerCheck || (site.ownerVerifiedAt !== null && host === new URL(site.url).host);
    return budget.take(site.institutionId, host, deps.clock.now(), budgets, { owner });
  };
  return {
    deps,
    repo,
    counters: deps.counters,
    /**
     * One request of a crawl to `url` (redirects followed within its origin): taken from the
     * budgets (the reason, and nothing sent, when one is spent), counted, and sent in one of its
     * host's slots (host-pacer.ts) once its Crawl-delay (`delayMs`) has passed.
     */
    async request(
      site: CrawlSite,
      url: string,
      { delayMs = 0, ownerCheck = false, ...options }: CrawlRequest = {},
    ): Promise<FetchOutcome | PauseReason> {
      const spent = await take(site, url, ownerCheck);
      if (spent) return spent;
      if (deps.counters) deps.counters.requests += 1;
      const { origin, host } = new URL(url);
      return pacer.run(host, delayMs, () =>
        deps.fetcher.fetchPage(url, { ...options, within: (next) => next.origin === origin }),
      );
    },
    /** Tells the assistant's listeners about a site, with its counts. */
    async publishSite(row: WebsiteRow) {
      const [site] = await repo.withCounts([row]);
      publishWebsite(deps.events, row.assistantId, site!);
    },
  };
}
export type CrawlContext = ReturnType<typeof crawlContext>;
