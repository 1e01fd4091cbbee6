/**
 * The website crawler (docs/architecture.md#websites). A crawl is a chain of `crawl_website` jobs
 * of one site and generation: the first reads robots.txt and the sitemaps and seeds the frontier
 * (the start address, the sitemaps' pages and every page known from earlier crawls), then each job
 * visits pages breadth first for at most `batchMs` and queues the next, so the queue's turns across
 * institutions keep crawls fair and a restart resumes from the table. The last job records the
 * crawl and queues the next scheduled one. A site given as a sitemap's address is its pages only.
 *
 * A page costs one request when it has not changed (ETag / Last-Modified), and no indexing when
 * its text is the same (its fingerprint); a changed page replaces its passages; a page gone (404,
 * 410, now off the site or out of bounds) takes its passages with it; a page that fails otherwise
 * keeps its last good passages and says why. The same text under two addresses is learnt once.
 */
import { createHash } from 'node:crypto';
import type { WebsiteFailureReason } from '@conversa/contract/website';
import type { FileFailureReason } from '@conversa/contract/knowledge';
import type { Logger } from 'pino';
import { Mutex } from 'async-mutex';
import robotsParser from 'robots-parser';
import type { Clock } from '../clock';
import type { EmbeddingsConfig } from '../config';
import type { Db } from '../db/database';
import type { EventBus } from '../events/event-bus';
import { enqueue } from '../jobs/queue';
import {
  bumpKnowledgeVersion,
  chunkText,
  enqueueEmbedding,
  type ExtractLimits,
  extractText,
  fileTypeSniffer,
  normalizeText,
  replaceChunks,
} from '../knowledge';
import { CRAWLER_NAME, type CrawlerFetch, type FetchedPage } from './crawler-fetch';
import { HostPacer } from './host-pacer';
import { readHtml } from './html-content';
import { inScope } from './patterns';
import { readSitemap } from './sitemap';
import { type CrawlPayload, nextSyncAt, publishWebsite, publishWebsitePage } from './websites.service';
import {
  CRAWL_WEBSITE,
  type PageRow,
  type PageUpdate,
  toWebsitePage,
  type WebsiteRow,
  websitesRepo,
} from './websites.repo';

/** Work one crawl job does before it hands the site back to the queue. */
export const CRAWL_BATCH_MS = 20_000;
/** Sitemaps read at a crawl's start at most (an index and the sitemaps it names). */
const MAX_SITEMAPS = 20;
/** Links that are never pages or documents: not worth a request. */
const NOT_PAGES =
  /\.(?:jpe?g|png|gif|webp|svg|ico|bmp|tiff?|css|js|mjs|json|xml|rss|atom|zip|gz|tgz|rar|7z|mp[34]|m4a|wav|ogg|webm|mov|avi|woff2?|ttf|eot|exe|dmg|iso|apk|xlsx?|pptx?|csv)$/i;

export interface CrawlDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  logger: Logger;
  fetcher: CrawlerFetch;
  embeddings?: EmbeddingsConfig | null;
  extractLimits?: Partial<ExtractLimits>;
  batchMs?: number;
  /** Pages visited and re-indexed, counted for the benchmark and the tests. */
  counters?: CrawlCounters;
}

export interface CrawlCounters {
  requests: number;
  indexed: number;
  unchanged: number;
}

/** Whether a site was given as a sitemap's address (its pages, and no others, are crawled). */
const isSitemapAddress = (url: string) => /\.xml(\.gz)?$/i.test(new URL(url).pathname);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A document's failure as a page's reason. */
const documentReason = (reason: FileFailureReason): WebsiteFailureReason =>
  reason === 'no_text_layer' || reason === 'empty'
    ? 'no_text'
    : reason === 'too_large' || reason === 'too_complex'
      ? 'too_large'
      : 'not_html';

/** A document's name in its address (its last path segment), as its title. */
function fileName(url: string): string | null {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || null;
  } catch {
    return last || null;
  }
}

