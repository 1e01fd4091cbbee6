/**
 * The rules of an assistant's websites (docs/architecture.md#websites): adding one (its address
 * checked against SSRF before anything is stored), changing its settings and schedule, crawling
 * it again now, removing sites with what was learnt from them. Each change that starts a crawl
 * queues its first job in the same transaction; the console hears of every change on the
 * assistant's event stream.
 */
import { WEBSITE_MAX_SITES } from '@conversa/contract/constants';
import type { Locale } from '@conversa/contract/constants';
import {
  crawlUnderWay,
  type CreateWebsiteBody,
  type UpdateWebsiteBody,
  type Website,
  type WebsiteEvent,
  type WebsitePage,
  type WebsitePageEvent,
  type WebsiteSchedule,
} from '@conversa/contract/website';
import type { AuditEvent } from '../audit/audit.service';
import type { AppDeps } from '../deps';
import type { EventBus } from '../events/event-bus';
import { websitePageTopic, websiteTopic } from '../events/topics';
import { ApiError, notFound, quotaExceeded } from '../http/errors';
import { translate } from '../i18n/translate';
import { enqueue } from '../jobs/queue';
import { bumpKnowledgeVersion } from '../knowledge';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { websiteChangeLimit } from '../rate-limit/limits';
import { checkCrawlUrl, isUrlNotAllowed } from './url-guard';
import {
  CHECK_WEBSITE_OWNER,
  CRAWL_WEBSITE,
  toWebsite,
  type WebsiteRow,
  websitesRepo,
} from './websites.repo';

const DAY_MS = 24 * 60 * 60_000;
/** How long after a crawl the next one is due, by schedule; `never`: only on demand. */
const SCHEDULE_MS: Record<WebsiteSchedule, number | null> = {
  never: null,
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
  monthly: 30 * DAY_MS,
};

/** When a site crawled at `from` is due again (null: never). */
export function nextSyncAt(schedule: WebsiteSchedule, from: Date): Date | null {
  const ms = SCHEDULE_MS[schedule];
  return ms === null ? null : new Date(from.getTime() + ms);
}

/** A crawl job's payload: its site, the crawl (generation), and whether it starts it. */
export interface CrawlPayload {
  institutionId: number;
  websiteId: number;
  generation: number;
  /** The crawl's first job: robots.txt and sitemaps read, the frontier seeded. */
  start?: boolean;
  /** Queued by the schedule: it starts the crawl (generation) itself, unless one runs. */
  scheduled?: boolean;
}

/** Tells the assistant's listeners (the console's SSE streams) about a site. */
export function publishWebsite(events: EventBus, assistantId: number, site: Website, deleted = false): void {
  const event: WebsiteEvent = deleted ? { ...site, deleted: true } : site;
  events.publish(websiteTopic(assistantId), event);
}

/** Tells them about a page of a site. */
export function publishWebsitePage(
  events: EventBus,
  assistantId: number,
  websiteId: number,
  page: WebsitePage,
  deleted = false,
): void {
  const event: WebsitePageEvent = deleted
    ? { ...page, website_id: websiteId, deleted: true }
    : { ...page, website_id: websiteId };
  events.publish(websitePageTopic(assistantId), event);
}

/** The audit event of a removal of websites. */
export const deletedWebsites = (
  { institutionId, assistantId }: { institutionId: number; assistantId: number },
  removed: WebsiteRow[],
): Omit<AuditEvent, 'userId' | 'ip'> => ({
  action: 'deleted',
  institutionId,
  detail: {
    what: 'website',
    assistant_id: assistantId,
    ids: removed.map((site) => site.id),
    urls: removed.map((site) => site.url),
  },
});

/** The 400 of an address the crawler may not visit, on the `url` field. */
export function urlNotAllowed(locale: Locale): ApiError {
  return new ApiError(400, 'url_not_allowed', {
    issues: [{ path: 'url', code: 'url_not_allowed', message: translate(locale, 'url_not_allowed') }],
  });
}

/** An address as the crawler keeps it: no fragment, the host lower-cased, a bare host with `/`. */
export function normalUrl(raw: string | URL): string {
  const url = new URL(raw);
  url.hash = '';
  return url.href;
}

