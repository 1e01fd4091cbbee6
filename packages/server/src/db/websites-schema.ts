/**
 * The websites an assistant learns from and their pages (docs/architecture.md#websites). A site's
 * crawl is numbered (`generation`); a page is on the crawl's frontier while it was seen in the
 * current generation and not yet visited in it, so a crawl resumes from the table after a restart
 * and never visits a page twice. A page's passages are knowledge chunks with its `page_id`
 * (deleted with it: the foreign key is hand-written in the migration, since `schema.ts` cannot
 * import this file back).
 */
import type {
  WebsiteFailureReason,
  WebsiteOwnerCheck,
  WebsitePageState,
  WebsiteSchedule,
  WebsiteState,
} from '@conversa/contract/website';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assistantRef, createdAt, institutionRef, updatedAt } from './schema';

export const websites = pgTable(
  'websites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    /** The address given (a site, or a sitemap), normalised. */
    url: text('url').notNull(),
    maxPages: integer('max_pages').notNull(),
    include: jsonb('include').$type<string[]>().notNull().default([]),
    exclude: jsonb('exclude').$type<string[]>().notNull().default([]),
    schedule: text('schedule').$type<WebsiteSchedule>().notNull(),
    state: text('state').$type<WebsiteState>().notNull(),
    reason: text('reason').$type<WebsiteFailureReason>(),
    /** The crawl under way or last done, from 1. */
    generation: integer('generation').notNull().default(1),
    /** robots.txt as last read (null: none, or not read yet) and when. */
    robots: text('robots'),
    robotsFetchedAt: timestamp('robots_fetched_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /** The owner tag's content (WEBSITE_OWNER_META): random, the site's own. */
    ownerToken: text('owner_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Since when the institution is the verified owner of the site's host; null: not verified. */
    ownerVerifiedAt: timestamp('owner_verified_at', { withTimezone: true }),
    /** The owner tag's last check and when it was asked for or done. */
    ownerCheck: text('owner_check').$type<WebsiteOwnerCheck>(),
    ownerCheckedAt: timestamp('owner_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('websites_product_idx').on(t.institutionId, t.assistantId, t.id),
    uniqueIndex('websites_product_url_idx').on(t.assistantId, t.url),
  ],
);

export const websitePages = pgTable(
  'website_pages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Normalised: no fragment, the host lower-cased. */
    url: text('url').notNull(),
    title: text('title'),
    state: text('state').$type<WebsitePageState>().notNull(),
    reason: text('reason').$type<WebsiteFailureReason>(),
    /** `html` or a document type (`pdf`, `docx`) once fetched. */
    kind: text('kind'),
    /** Breadth-first order: links of depth n are visited before those of depth n + 1. */
    depth: integer('depth').notNull(),
    /** The crawl that last put it on its frontier, and the one that last visited it. */
    seenGeneration: integer('seen_generation').notNull(),
    visitedGeneration: integer('visited_generation').notNull().default(0),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** SHA-256 of the text its passages were made from: the same text is not indexed again. */
    fingerprint: text('fingerprint'),
    passages: integer('passages').notNull().default(0),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('website_pages_url_idx').on(t.websiteId, t.url),
    index('website_pages_frontier_idx').on(t.websiteId, t.seenGeneration, t.visitedGeneration, t.depth, t.id),
    index('website_pages_product_idx').on(t.institutionId, t.assistantId, t.websiteId),
  ],
);

/**
 * The crawler's requests per institution and UTC day (WEBSITE_DAILY_PAGE_BUDGET): taken one at a
 * time by a conditional upsert, so processes crawling at once share one count. A day's row is
 * dropped once a later day's is written.
 */
export const crawlBudget = pgTable(
  'crawl_budget',
  {
    institutionId: institutionRef(),
    /** The UTC day, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    pages: integer('pages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.day] })],
);

/**
 * The crawler's requests of each host per UTC day, every institution's together (crawl-budget.repo.ts):
 * what one site receives from us is bounded however many institutions list it.
 */
export const crawlHostBudget = pgTable(
  'crawl_host_budget',
  {
    /** The host and port, lower-cased (`URL.host`). */
    host: text('host').notNull(),
    /** The UTC day, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    pages: integer('pages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.host, t.day] })],
);

/**
 * When the crawler may next ask a host that set a `Crawl-delay` (host-pacer.ts): each request takes
 * the next slot with one upsert, so processes crawling one host at once keep to its delay together.
 */
export const crawlHosts = pgTable('crawl_hosts', {
  /** The host and port, lower-cased (`URL.host`). */
  host: text('host').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/**
 * The crawler's requests in flight to each host, every process's together (host-pacer.ts): a request
 * holds one of WEBSITE_HOST_REQUESTS_AT_ONCE slots of its host until it ends, or until `heldUntil`
 * (a process that stopped holding one frees it then).
 */
export const crawlHostSlots = pgTable(
  'crawl_host_slots',
  {
    /** The host and port, lower-cased (`URL.host`). */
    host: text('host').notNull(),
    slot: smallint('slot').notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    /** Who holds it (a random id per hold): a hold that ran out and was taken is not freed by its first holder. */
    holder: text('holder').notNull(),
  },
  (t) => [primaryKey({ columns: [t.host, t.slot] })],
);