/** The charset a page declares (header, else meta), if the decoder knows it. */
function decode(bytes: Uint8Array, contentType: string): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const label =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The crawler of one process. */
export function createCrawler(deps: CrawlDeps) {
  const repo = websitesRepo(deps.db);
  const pacer = new HostPacer();
  const reading = new Mutex();
  const batchMs = deps.batchMs ?? CRAWL_BATCH_MS;
  const counters = deps.counters;

  const publishSite = async (row: WebsiteRow) => {
    const [site] = await repo.withCounts([row]);
    publishWebsite(deps.events, row.assistantId, site!);
  };

  const robotsOf = (site: WebsiteRow) => {
    const origin = new URL(site.url).origin;
    const robots = robotsParser(`${origin}/robots.txt`, site.robots ?? '');
    return {
      allowed: (url: string) => robots.isAllowed(url, CRAWLER_NAME) !== false,
      delayMs: Math.max(0, Number(robots.getCrawlDelay(CRAWLER_NAME) ?? 0)) * 1000,
      sitemaps: robots.getSitemaps(),
    };
  };

  /** An address the crawl may visit: the site's origin, a page or document, within the patterns. */
  const wanted = (site: WebsiteRow, url: URL) =>
    url.origin === new URL(site.url).origin &&
    !NOT_PAGES.test(url.pathname) &&
    inScope(url, site.include, site.exclude);

  const fetchText = async (site: WebsiteRow, url: string) => {
    const origin = new URL(site.url).origin;
    if (counters) counters.requests += 1;
    const outcome = await deps.fetcher.fetchPage(url, {
      within: (next) => next.origin === origin,
      accept: 'text/plain,application/xml,text/xml,*/*;q=0.5',
    });
    if (!outcome.ok || outcome.status !== 200) return null;
    return decode(outcome.bytes, outcome.contentType);
  };

  /** robots.txt and the sitemaps read, the frontier seeded. */
  async function seed(site: WebsiteRow): Promise<WebsiteRow> {
    const now = deps.clock.now();
    const start = new URL(site.url);
    const robotsText = await fetchText(site, `${start.origin}/robots.txt`);
    await repo.saveRobots(site.institutionId, site.id, robotsText, now);
    const current = { ...site, robots: robotsText };
    const robots = robotsOf(current);

    // Sitemaps: the address given when it is one, /sitemap.xml, and those robots.txt names.
    const queue = [
      ...(isSitemapAddress(start.href) ? [start.href] : []),
      `${start.origin}/sitemap.xml`,
      ...robots.sitemaps,
    ];
    const read = new Set<string>();
    const fromSitemaps: string[] = [];
    let startIsSitemap = false;
    while (queue.length > 0 && read.size < MAX_SITEMAPS) {
      const address = queue.shift()!;
      let url: URL;
      try {
        url = new URL(address);
      } catch {
        continue;
      }
      if (url.origin !== start.origin || read.has(url.href)) continue;
      read.add(url.href);
      const xml = await fetchText(current, url.href);
      const sitemap = xml ? readSitemap(xml) : null;
      if (!sitemap) continue;
      if (url.href === start.href) startIsSitemap = true;
      queue.push(...sitemap.sitemaps);
      fromSitemaps.push(...sitemap.pages);
    }

    const entries: { url: string; depth: number; state?: 'skipped'; reason?: WebsiteFailureReason }[] = [];
    // Known pages are checked again even when out of bounds now: the visit takes them away.
    const add = (raw: string, depth: number, known = false) => {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return;
      }
      url.hash = '';
      const exempt = depth === 0 || known;
      if (!exempt && !wanted(current, url)) return;
      entries.push(
        robots.allowed(url.href)
          ? { url: url.href, depth }
          : { url: url.href, depth, state: 'skipped', reason: 'blocked_by_robots' },
      );
    };
    if (!startIsSitemap) add(start.href, 0);
    for (const known of await repo.knownUrls(site.id)) add(known.url, known.depth, true);
    for (const page of fromSitemaps) add(page, 1);
    await repo.enqueuePages(current, entries, now);
    return current;
  }

  /** Drops a page's passages (it is gone, or no longer the site's). */
  const forget = async (site: WebsiteRow, page: PageRow) => {
    if (page.passages === 0 && page.fingerprint === null) return;
    await replaceChunks(deps.db, {
      institutionId: site.institutionId,
      assistantId: site.assistantId,
      fileId: null,
      pageId: page.id,
      source: 'website',
      chunks: [],
    });
  };
  const gone = { passages: 0, fingerprint: null, etag: null, lastModified: null } as const;

  /** Visits one page: its outcome recorded (and published); answers the links to follow. */
  async function visit(site: WebsiteRow, page: PageRow, robots: ReturnType<typeof robotsOf>) {
    const now = () => deps.clock.now();
    const record = async (update: PageUpdate) => {
      const row = await repo.visit(page.id, site.generation, update, now());
      if (row) publishWebsitePage(deps.events, site.assistantId, site.id, toWebsitePage(row));
      return row;
    };
    if (!robots.allowed(page.url)) {
      await forget(site, page);
      await record({ state: 'skipped', reason: 'blocked_by_robots', ...gone });
      return [];
    }
    const url = new URL(page.url);
    if (page.depth > 0 && !wanted(site, url)) {
      // Out of the site's patterns since it was found (its settings changed): no longer the site's.
      await forget(site, page);
      for (const row of await repo.removePages(site, { pageId: page.id })) {
        publishWebsitePage(deps.events, site.assistantId, site.id, toWebsitePage(row), true);
      }
      return [];
    }
    const known = page.passages > 0;
    if (counters) counters.requests += 1;
    const outcome = await pacer.run(url.host, robots.delayMs, () =>
      deps.fetcher.fetchPage(page.url, {
        etag: known ? page.etag : null,
        lastModified: known ? page.lastModified : null,
        within: (next) => next.origin === url.origin,
      }),
    );
    if (!outcome.ok) {
      const definite = ['not_found', 'redirected_off_site', 'url_not_allowed'].includes(outcome.reason);
      if (definite) await forget(site, page);
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
    return reading.runExclusive(() => read(site, page, outcome, record));
  }

  /** Reads a fetched page or document, indexes what changed; answers the links to follow. */
  async function read(
    site: WebsiteRow,
    page: PageRow,
    fetched: FetchedPage,
    record: (update: PageUpdate) => Promise<PageRow | null>,
  ): Promise<string[]> {
    const now = () => deps.clock.now();
    const validators = { etag: fetched.etag, lastModified: fetched.lastModified, fetchedAt: now() };
    const fail = async (reason: WebsiteFailureReason, state: 'failed' | 'skipped' = 'failed') => {
      // A document too large or too slow to read this time keeps what it taught; any other
      // outcome says what the page is now.
      if (reason === 'too_large') {
        await record({ state, reason, fetchedAt: validators.fetchedAt });
        return [];
      }
      await forget(site, page);
      await record({ state, reason, ...validators, ...gone });
      return [];
    };
    let title: string | null = null;
    let text: string;
    let links: string[] = [];
    let kind: string;
    const isHtml = /\b(text\/html|application\/xhtml\+xml)\b/.test(fetched.contentType);
    if (isHtml) {
      const content = readHtml(decode(fetched.bytes, fetched.contentType), fetched.url);
      links = content.links;
      if (content.noindex) return (await fail('blocked_by_robots', 'skipped'), links);
      title = content.title;
      text = normalizeText(content.text);
      kind = 'html';
    } else {
      const sniffer = fileTypeSniffer(new URL(fetched.url).pathname);
      sniffer.push(fetched.bytes);
      const type = sniffer.type();
      if (type !== 'pdf' && type !== 'docx') return fail('not_html', 'skipped');
      // A plain Uint8Array: a Buffer would not cross to the extraction process as bytes.
      const result = await extractText(new Uint8Array(fetched.bytes), type, deps.extractLimits);
      if (!result.ok) return fail(documentReason(result.reason));
      text = result.text;
      title = fileName(fetched.url);
      kind = type;
    }
    if (text.trim() === '') return (await fail('no_text'), links);

    const fingerprint = sha256(`${title ?? ''}\n${text}`);
    if (fingerprint === page.fingerprint && page.passages > 0) {
      if (counters) counters.unchanged += 1;
      await record({ state: 'ready', reason: null, title, kind, ...validators });
      return links;
    }
    if (await repo.sameText(site.id, page.id, fingerprint)) {
      await forget(site, page);
      await record({ state: 'skipped', reason: 'duplicate', title, kind, ...validators, ...gone });
      return links;
    }
    // The title leads the passages, so a question naming the page finds it.
    const body = title && !text.startsWith(title) ? `${title}\n\n${text}` : text;
    const chunks = chunkText(body);
    await replaceChunks(deps.db, {
      institutionId: site.institutionId,
      assistantId: site.assistantId,
      fileId: null,
      pageId: page.id,
      source: 'website',
      chunks,
    });
    if (counters) counters.indexed += 1;
    await record({
      state: 'ready',
      reason: null,
      title,
      kind,
      fingerprint,
      passages: chunks.length,
      changedAt: now(),
      ...validators,
    });
    return links;
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
    const reason = ok ? null : await startReason(site);
    const next = nextSyncAt(site.schedule, now);
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
    if (row) await publishSite(row);
    await enqueueEmbedding(
      deps.db,
      deps.embeddings ?? null,
      { institutionId: site.institutionId, assistantId: site.assistantId },
      now,
    ).catch((error: unknown) =>
      deps.logger.warn({ err: error, websiteId: site.id }, 'crawl: embedding not queued'),
    );
  }

  /** Why a crawl found nothing: its start page's reason, else `no_pages`. */
  async function startReason(site: WebsiteRow): Promise<WebsiteFailureReason> {
    const first = await repo.pageByUrl(site.id, site.url);
    return first?.reason ?? 'no_pages';
  }

  return {
    counters,

    /** Runs one job of a crawl. */
    async run(payload: CrawlPayload, signal: AbortSignal): Promise<void> {
      let site = await repo.findForJob(payload.institutionId, payload.websiteId);
      if (!site) return; // removed meanwhile
      if (payload.scheduled && site.generation === payload.generation - 1) {
        const started = await repo.startCrawl(site.institutionId, site.id, deps.clock.now(), site.generation);
        if (!started) return; // a crawl runs (it queues the next scheduled one when done)
        site = started;
        await publishSite(site);
      }
      if (site.generation !== payload.generation || site.state !== 'crawling') return;
      if (payload.start) site = await seed(site);

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
          for (const raw of follow ? urls : []) {
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
        await publishSite(site);
        if (Date.now() >= deadline) break;
      }
      if (signal.aborted) throw new Error('crawl: stopped; the queue hands the batch back');
      // The rest in another job: other institutions' jobs take their turns in between.
      const now = deps.clock.now();
      const batch: CrawlPayload = {
        institutionId: site.institutionId,
        websiteId: site.id,
        generation: site.generation,
      };
      await enqueue(deps.db, CRAWL_WEBSITE, { ...batch }, now, {
        institutionId: site.institutionId,
        runAt: new Date(now.getTime() + robots.delayMs),
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
