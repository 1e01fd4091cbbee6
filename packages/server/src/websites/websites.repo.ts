/**
 * Queries of websites (their pages' are website-pages.repo.ts, offered here too); rows become
 * contract types here. Every query filters by institution (docs/architecture.md#tenancy-and-auth).
 */
import type {
  Website,
  WebsiteFailureReason,
  WebsiteOwnerCheck,
  WebsiteSchedule,
} from '@conversa/contract/website';
import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { assistants, jobs } from '../db/schema';
import { websitePages, websites } from '../db/websites-schema';
import { websitePagesRepo } from './website-pages.repo';

export { type PageRow, type PageUpdate, toWebsitePage } from './website-pages.repo';

/** The job kind that crawls a site: a start (robots.txt, sitemaps, the frontier seeded) or a batch of pages. */
export const CRAWL_WEBSITE = 'crawl_website';
/** The job kind that checks a site's owner tag on its host's home page (owner-check.ts). */
export const CHECK_WEBSITE_OWNER = 'check_website_owner';
/** The job kinds of one site (deleted with it). */
const SITE_JOBS = [CRAWL_WEBSITE, CHECK_WEBSITE_OWNER];

/** What a done check of the owner tag found. */
export type OwnerCheckResult = Exclude<WebsiteOwnerCheck, 'checking'>;

export type WebsiteRow = typeof websites.$inferSelect;

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
    owner_token: row.ownerToken,
    owner_verified_at: row.ownerVerifiedAt?.toISOString() ?? null,
    owner_check: row.ownerCheck ?? null,
    owner_checked_at: row.ownerCheckedAt?.toISOString() ?? null,
  };
}

export interface NewWebsite {
  url: string;
  maxPages: number;
  include: string[];
  exclude: string[];
  schedule: WebsiteSchedule;
}

/** A site's crawl jobs still waiting in the queue (not running). */
const queuedCrawls = (institutionId: number, id: number) =>
  and(
    eq(jobs.institutionId, institutionId),
    eq(jobs.kind, CRAWL_WEBSITE),
    eq(jobs.state, 'queued'),
    sql`(${jobs.payload}->>'websiteId')::integer = ${id}`,
  );

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
    ...websitePagesRepo(db),
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
            // Nor while one is paused (it resumes by itself).
            notInArray(websites.state, ['crawling', 'paused']),
            // A scheduled start follows the crawl it was queued by, not one started since.
            from === undefined ? undefined : eq(websites.generation, from),
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Pauses a running crawl of this generation until `resumesAt` (its institution's or its host's
     * budget of the day is spent: `reason`): null when the crawl is no longer that one, or not running.
     */
    async pauseCrawl(
      institutionId: number,
      id: number,
      generation: number,
      { reason, resumesAt, now }: { reason: WebsiteFailureReason; resumesAt: Date; now: Date },
    ): Promise<WebsiteRow | null> {
      const [row] = await db
        .update(websites)
        .set({ state: 'paused', reason, nextSyncAt: resumesAt, updatedAt: now })
        .where(
          and(
            eq(websites.institutionId, institutionId),
            eq(websites.id, id),
            eq(websites.generation, generation),
            eq(websites.state, 'crawling'),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Resumes a paused crawl of this generation: null when it is not paused (any more). */
    async resumeCrawl(
      institutionId: number,
      id: number,
      generation: number,
      now: Date,
    ): Promise<WebsiteRow | null> {
      const [row] = await db
        .update(websites)
        .set({ state: 'crawling', reason: null, updatedAt: now })
        .where(
          and(
            eq(websites.institutionId, institutionId),
            eq(websites.id, id),
            eq(websites.generation, generation),
            eq(websites.state, 'paused'),
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

    /**
     * Marks a check of the site's owner tag as asked for (`checking`): `asked` false when one is
     * under way already (nothing to queue); null when the site is not this assistant's.
     */
    async askOwnerCheck(
      institutionId: number,
      assistantId: number,
      id: number,
      now: Date,
    ): Promise<{ row: WebsiteRow; asked: boolean } | null> {
      const where = and(ofAssistant(institutionId, assistantId), eq(websites.id, id));
      const [row] = await db
        .update(websites)
        .set({ ownerCheck: 'checking', ownerCheckedAt: now })
        .where(and(where, sql`${websites.ownerCheck} is distinct from 'checking'`))
        .returning();
      if (row) return { row, asked: true };
      const [current] = await db.select().from(websites).where(where).limit(1);
      return current ? { row: current, asked: false } : null;
    },

    /**
     * Records what a check of the owner tag found: `verified` makes (or keeps) the institution the
     * site's verified owner, `tag_missing` ends it; a home page that could not be read, or a spent
     * budget, leaves it as it was. Null when the site is gone.
     */
    async recordOwnerCheck(
      institutionId: number,
      id: number,
      result: OwnerCheckResult,
      now: Date,
    ): Promise<WebsiteRow | null> {
      const verifiedAt =
        result === 'verified'
          ? sql`coalesce(${websites.ownerVerifiedAt}, ${now.toISOString()}::timestamptz)`
          : result === 'tag_missing'
            ? null
            : sql`${websites.ownerVerifiedAt}`;
      const [row] = await db
        .update(websites)
        .set({ ownerCheck: result, ownerCheckedAt: now, ownerVerifiedAt: verifiedAt })
        .where(and(eq(websites.institutionId, institutionId), eq(websites.id, id)))
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
            inArray(jobs.kind, SITE_JOBS),
            inArray(sql`(${jobs.payload}->>'websiteId')::integer`, unique),
          ),
        );
      await db
        .delete(websites)
        .where(and(ofAssistant(institutionId, assistantId), inArray(websites.id, unique)));
      return rows;
    },

    /** Makes a site's queued crawl jobs due now (a crawl its host's budget paused, its owner verified since). */
    async hurryQueuedCrawls(institutionId: number, id: number, now: Date): Promise<void> {
      await db.update(jobs).set({ runAt: now, updatedAt: now }).where(queuedCrawls(institutionId, id));
    },

    /** Drops a site's queued (not running) crawl jobs: the scheduled next sync before another is queued. */
    async dropQueuedCrawls(institutionId: number, id: number): Promise<void> {
      await db.delete(jobs).where(queuedCrawls(institutionId, id));
    },
  };
}
