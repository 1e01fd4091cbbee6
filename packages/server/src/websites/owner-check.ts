/**
 * A site's owner tag (docs/architecture.md#websites): the institution proves a site is its own by
 * putting `<meta name="conversa-site-verification" content="{owner_token}">` (WEBSITE_OWNER_META) on
 * the home page of the site's host, as search engines' site verification does. The home page, not
 * the page given, because a section of a shared host may be anybody's; and one request, read in the
 * HTML thread like any page. A verified owner's crawls of its host are never held back by the
 * host's daily budget, which other institutions listing the same site could otherwise spend.
 *
 * Checked when the console asks (`check_website_owner` job, queued by `POST …/owner-check`) and at
 * the start of each crawl of a verified site: a tag taken away ends the verification; a home page
 * that cannot be read this time leaves it as it was.
 */
import { BudgetSpent, type CrawlContext } from './crawl-context';
import { isHtml } from './crawler-fetch';
import { readHtmlInThread } from './html-thread';
import { type OwnerCheckResult, type WebsiteRow } from './websites.repo';

/** The home page of the site's host, where its owner tag is looked for. */
const homePage = (siteUrl: string) => new URL('/', siteUrl).href;

/** What a check of the owner tag needs: the site and its institution's budget. */
export function ownerChecker(ctx: CrawlContext) {
  const { deps, repo } = ctx;

  /** Reads the home page of the site's host and looks for the site's token in its owner tags. */
  async function look(site: WebsiteRow): Promise<OwnerCheckResult> {
    const home = homePage(site.url);
    // From the institution's budget only: a host whose day others spent must not keep its owner out.
    const fetched = await ctx.request(site, home, { ownerCheck: true });
    if (typeof fetched === 'string') return 'page_budget';
    if (!fetched.ok || fetched.status !== 200) return 'unreachable';
    if (!isHtml(fetched.contentType)) return 'tag_missing';
    const read = await readHtmlInThread(fetched, deps.readTimeoutMs);
    if (!read.ok) return 'unreachable';
    return read.content.ownerTokens.includes(site.ownerToken) ? 'verified' : 'tag_missing';
  }

  /** Checks the tag, records and publishes what was found; answers the site as it is now. */
  async function check(site: WebsiteRow): Promise<WebsiteRow> {
    const result = await look(site);
    const row = await repo.recordOwnerCheck(site.institutionId, site.id, result, deps.clock.now());
    if (!row) return site;
    // Held back by its host's budget, which no longer applies to it: the crawl goes on now.
    if (result === 'verified' && row.state === 'paused' && row.reason === 'host_budget') {
      await repo.hurryQueuedCrawls(row.institutionId, row.id, deps.clock.now());
    }
    if (result !== site.ownerCheck || (row.ownerVerifiedAt === null) !== (site.ownerVerifiedAt === null)) {
      deps.logger.info({ websiteId: site.id, result }, 'crawl: owner tag checked');
    }
    await ctx.publishSite(row);
    return row;
  }

  return {
    check,

    /**
     * At a crawl's start: a verified site's tag is checked again (the crawl then goes on whatever
     * was found, within the budgets that now apply); a spent institution budget pauses the crawl.
     */
    async recheck(site: WebsiteRow): Promise<WebsiteRow> {
      if (site.ownerVerifiedAt === null) return site;
      const row = await check(site);
      if (row.ownerCheck === 'page_budget') throw new BudgetSpent('page_budget');
      return row;
    },

    /** The `check_website_owner` job: one check asked for from the console. */
    async run(payload: { institutionId: number; websiteId: number }): Promise<void> {
      const site = await repo.findForJob(payload.institutionId, payload.websiteId);
      if (site) await check(site);
    },

    /** The job failed for good: the check no longer shows as under way. */
    async giveUp(payload: { institutionId: number; websiteId: number }): Promise<void> {
      const row = await repo.recordOwnerCheck(
        payload.institutionId,
        payload.websiteId,
        'unreachable',
        deps.clock.now(),
      );
      if (row) await ctx.publishSite(row);
    },
  };
}
