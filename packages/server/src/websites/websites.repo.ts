/**
 * Queries of websites and their pages; rows become contract types here. Every query filters by
 * institution (docs/architecture.md#tenancy-and-auth). The crawl's frontier is the pages table
 * itself (db/websites-schema.ts), so a crawl survives a restart.
 */
import type {
  Website,
  WebsiteFailureReason,
  WebsitePage,
  WebsitePageState,
  WebsiteSchedule,
} from '@conversa/contract/website';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { assistants, jobs } from '../db/schema';
import { websitePages, websites } from '../db/websites-schema';

/** The job kind that crawls a site: a start (robots.txt, sitemaps, the frontier seeded) or a batch of pages. */
export const CRAWL_WEBSITE = 'crawl_website';

export type WebsiteRow = typeof websites.$inferSelect;
export type PageRow = typeof websitePages.$inferSelect;

/** A site as the API shows it, with its page counts. */
export function toWebsite(row: WebsiteRow, counts: { ready: number; failed: number }): Website {
  return {
    id: row.id,
    url: row.url,
    state: row.state,
    reason: row.reason ?? null,
    pages_ready: counts.ready,
    pages_failed: counts.failed,
    schedule: row.schedule,
    include: row.include,
    exclude: row.exclude,
    max_pages: row.maxPages,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    next_sync_at: row.nextSyncAt?.toISOString() ?? null,
  };
}

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

