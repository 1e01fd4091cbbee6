/**
 * The websites an assistant learns from and their pages (docs/architecture.md#websites): the list
 * items, the bodies that add, change and remove sites, the reasons a person can act on, and the
 * server-sent events the console follows.
 */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import {
  WEBSITE_DEFAULT_PAGES,
  WEBSITE_MAX_PAGES,
  WEBSITE_MAX_PATTERNS,
  WEBSITE_PATTERN_MAX_LENGTH,
} from './constants';
import { idsBodySchema } from './fields';

/** How often a site is crawled again: never (only "Sync now"), daily, weekly or monthly. */
export const WEBSITE_SCHEDULES = ['never', 'daily', 'weekly', 'monthly'] as const;
export type WebsiteSchedule = (typeof WEBSITE_SCHEDULES)[number];
export const WEBSITE_DEFAULT_SCHEDULE: WebsiteSchedule = 'weekly';

/**
 * A site: being crawled, its crawl paused until `next_sync_at` (its institution's pages for the
 * day are spent, reason `page_budget`, or its host's, `host_budget`), its last crawl done, or its crawl could not start (see its
 * reason).
 */
export const WEBSITE_STATES = ['crawling', 'paused', 'ready', 'failed'] as const;
export type WebsiteState = (typeof WEBSITE_STATES)[number];
/** Whether a site's crawl is under way (running or paused): "Sync now" has nothing to start. */
export const crawlUnderWay = (state: WebsiteState): boolean => state === 'crawling' || state === 'paused';

/** A page: being read, read and indexed, unreadable (see its reason), or left out on purpose. */
export const WEBSITE_PAGE_STATES = ['processing', 'ready', 'failed', 'skipped'] as const;
export type WebsitePageState = (typeof WEBSITE_PAGE_STATES)[number];

/**
 * Why a page (or a whole site) was not read, each with its own translated text in the console:
 * - `blocked_by_robots`: the site's robots.txt forbids our crawler this address;
 * - `not_found`: the site answers 404 or 410 (a page gone leaves the knowledge);
 * - `not_html`: neither a web page nor a PDF or DOCX document;
 * - `too_large`: larger than the limit per page;
 * - `timed_out`: it took longer than the limit per page;
 * - `redirected_off_site`: it redirects to another site;
 * - `no_text`: it has no text to learn from;
 * - `unreachable`: the site did not answer, or answered with an error;
 * - `url_not_allowed`: it leads to an address the server may not visit (a private network);
 * - `duplicate`: the same text as another page of the site (learnt once, from that page);
 * - `no_pages`: (a site) not one page could be read;
 * - `page_budget`: (a paused site) its institution's pages for the day (WEBSITE_DAILY_PAGE_BUDGET)
 *   are spent; the crawl resumes at `next_sync_at`;
 * - `host_budget`: (a paused site) the requests every institution may make of its host in a day
 *   (WEBSITE_HOST_DAILY_PAGE_BUDGET) are spent; the crawl resumes at `next_sync_at`;
 * - `too_complex`: reading the page took too long or too much memory (a page built to stall the
 *   reader): the last good passages are kept.
 */
export const WEBSITE_FAILURE_REASONS = [
  'blocked_by_robots',
  'not_found',
  'not_html',
  'too_large',
  'timed_out',
  'redirected_off_site',
  'no_text',
  'unreachable',
  'url_not_allowed',
  'duplicate',
  'no_pages',
  'page_budget',
  'host_budget',
  'too_complex',
] as const;
export type WebsiteFailureReason = (typeof WEBSITE_FAILURE_REASONS)[number];

/**
 * The last check of a site's owner tag (`<meta name="conversa-site-verification">` on its host's
 * home page, WEBSITE_OWNER_META): under way, found (`verified`), not there (`tag_missing`), the home
 * page could not be read (`unreachable`), or the institution's requests of the day are spent
 * (`page_budget`).
 */
export const WEBSITE_OWNER_CHECKS = [
  'checking',
  'verified',
  'tag_missing',
  'unreachable',
  'page_budget',
] as const;
export type WebsiteOwnerCheck = (typeof WEBSITE_OWNER_CHECKS)[number];

/** `GET/POST institution-product/{id}/website` item. */
export const WebsiteSchema = v.object({
  id: v.number(),
  url: v.string(),
  state: v.picklist(WEBSITE_STATES),
  reason: v.nullable(v.picklist(WEBSITE_FAILURE_REASONS)),
  pages_ready: v.number(),
  pages_failed: v.number(),
  schedule: v.picklist(WEBSITE_SCHEDULES),
  include: v.array(v.string()),
  exclude: v.array(v.string()),
  max_pages: v.number(),
  last_synced_at: v.nullable(v.string()),
  /** The next scheduled crawl; while `paused`, when the crawl resumes. */
  next_sync_at: v.nullable(v.string()),
  /** The content of the owner tag that proves the site is the institution's (WEBSITE_OWNER_META). */
  owner_token: v.string(),
  /**
   * Since when the institution is the site's verified owner (checked again at each crawl's start;
   * a tag taken away ends it): its crawls of the site's host are never held back by the host's
   * daily budget. Null: not verified.
   */
  owner_verified_at: v.nullable(v.string()),
  /** The last check of the owner tag, and when it was asked for or done; null: never checked. */
  owner_check: v.nullable(v.picklist(WEBSITE_OWNER_CHECKS)),
  owner_checked_at: v.nullable(v.string()),
});
export type Website = v.InferOutput<typeof WebsiteSchema>;

