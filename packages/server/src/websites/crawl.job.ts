/**
 * The `crawl_website` job: one step of a site's crawl (`crawl.service.ts`), which queues the next.
 * Idempotent, as the queue requires: a step run again visits only the pages its first run left.
 */
import type { JobHandler } from '../jobs/runner';
import { type CrawlDeps, createCrawler } from './crawl.service';
import { CHECK_WEBSITE_OWNER, CRAWL_WEBSITE } from './websites.repo';
import type { CrawlPayload } from './websites.service';

function target(payload: Record<string, unknown>): CrawlPayload {
  const institutionId = Number(payload.institutionId);
  const websiteId = Number(payload.websiteId);
  const generation = Number(payload.generation);
  if (![institutionId, websiteId, generation].every(Number.isInteger)) {
    throw new Error(`crawl_website: bad payload ${JSON.stringify(payload)}`);
  }
  return {
    institutionId,
    websiteId,
    generation,
    start: payload.start === true,
    scheduled: payload.scheduled === true,
  };
}

/** The site of a `check_website_owner` job. */
function site(payload: Record<string, unknown>) {
  const institutionId = Number(payload.institutionId);
  const websiteId = Number(payload.websiteId);
  if (![institutionId, websiteId].every(Number.isInteger)) {
    throw new Error(`${CHECK_WEBSITE_OWNER}: bad payload ${JSON.stringify(payload)}`);
  }
  return { institutionId, websiteId };
}

/**
 * The handlers of a process's website jobs, on one crawler (its budgets and its politeness per host
 * shared): `crawl_website` and `check_website_owner` (owner-check.ts).
 */
export function websiteJobs(deps: CrawlDeps): Record<string, JobHandler> {
  const crawler = createCrawler(deps);
  return {
    [CRAWL_WEBSITE]: {
      run: (payload, { signal }) => crawler.run(target(payload), signal),
      giveUp: (payload) => crawler.giveUp(target(payload)),
    },
    [CHECK_WEBSITE_OWNER]: {
      run: (payload) => crawler.owner.run(site(payload)),
      giveUp: (payload) => crawler.owner.giveUp(site(payload)),
    },
  };
}

/** The handler of `crawl_website` jobs alone (the crawl benchmark's). */
export const crawlWebsiteJob = (deps: CrawlDeps): JobHandler => websiteJobs(deps)[CRAWL_WEBSITE]!;
