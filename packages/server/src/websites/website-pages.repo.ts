/**
 * Queries of a site's pages; rows become contract types here. The crawl's frontier is the pages
 * table itself (db/websites-schema.ts), so a crawl survives a restart. A page is reached through
 * its site, which websites.repo.ts finds within the institution first.
 */
import type { WebsiteFailureReason, WebsitePage, WebsitePageState } from '@conversa/contract/website';
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { websitePages, type websites } from '../db/websites-schema';

export type PageRow = typeof websitePages.$inferSelect;
type WebsiteRow = typeof websites.$inferSelect;

/** A page as the API shows it. */
export function toWebsitePage(row: PageRow): WebsitePage {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    state: row.state,
    reason: row.reason ?? null,
    fetched_at: row.fetchedAt?.toISOString() ?? null,
    changed_at: row.changedAt?.toISOString() ?? null,
    passages: row.passages,
  };
}

/** What a visit to a page found (the crawl job's outcome of one page). */
export type PageUpdate = Partial<
  Pick<
    PageRow,
    | 'title'
    | 'state'
    | 'reason'
    | 'kind'
    | 'etag'
    | 'lastModified'
    | 'fingerprint'
    | 'passages'
    | 'fetchedAt'
    | 'changedAt'
  >
>;

/** The page queries of one database. */
export function websitePagesRepo(db: DbOrTx) {
  return {
    /** A page of a site's pages, in crawl order. */
    async pages(
      websiteId: number,
      page: number,
      perPage: number,
    ): Promise<{ items: WebsitePage[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(websitePages)
          .where(eq(websitePages.websiteId, websiteId))
          .orderBy(asc(websitePages.depth), asc(websitePages.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(websitePages).where(eq(websitePages.websiteId, websiteId)),
      ]);
      return { items: rows.map(toWebsitePage), total: Number(total?.n ?? 0) };
    },

    /**
     * Puts addresses on a crawl's frontier: new ones as `processing` pages, known ones seen again
     * (their state kept until visited). Within the crawl's page budget: pages already seen in this
     * generation count, and addresses beyond the budget are left out. Addresses robots.txt forbids
     * are never fetched, so they take none of it; they are kept (to show why) up to as many again.
     * Answers how many were added.
     */
    async enqueuePages(
      site: Pick<WebsiteRow, 'id' | 'institutionId' | 'assistantId' | 'generation' | 'maxPages'>,
      entries: { url: string; depth: number; state?: WebsitePageState; reason?: WebsiteFailureReason }[],
      now: Date,
    ): Promise<number> {
      if (entries.length === 0) return 0;
      const isBlocked = sql`${websitePages.reason} = 'blocked_by_robots'`;
      const [seen] = await db
        .select({
          pages: sql<number>`count(*) filter (where not coalesce(${isBlocked}, false))`,
          blocked: sql<number>`count(*) filter (where ${isBlocked})`,
        })
        .from(websitePages)
        .where(and(eq(websitePages.websiteId, site.id), eq(websitePages.seenGeneration, site.generation)));
      const room = site.maxPages - Number(seen?.pages ?? 0);
      const blockedRoom = site.maxPages - Number(seen?.blocked ?? 0);
      if (room <= 0 && blockedRoom <= 0) return 0;
      const urls = [...new Map(entries.map((entry) => [entry.url, entry])).values()];
      // Addresses already on this frontier take no room.
      const already = await db
        .select({ url: websitePages.url })
        .from(websitePages)
        .where(
          and(
            eq(websitePages.websiteId, site.id),
            eq(websitePages.seenGeneration, site.generation),
            inArray(
              websitePages.url,
              urls.map((entry) => entry.url),
            ),
          ),
        );
      const skip = new Set(already.map((row) => row.url));
      const unseen = urls.filter((entry) => !skip.has(entry.url));
      const blocked = (entry: { reason?: WebsiteFailureReason }) => entry.reason === 'blocked_by_robots';
      const fresh = [
        ...unseen.filter((entry) => !blocked(entry)).slice(0, Math.max(0, room)),
        ...unseen.filter(blocked).slice(0, Math.max(0, blockedRoom)),
      ];
      if (fresh.length === 0) return 0;
      await db
        .insert(websitePages)
        .values(
          fresh.map((entry) => ({
            institutionId: site.institutionId,
            assistantId: site.assistantId,
            websiteId: site.id,
            url: entry.url,
            depth: entry.depth,
            state: entry.state ?? 'processing',
            reason: entry.reason ?? null,
            seenGeneration: site.generation,
            // A page left out on purpose (robots.txt) is not visited.
            visitedGeneration: entry.state === 'skipped' ? site.generation : 0,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [websitePages.websiteId, websitePages.url],
          set: {
            seenGeneration: site.generation,
            depth: sql`least(${websitePages.depth}, excluded.depth)`,
            updatedAt: now,
          },
        });
      return fresh.length;
    },

    /**
     * The known pages of a site, in crawl order: a new crawl checks them all again (a page whose
     * links did not change answers 304 and shows none, so they are not found again by following).
     */
    async knownUrls(websiteId: number): Promise<{ url: string; depth: number }[]> {
      return db
        .select({ url: websitePages.url, depth: websitePages.depth })
        .from(websitePages)
        .where(eq(websitePages.websiteId, websiteId))
        .orderBy(asc(websitePages.depth), asc(websitePages.id));
    },

    /**
     * Deletes pages with their passages (cascade): one out of the site's patterns now, or those a
     * finished crawl did not reach within its page budget (`unseenBy`). Answers the rows deleted.
     */
    async removePages(
      site: Pick<WebsiteRow, 'id'>,
      which: { pageId: number } | { unseenBy: number },
    ): Promise<PageRow[]> {
      return db
        .delete(websitePages)
        .where(
          and(
            eq(websitePages.websiteId, site.id),
            'pageId' in which
              ? eq(websitePages.id, which.pageId)
              : lt(websitePages.seenGeneration, which.unseenBy),
          ),
        )
        .returning();
    },

    /** The next pages of a crawl's frontier, breadth first. */
    async frontier(site: Pick<WebsiteRow, 'id' | 'generation'>, limit: number): Promise<PageRow[]> {
      return db
        .select()
        .from(websitePages)
        .where(
          and(
            eq(websitePages.websiteId, site.id),
            eq(websitePages.seenGeneration, site.generation),
            lt(websitePages.visitedGeneration, site.generation),
          ),
        )
        .orderBy(asc(websitePages.depth), asc(websitePages.id))
        .limit(limit);
    },

    /** A site's page by its address. */
    async pageByUrl(websiteId: number, url: string): Promise<PageRow | null> {
      const [row] = await db
        .select()
        .from(websitePages)
        .where(and(eq(websitePages.websiteId, websiteId), eq(websitePages.url, url)))
        .limit(1);
      return row ?? null;
    },

    /** Another page of the site already holding this text (a duplicate is not indexed twice). */
    async sameText(websiteId: number, pageId: number, fingerprint: string): Promise<boolean> {
      const [row] = await db
        .select({ id: websitePages.id })
        .from(websitePages)
        .where(
          and(
            eq(websitePages.websiteId, websiteId),
            eq(websitePages.fingerprint, fingerprint),
            sql`${websitePages.id} <> ${pageId}`,
            sql`${websitePages.passages} > 0`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Records a visit to a page in a crawl; null when the page is gone (its site deleted). */
    async visit(pageId: number, generation: number, update: PageUpdate, now: Date): Promise<PageRow | null> {
      const [row] = await db
        .update(websitePages)
        .set({ ...update, visitedGeneration: generation, updatedAt: now })
        .where(eq(websitePages.id, pageId))
        .returning();
      return row ?? null;
    },
  };
}
