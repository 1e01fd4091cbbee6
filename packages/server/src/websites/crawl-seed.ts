/**
 * A crawl's start (docs/architecture.md#websites): robots.txt and the sitemaps read (the address
 * given when it is one, /sitemap.xml, those robots.txt names; indexes followed, MAX_SITEMAPS at
 * most; gzipped ones inflated within the size of a page, so a gzip bomb is refused), and the frontier seeded with the start address, the sitemaps' pages and every page known
 * from earlier crawls. Each request is taken from the institution's daily budget first
 * (`BudgetSpent` when it is spent: the whole start runs again the next day).
 */
import type { WebsiteFailureReason } from '@conversa/contract/website';
import { BudgetSpent, type CrawlContext, isSitemapAddress, robotsOf, wanted } from './crawl-context';
import { decodeText } from './decode-text';
import { inflateBounded, isGzip } from './inflate';
import { readSitemap } from './sitemap';
import type { WebsiteRow } from './websites.repo';

/** Sitemaps read at a crawl's start at most (an index and the sitemaps it names). */
const MAX_SITEMAPS = 20;

/** The start of a crawl for one process's crawler. */
export function crawlSeeder(ctx: CrawlContext) {
  const { deps, repo } = ctx;

  /** A text file of the site (robots.txt, a sitemap); null when it has none. */
  const fetchText = async (site: WebsiteRow, url: string) => {
    // In one of the host's slots like a page (its Crawl-delay is not known before robots.txt is read).
    const outcome = await ctx.request(site, url, { accept: 'text/plain,application/xml,text/xml,*/*;q=0.5' });
    if (typeof outcome === 'string') throw new BudgetSpent(outcome);
    if (!outcome.ok || outcome.status !== 200) return null;
    let { bytes } = outcome;
    // A gzipped sitemap (`.xml.gz`, `application/gzip`): inflated within the size of a page.
    if (isGzip(bytes)) {
      const inflated = await inflateBounded(bytes, deps.fetcher.maxBytes);
      if (!inflated.ok) {
        deps.logger.warn({ websiteId: site.id, url, reason: inflated.reason }, 'crawl: gzipped file refused');
        return null;
      }
      bytes = inflated.bytes;
    }
    return decodeText(bytes, outcome.contentType);
  };

  /** robots.txt and the sitemaps read, the frontier seeded; answers the site with its robots.txt. */
  return async function seed(site: WebsiteRow): Promise<WebsiteRow> {
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
  };
}