export interface NewWebsite {
  url: string;
  maxPages: number;
  include: string[];
  exclude: string[];
  schedule: WebsiteSchedule;
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

/** The website queries of one database. */
export function websitesRepo(db: DbOrTx) {
  const ofAssistant = (institutionId: number, assistantId: number) =>
    and(eq(websites.institutionId, institutionId), eq(websites.assistantId, assistantId));

  const countsOf = async (ids: number[]) => {
    const counts = new Map<number, { ready: number; failed: number }>();
    for (const id of ids) counts.set(id, { ready: 0, failed: 0 });
    if (ids.length === 0) return counts;
    const rows = await db
      .select({ websiteId: websitePages.websiteId, state: websitePages.state, n: count() })
      .from(websitePages)
      .where(and(inArray(websitePages.websiteId, ids), inArray(websitePages.state, ['ready', 'failed'])))
      .groupBy(websitePages.websiteId, websitePages.state);
    for (const row of rows) {
      const entry = counts.get(row.websiteId)!;
      if (row.state === 'ready') entry.ready = Number(row.n);
      else entry.failed = Number(row.n);
    }
    return counts;
  };

  const withCounts = async (rows: WebsiteRow[]) => {
    const counts = await countsOf(rows.map((row) => row.id));
    return rows.map((row) => toWebsite(row, counts.get(row.id)!));
  };

  return {
    withCounts,

    /** An assistant's sites, newest first. */
    async list(institutionId: number, assistantId: number): Promise<Website[]> {
      const rows = await db
        .select()
        .from(websites)
        .where(ofAssistant(institutionId, assistantId))
        .orderBy(desc(websites.id));
      return withCounts(rows);
    },

    /** One site of an assistant; null when it is not this assistant's. */
    async find(institutionId: number, assistantId: number, id: number): Promise<WebsiteRow | null> {
      const [row] = await db
        .select()
        .from(websites)
        .where(and(ofAssistant(institutionId, assistantId), eq(websites.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** One site by id (the job's view: any assistant of the institution). */
    async findForJob(institutionId: number, id: number): Promise<WebsiteRow | null> {
      const [row] = await db
        .select()
        .from(websites)
        .where(and(eq(websites.institutionId, institutionId), eq(websites.id, id)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Adds a site under a lock on the assistant row (run it in the transaction that queues its
     * crawl): the same address again answers the site already there (`created: false`); past
     * `maxSites` (or an unknown assistant) nothing is written.
     */
    async create(
      institutionId: number,
      assistantId: number,
      site: NewWebsite,
      now: Date,
      maxSites: number,
    ): Promise<
      { ok: true; row: WebsiteRow; created: boolean } | { ok: false; reason: 'not_found' | 'too_many' }
    > {
      const locked = await db
        .select({ id: assistants.id })
        .from(assistants)
        .where(and(eq(assistants.institutionId, institutionId), eq(assistants.id, assistantId)))
        .for('update');
      if (locked.length === 0) return { ok: false, reason: 'not_found' };
      const existing = await db.select().from(websites).where(ofAssistant(institutionId, assistantId));
      const same = existing.find((row) => row.url === site.url);
      if (same) return { ok: true, row: same, created: false };
      if (existing.length >= maxSites) return { ok: false, reason: 'too_many' };
      const [row] = await db
        .insert(websites)
        .values({
          institutionId,
          assistantId,
          ...site,
          state: 'crawling',
          generation: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return { ok: true, row: row!, created: true };
    },

    /** Changes a site's settings; null when it is not this assistant's. */
    async update(
      institutionId: number,
      assistantId: number,
      id: number,
      set: Partial<Pick<WebsiteRow, 'maxPages' | 'include' | 'exclude' | 'schedule' | 'nextSyncAt'>>,
      now: Date,
    ): Promise<WebsiteRow | null> {
      const [row] = await db
        .update(websites)
        .set({ ...set, updatedAt: now })
        .where(and(ofAssistant(institutionId, assistantId), eq(websites.id, id)))
        .returning();
      return row ?? null;
    },

    /**
     * Starts the site's next crawl (a new generation), unless one is under way (or, given `from`,
     * the site's crawl is no longer that one): null then, or when the site is gone. One conditional UPDATE, so two starts at once make one crawl.
     */
    async startCrawl(
      institutionId: number,
      id: number,
      now: Date,
      from?: number,
    ): Promise<WebsiteRow | null> {
      const [row] = await db
        .update(websites)
        .set({
          state: 'crawling',
          reason: null,
          generation: sql`${websites.generation} + 1`,
          updatedAt: now,
        })
        .where(
          and(
            eq(websites.institutionId, institutionId),
            eq(websites.id, id),
            sql`${websites.state} <> 'crawling'`,
            // A scheduled start follows the crawl it was queued by, not one started since.
            from === undefined ? undefined : eq(websites.generation, from),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Records the end of a crawl (only of the generation that ran: a newer one leaves it be). */
    async finishCrawl(
      institutionId: number,
      id: number,
      generation: number,
      outcome: { state: 'ready' | 'failed'; reason: WebsiteFailureReason | null; nextSyncAt: Date | null },
      now: Date,
    ): Promise<WebsiteRow | null> {
      const [row] = await db
        .update(websites)
        .set({ ...outcome, lastSyncedAt: now, updatedAt: now })
        .where(
          and(
            eq(websites.institutionId, institutionId),
            eq(websites.id, id),
            eq(websites.generation, generation),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Keeps the robots.txt read at a crawl's start (null: the site has none). */
    async saveRobots(institutionId: number, id: number, robots: string | null, now: Date): Promise<void> {
      await db
        .update(websites)
        .set({ robots, robotsFetchedAt: now })
        .where(and(eq(websites.institutionId, institutionId), eq(websites.id, id)));
    },

    /**
     * Deletes sites of an assistant with their pages and passages (cascade) and their jobs. All or
     * nothing: when any id is not a site of this assistant, nothing is deleted and null is returned.
     */
    async remove(institutionId: number, assistantId: number, ids: number[]): Promise<WebsiteRow[] | null> {
      const unique = [...new Set(ids)];
      const rows = await db
        .select()
        .from(websites)
        .where(and(ofAssistant(institutionId, assistantId), inArray(websites.id, unique)))
        .for('update');
      if (rows.length !== unique.length) return null;
      await db
        .delete(jobs)
        .where(
          and(
            eq(jobs.institutionId, institutionId),
            eq(jobs.kind, CRAWL_WEBSITE),
            inArray(sql`(${jobs.payload}->>'websiteId')::integer`, unique),
          ),
        );
      await db
        .delete(websites)
        .where(and(ofAssistant(institutionId, assistantId), inArray(websites.id, unique)));
      return rows;
    },

    /** Drops a site's queued (not running) crawl jobs: the scheduled next sync before another is queued. */
    async dropQueuedCrawls(institutionId: number, id: number): Promise<void> {
      await db
        .delete(jobs)
        .where(
          and(
            eq(jobs.institutionId, institutionId),
            eq(jobs.kind, CRAWL_WEBSITE),
            eq(jobs.state, 'queued'),
            sql`(${jobs.payload}->>'websiteId')::integer = ${id}`,
          ),
        );
    },

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
     * generation count, and addresses beyond the budget are left out. Answers how many were added.
     */
    async enqueuePages(
      site: Pick<WebsiteRow, 'id' | 'institutionId' | 'assistantId' | 'generation' | 'maxPages'>,
      entries: { url: string; depth: number; state?: WebsitePageState; reason?: WebsiteFailureReason }[],
      now: Date,
    ): Promise<number> {
      if (entries.length === 0) return 0;
      const [seen] = await db
        .select({ n: count() })
        .from(websitePages)
        .where(and(eq(websitePages.websiteId, site.id), eq(websitePages.seenGeneration, site.generation)));
      const room = site.maxPages - Number(seen?.n ?? 0);
      if (room <= 0) return 0;
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
      const fresh = urls.filter((entry) => !skip.has(entry.url)).slice(0, room);
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

    /** Whether the site's crawl still has pages to visit. */
    async frontierLeft(site: Pick<WebsiteRow, 'id' | 'generation'>): Promise<boolean> {
      return (await this.frontier(site, 1)).length > 0;
    },
  };
}