/** The website rules of the app. */
export function websitesService(deps: AppDeps) {
  const repo = websitesRepo(deps.database.db);
  const { events, clock } = deps;

  const publish = async (row: WebsiteRow) => {
    const [site] = await repo.withCounts([row]);
    publishWebsite(events, row.assistantId, site!);
    return site!;
  };

  return {
    list: (institutionId: number, assistantId: number) => repo.list(institutionId, assistantId),

    /** Adds a site and queues its crawl; the same address again answers the site already there. */
    async add(
      locale: Locale,
      institutionId: number,
      assistantId: number,
      body: Required<CreateWebsiteBody>,
    ): Promise<{ site: Website; created: boolean }> {
      let url: string;
      try {
        url = normalUrl(await checkCrawlUrl(body.url, { allowPrivate: deps.config.crawlAllowPrivate }));
      } catch (error) {
        if (isUrlNotAllowed(error)) throw urlNotAllowed(locale);
        throw error;
      }
      await takeLimits(deps, [websiteChangeLimit(institutionId)]);
      const now = clock.now();
      const result = await deps.database.db.transaction(async (tx) => {
        const created = await websitesRepo(tx).create(
          institutionId,
          assistantId,
          {
            url,
            maxPages: body.max_pages,
            include: body.include,
            exclude: body.exclude,
            schedule: body.schedule,
          },
          now,
          WEBSITE_MAX_SITES,
        );
        if (created.ok && created.created) {
          const payload: CrawlPayload = {
            institutionId,
            websiteId: created.row.id,
            generation: 1,
            start: true,
          };
          await enqueue(tx, CRAWL_WEBSITE, { ...payload }, now, { institutionId });
        }
        return created;
      });
      if (!result.ok) {
        throw result.reason === 'not_found' ? notFound() : quotaExceeded('website_quota', WEBSITE_MAX_SITES);
      }
      return { site: await publish(result.row), created: result.created };
    },

    /** Changes a site's settings; a new schedule moves its next crawl. */
    async update(
      institutionId: number,
      assistantId: number,
      id: number,
      body: UpdateWebsiteBody,
    ): Promise<Website> {
      const now = clock.now();
      const row = await deps.database.db.transaction(async (tx) => {
        const scoped = websitesRepo(tx);
        const site = await scoped.find(institutionId, assistantId, id);
        if (!site) return null;
        const schedule = body.schedule ?? site.schedule;
        const moved = schedule !== site.schedule;
        // A paused crawl's next_sync_at says when it resumes; its end sets the next one.
        const next =
          moved && site.lastSyncedAt && site.state !== 'paused'
            ? nextSyncAt(schedule, site.lastSyncedAt)
            : site.nextSyncAt;
        const updated = await scoped.update(
          institutionId,
          assistantId,
          id,
          {
            ...(body.max_pages === undefined ? {} : { maxPages: body.max_pages }),
            ...(body.include === undefined ? {} : { include: body.include }),
            ...(body.exclude === undefined ? {} : { exclude: body.exclude }),
            schedule,
            nextSyncAt: next,
          },
          now,
        );
        // The next scheduled crawl follows the new schedule (a crawl under way queues it when done).
        if (moved && !crawlUnderWay(site.state)) {
          await scoped.dropQueuedCrawls(institutionId, id);
          if (next) {
            const payload: CrawlPayload = {
              institutionId,
              websiteId: id,
              generation: site.generation + 1,
              start: true,
              scheduled: true,
            };
            await enqueue(tx, CRAWL_WEBSITE, { ...payload }, now, {
              institutionId,
              runAt: next < now ? now : next,
            });
          }
        }
        return updated;
      });
      if (!row) throw notFound();
      return publish(row);
    },

    /** Crawls a site again now; 409 `crawl_running` while a crawl of it runs. */
    async sync(institutionId: number, assistantId: number, id: number): Promise<Website> {
      const site = await repo.find(institutionId, assistantId, id);
      if (!site) throw notFound();
      if (crawlUnderWay(site.state)) throw new ApiError(409, 'crawl_running');
      await takeLimits(deps, [websiteChangeLimit(institutionId)]);
      const now = clock.now();
      const started = await deps.database.db.transaction(async (tx) => {
        const scoped = websitesRepo(tx);
        const row = await scoped.startCrawl(institutionId, id, now);
        if (!row) return null;
        await scoped.dropQueuedCrawls(institutionId, id);
        const payload: CrawlPayload = {
          institutionId,
          websiteId: id,
          generation: row.generation,
          start: true,
        };
        await enqueue(tx, CRAWL_WEBSITE, { ...payload }, now, { institutionId });
        return row;
      });
      if (!started) throw new ApiError(409, 'crawl_running');
      return publish(started);
    },

    /**
     * Asks for a check of the site's owner tag on its host's home page (owner-check.ts), done in
     * the background: the site says `checking`, then what was found. A check under way is not
     * asked for twice. Each costs one request of the institution's: counted with its website
     * changes (WEBSITE_CHANGES_PER_HOUR).
     */
    async checkOwner(institutionId: number, assistantId: number, id: number): Promise<Website> {
      const site = await repo.find(institutionId, assistantId, id);
      if (!site) throw notFound();
      if (site.ownerCheck === 'checking') return (await repo.withCounts([site]))[0]!;
      await takeLimits(deps, [websiteChangeLimit(institutionId)]);
      const now = clock.now();
      const asked = await deps.database.db.transaction(async (tx) => {
        const result = await websitesRepo(tx).askOwnerCheck(institutionId, assistantId, id, now);
        if (result?.asked) {
          await enqueue(tx, CHECK_WEBSITE_OWNER, { institutionId, websiteId: id }, now, { institutionId });
        }
        return result;
      });
      if (!asked) throw notFound();
      return publish(asked.row);
    },

    /** Removes sites with their pages, passages and jobs (all or nothing: an unknown id is a 404). */
    async remove(institutionId: number, assistantId: number, ids: number[]): Promise<WebsiteRow[]> {
      const rows = await deps.database.db.transaction(async (tx) => {
        const removed = await websitesRepo(tx).remove(institutionId, assistantId, ids);
        if (removed) await bumpKnowledgeVersion(tx, institutionId, assistantId);
        return removed;
      });
      if (!rows) throw notFound();
      // The last event of each: its pages went with it.
      for (const row of rows)
        publishWebsite(events, assistantId, toWebsite(row, { ready: 0, failed: 0 }), true);
      return rows;
    },

    /** A page of a site's pages; 404 when the site is not this assistant's. */
    async pages(institutionId: number, assistantId: number, id: number, page: number, perPage: number) {
      const site = await repo.find(institutionId, assistantId, id);
      if (!site) throw notFound();
      return repo.pages(id, page, perPage);
    },
  };
}