/** `GET institution-product/{id}/website/{siteId}/page` item. */
export const WebsitePageSchema = v.object({
  id: v.number(),
  url: v.string(),
  title: v.nullable(v.string()),
  state: v.picklist(WEBSITE_PAGE_STATES),
  reason: v.nullable(v.picklist(WEBSITE_FAILURE_REASONS)),
  /** When it was last fetched (whether it changed or not). */
  fetched_at: v.nullable(v.string()),
  /** When its content last changed (its passages were written). */
  changed_at: v.nullable(v.string()),
  /** Passages learnt from it (a failing page keeps its last good ones). */
  passages: v.number(),
});
export type WebsitePage = v.InferOutput<typeof WebsitePageSchema>;

/**
 * An http(s) address to crawl (a site, or a sitemap); a bare host like `school.edu` gets
 * `https://`. Schemes other than http(s), credentials and private addresses are refused by the
 * server with 400 `url_not_allowed`.
 */
export const CrawlUrlSchema = v.pipe(
  v.string(C.invalidUrl),
  v.trim(),
  v.nonEmpty(C.required),
  v.maxLength(2048, C.tooLong),
  v.transform((s) => (/^[a-z][a-z0-9+.-]*:/i.test(s) && !/^[^:/]+:\d+(\/|$)/.test(s) ? s : `https://${s}`)),
  v.check((s) => URL.canParse(s), C.invalidUrl),
);

/**
 * A path pattern, as robots.txt writes them: it matches the paths (with their query) that start
 * with it; `*` stands for any characters and a final `$` anchors the end (`/admissions/`,
 * `/*.pdf$`).
 */
export const PathPatternSchema = v.pipe(
  v.string(C.invalidValue),
  v.trim(),
  v.startsWith('/', C.invalidValue),
  v.maxLength(WEBSITE_PATTERN_MAX_LENGTH, C.tooLong),
);
const PatternsSchema = v.pipe(
  v.array(PathPatternSchema, C.invalidValue),
  v.maxLength(WEBSITE_MAX_PATTERNS, C.tooLong),
);
const MaxPagesSchema = v.pipe(
  v.number(C.invalidNumber),
  v.integer(C.invalidNumber),
  v.minValue(1, C.invalidNumber),
  v.maxValue(WEBSITE_MAX_PAGES, C.invalidNumber),
);
const ScheduleSchema = v.picklist(WEBSITE_SCHEDULES, C.invalidOption);

/** `POST institution-product/{id}/website` body: adds a site (or a sitemap's address) and starts its crawl. */
export const CreateWebsiteBodySchema = v.object({
  url: CrawlUrlSchema,
  max_pages: v.optional(MaxPagesSchema, WEBSITE_DEFAULT_PAGES),
  include: v.optional(PatternsSchema, []),
  exclude: v.optional(PatternsSchema, []),
  schedule: v.optional(ScheduleSchema, WEBSITE_DEFAULT_SCHEDULE),
});
export type CreateWebsiteBody = v.InferInput<typeof CreateWebsiteBodySchema>;

/** `PUT institution-product/{id}/website/{siteId}` body: the settings to change (the rest stay). */
export const UpdateWebsiteBodySchema = v.object({
  max_pages: v.optional(MaxPagesSchema),
  include: v.optional(PatternsSchema),
  exclude: v.optional(PatternsSchema),
  schedule: v.optional(ScheduleSchema),
});
export type UpdateWebsiteBody = v.InferInput<typeof UpdateWebsiteBodySchema>;

/** `POST institution-product/{id}/website/delete` body. */
export const DeleteWebsitesBodySchema = idsBodySchema(
  v.pipe(v.number(C.invalidValue), v.integer(C.invalidValue), v.minValue(1, C.invalidValue)),
);
export type DeleteWebsitesBody = v.InferOutput<typeof DeleteWebsitesBodySchema>;

/**
 * `GET institution-product/{id}/events`: `event: website` with a Website whenever a site is added,
 * changes (state, counts) or is deleted (`deleted: true`).
 */
export const WebsiteEventSchema = v.object({
  ...WebsiteSchema.entries,
  deleted: v.optional(v.boolean()),
});
export type WebsiteEvent = v.InferOutput<typeof WebsiteEventSchema>;
export const WEBSITE_EVENT = 'website';

/**
 * `event: website_page` with a WebsitePage and its site's id whenever a page changes state, or
 * leaves the site (`deleted: true`: out of its patterns or its page budget now).
 */
export const WebsitePageEventSchema = v.object({
  ...WebsitePageSchema.entries,
  website_id: v.number(),
  deleted: v.optional(v.boolean()),
});
export type WebsitePageEvent = v.InferOutput<typeof WebsitePageEventSchema>;
export const WEBSITE_PAGE_EVENT = 'website_page';
